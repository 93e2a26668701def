import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runNginx, type RunningNginx } from '../../../../bench/media/nginx.ts';
import { freePort, sleep } from '../../../../scripts/network-test-helpers.ts';
import {
  createUploadOver,
  newVideoOver,
  resumedAcross,
  TUS,
  tusPatchHeaders,
  uploadAcrossInstances,
} from '../modules/media/resumable-uploads.test-support.ts';
import { clipsDir, makeClip } from '../test/clips.ts';
import { testDatabaseKind } from '../test/harness.ts';
import {
  adminAuth,
  builtEntry,
  firstRangeOver,
  serverRoot,
  usePlateauProcesses,
  waitFor,
} from '../test/plateau-process.ts';

/**
 * docs/operations.md's "Several instances" topology on loopback: Debian's nginx with its own
 * configuration in front of two servers, one encode worker, one PostgreSQL database and one
 * DATA_DIR. A person signs in, uploads through one instance, the worker encodes, the video is
 * watched through the other; one instance stops while requests flow and none is lost.
 */
const operations = readFileSync(path.resolve(serverRoot, '../../docs/operations.md'), 'utf8');
const processes = usePlateauProcesses();
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The documented configuration for two instances, on this test's ports, in a full nginx.conf. */
const nginxConf = (dir: string, listen: number, upstreams: [string, string]) => {
  const section = operations.slice(operations.indexOf('## Several instances'));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)![1]!;
  const http = block
    .replace('server 127.0.0.1:8080;', `server 127.0.0.1:${upstreams[0]};`)
    .replace('server 127.0.0.1:8081;', `server 127.0.0.1:${upstreams[1]};`)
    .replace('listen 80;', `listen 127.0.0.1:${listen};`);
  expect(http).toContain(`127.0.0.1:${upstreams[1]}`);
  expect(http).toContain(`listen 127.0.0.1:${listen};`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `${kind}_temp_path ${dir}/${kind};`,
  );
  return `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents {}\nhttp {\n  access_log off;\n  ${temp.join('\n  ')}\n${http}}\n`;
};

const json = async <T>(answer: Response): Promise<T> => {
  if (!answer.ok) throw new Error(`${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
};

/** A tus PATCH whose body trickles in over about `seconds`: an upload still in flight. */
const slowPatch = (url: string, headers: Record<string, string>, bytes: Buffer, seconds: number) =>
  new Promise<number>((resolve, reject) => {
    const req = request(url, {
      method: 'PATCH',
      headers: { ...headers, 'content-length': String(bytes.length) },
    });
    req.once('response', (answer) => {
      answer.resume();
      resolve(answer.statusCode!);
    });
    req.once('error', reject);
    void (async () => {
      const pieces = 20;
      const size = Math.ceil(bytes.length / pieces);
      for (let at = 0; at < bytes.length; at += size) {
        req.write(bytes.subarray(at, at + size));
        await sleep((seconds * 1000) / pieces);
      }
      req.end();
    })();
  });

describe.skipIf(testDatabaseKind !== 'postgres')('two instances and a worker behind nginx', () => {
  it('serve one site: sign-in, upload, encode, watch, a stop that loses nothing', async () => {
    const { env: first } = await processes.site('instances', {
      ENCODE_IN_PROCESS: 'false',
      TRUST_PROXY: 'true',
      LOGIN_RATE_LIMIT: '4',
      SHUTDOWN_GRACE: '15',
    });
    const second = { ...first, PORT: String(await freePort()) };
    // Both start at once on the empty database: one migrates, the other waits for it.
    const [one] = await Promise.all([processes.start(first), processes.start(second)]);
    const worker = spawn(process.execPath, builtEntry('worker'), {
      cwd: serverRoot,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...first },
      stdio: 'ignore',
    });
    cleanups.push(() => worker.exitCode === null && worker.kill('SIGKILL'));

    const nginxDir = mkdtempSync(path.join(os.tmpdir(), 'plateau-nginx-'));
    // nginx's workers run as nobody when the tests run as root: they must reach their folders.
    chmodSync(nginxDir, 0o755);
    cleanups.push(() => rmSync(nginxDir, { recursive: true, force: true }));
    const nginxPort = await freePort();
    const nginx: RunningNginx = await runNginx(
      nginxDir,
      nginxConf(nginxDir, nginxPort, [first.PORT!, second.PORT!]),
    );
    cleanups.push(() => nginx.stop());
    const site = `http://127.0.0.1:${nginxPort}/api`;
    const direct = [`http://127.0.0.1:${first.PORT}/api`, `http://127.0.0.1:${second.PORT}/api`];

    // Sign-in through nginx; the token works on either instance.
    const auth = await adminAuth(site);
    for (const api of direct)
      expect((await fetch(`${api}/users`, { headers: auth })).status).toBe(200);

    // Upload: created and half sent on the first instance, finished on the second.
    const source = await readFile(await makeClip(clipsDir, '360p'));
    const newVideo = (title: string) => newVideoOver(site, auth, title);
    const createUpload = async (api: string, videoId: number) => {
      const created = await createUploadOver(api, auth, { length: source.length, videoId });
      expect(created.status).toBe(201);
      return created.headers.get('location')!.split('/').pop()!;
    };
    const patchHeaders = (offset: number) => tusPatchHeaders(auth, offset);
    const id = await newVideo('Soirée à deux serveurs');
    const across = await uploadAcrossInstances([direct[0]!, direct[1]!], auth, {
      source,
      videoId: id,
    });
    expect(across).toEqual(resumedAcross(source));

    // Encoded by the worker, asked through nginx, followed on either instance.
    expect((await fetch(`${site}/encode/${id}`, { method: 'POST', headers: auth })).status).toBe(
      200,
    );
    type Listed = { videos: { processing: number }[] };
    await waitFor(
      'the worker to encode the video',
      async () =>
        (await json<Listed>(await fetch(`${direct[1]}/videos/${id}`, { headers: auth }))).videos[0]!
          .processing,
      (processing) => processing === 3,
      120_000,
    );

    // Watched through the other instance, and through nginx: the same bytes.
    const range = (api: string) => firstRangeOver(api, auth, id);
    const watched = await range(direct[1]!);
    expect(watched.length).toBe(65536);
    expect((await range(direct[0]!)).equals(watched)).toBe(true);
    expect((await range(site)).equals(watched)).toBe(true);

    // The first instance stops while an upload streams into it and requests keep coming.
    const late = await newVideo('Envoyée pendant l’arrêt');
    const lateUpload = await createUpload(direct[0]!, late);
    const inFlight = slowPatch(`${direct[0]}/uploads/${lateUpload}`, patchHeaders(0), source, 3);
    const statuses: string[] = [];
    let flowing = true;
    const flow = async (call: () => Promise<Response>) => {
      while (flowing) {
        const answer = await call().catch((error: Error) => ({ status: error.message }));
        statuses.push(String(answer.status));
      }
    };
    const traffic = [
      flow(() => fetch(`${site}/videos?page=1&page_size=8`, { headers: auth })),
      flow(() => fetch(`${site}/videos/${id}`, { headers: auth })),
      flow(() =>
        fetch(`${site}/playlists`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Pendant l’arrêt' }),
        }),
      ),
    ];
    await sleep(500);
    one.child.kill('SIGTERM');
    expect(await inFlight).toBe(204);
    await one.exited;
    await sleep(1000);
    flowing = false;
    await Promise.all(traffic);
    const failed = statuses.filter((status) => !/^20[01]$/.test(status));
    expect(statuses.length).toBeGreaterThan(30);
    expect(failed).toEqual([]);
    const lateHead = await fetch(`${direct[1]}/uploads/${lateUpload}`, {
      method: 'HEAD',
      headers: { ...TUS, ...auth },
    });
    expect(lateHead.headers.get('upload-offset')).toBe(String(source.length));

    // The sign-in limit counts every attempt through nginx, whichever instance took it, forged
    // addresses included: with the admin's sign-in above, the fourth in the minute is the last.
    const attempts: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await fetch(`${site}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.2.${attempt}` },
        body: JSON.stringify({ username: 'regie', password: 'essai-rate' }),
      });
      attempts.push(answer.status);
    }
    expect(attempts).toEqual([401, 401, 401, 429]);
  }, 300_000);
});
