import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LiveStatus } from '@plateau/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, testDatabaseKind } from '../../test/harness.ts';
import { testTmpDir } from '../../test/test-env.ts';
import { createLocalStorage, mediaKeys } from '../../storage/media-storage.ts';
import { sleep } from '../../../../../scripts/network-test-helpers.ts';
import { durationOf, freePort, makeEncoderStream, publish, waitFor } from './live.test-support.ts';

/**
 * A kill -9 of the server in the middle of a live: what was received is on disk, the live
 * resumes when the encoder reconnects after the restart, and the REDIFF holds both parts.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const started = new Set<ChildProcess>();
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

const startServer = (env: Record<string, string>) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.resume();
  started.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited };
};

describe('a server killed during a live', () => {
  it('keeps what it received, resumes with the encoder, and the REDIFF has every part', async () => {
    const [port, rtmpPort] = [await freePort(), await freePort()];
    const dataDir = mkdtempSync(path.join(testTmpDir, 'live-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      RTMP_PORT: String(rtmpPort),
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: 'regie',
      ADMIN_PASSWORD: 'mot-de-passe-regie',
      LIVE_LADDER: '',
      LIVE_RECONNECT_GRACE: '60',
    };
    if (testDatabaseKind === 'postgres') {
      const database = await createPostgresTestDatabase();
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    const before = await makeEncoderStream('crash-before', { seconds: 20 });
    const after = await makeEncoderStream('crash-after', { seconds: 6 });
    const api = `http://127.0.0.1:${port}/api`;
    const up = async () => {
      const server = startServer(env);
      await waitFor(
        'the server',
        () =>
          fetch(`${api}/health`).then(
            (r) => r.status,
            () => 0,
          ),
        (status) => status === 200,
        60_000,
      );
      return server;
    };

    let server = await up();
    const { accessToken } = await (
      await fetch(`${api}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'regie', password: 'mot-de-passe-regie' }),
      })
    ).json();
    const auth = { authorization: `Bearer ${accessToken}` };
    const send = (method: string, url: string, body?: object) =>
      fetch(`${api}${url}`, {
        method,
        headers: { ...auth, ...(body && { 'content-type': 'application/json' }) },
        body: body && JSON.stringify(body),
      }).then((r) => r.json());
    const direct = await send('POST', '/directs', { title: 'Nuit du court', privacy: 0 });
    const { streamKey } = await send('PUT', `/directs/${direct.id}/broadcast`, { enabled: true });
    const status = () => send('GET', `/directs/${direct.id}/live`) as Promise<LiveStatus>;

    const first = publish(before, rtmpPort, streamKey);
    await waitFor('the live', status, (s) => s.state === 'live');
    const liveSince = Date.now();
    await sleep(6000);
    server.child.kill('SIGKILL');
    const received = (Date.now() - liveSince) / 1000;
    await server.exited;
    await first.exited;

    // On disk, before anything restarts: the part holds what was sent up to the kill.
    const storage = createLocalStorage(path.join(dataDir, 'media'));
    const part1 = storage.localPath(mediaKeys.livePart(direct.id, 1, 1));
    const kept = await durationOf(part1);
    expect(kept).toBeGreaterThan(received - 2);

    server = await up();
    expect((await status()).state).toBe('reconnecting');
    const second = publish(after, rtmpPort, streamKey);
    await waitFor('the resumed live', status, (s) => s.state === 'live');
    await second.exited;
    expect((await send('POST', `/directs/${direct.id}/live/end`)).state).toBe('ended');
    const ended = await waitFor(
      'the REDIFF',
      status,
      (s) => s.state === 'ended' && s.rediffVideoId !== null,
      30_000,
    );
    const rediff = await durationOf(storage.localPath(mediaKeys.raw(ended.rediffVideoId!)));
    expect(rediff).toBeGreaterThan(kept + 6 - 1);
    expect(rediff).toBeLessThan(kept + 6 + 1);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 180_000);
});
