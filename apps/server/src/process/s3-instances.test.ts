import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/network-test-helpers.ts';
import { loadConfig } from '../config.ts';
import {
  newVideoOver,
  resumedAcross,
  uploadAcrossInstances,
} from '../modules/media/resumable-uploads.test-support.ts';
import { clipsDir, makeClip } from '../test/clips.ts';
import { createPostgresTestDatabase } from '../test/harness.ts';
import {
  adminAuth,
  builtEntry,
  firstRangeOver,
  serverRoot,
  usePlateauProcesses,
  waitFor,
} from '../test/plateau-process.ts';
import { emptyTestPrefix, testMediaEnv, testMediaKind } from '../test/test-media.ts';

/**
 * Several machines without any shared directory: two servers and an encode worker, each with a
 * DATA_DIR of its own, one PostgreSQL database and one bucket (OpenStack Swift). An upload cut
 * on one server resumes on the other, the worker encodes from the bucket, and both servers play
 * the same bytes; no machine keeps a medium on its disk.
 */
const processes = usePlateauProcesses();
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Every file under a DATA_DIR's media and scratch folders (the embedded database aside). */
const localMedia = async (dataDir: string) => {
  const found: string[] = [];
  for (const folder of ['media', 'scratch']) {
    const entries = await readdir(path.join(dataDir, folder), {
      recursive: true,
      withFileTypes: true,
    }).catch(() => []);
    for (const entry of entries)
      if (entry.isFile()) found.push(path.join(entry.parentPath, entry.name));
  }
  return found;
};

// PostgreSQL: several processes share the database (TEST_DATABASE_URL, set by .ci/run).
describe.skipIf(testMediaKind !== 's3' || !process.env.TEST_DATABASE_URL)(
  'two servers and a worker sharing only a database and a bucket',
  () => {
    it('resume an upload across servers, encode from the bucket and serve the same bytes', async () => {
      const database = await createPostgresTestDatabase({ empty: true });
      cleanups.push(database.drop);
      const bucket = testMediaEnv();
      const shared = { DATABASE_URL: database.url, ENCODE_IN_PROCESS: 'false', ...bucket };
      const sites = await Promise.all([
        processes.site('s3-one', shared),
        processes.site('s3-two', shared),
        processes.site('s3-worker', shared),
      ]);
      const [one, two, workerSite] = sites;
      // One site: one signing secret, whatever machine answers.
      for (const site of [two!, workerSite!]) site.env.JWT_SECRET = one!.env.JWT_SECRET!;
      cleanups.push(() => emptyTestPrefix(loadConfig({ ...one!.env })));
      await Promise.all([processes.start(one!.env), processes.start(two!.env)]);
      const worker = spawn(process.execPath, builtEntry('worker'), {
        cwd: serverRoot,
        env: {
          PATH: process.env.PATH,
          LOG_LEVEL: 'warn',
          ...workerSite!.env,
          PORT: String(await freePort()),
        },
        stdio: 'ignore',
      });
      cleanups.push(() => worker.exitCode === null && worker.kill('SIGKILL'));
      const [first, second] = [one!.api, two!.api];
      const auth = await adminAuth(first);

      // Created and half sent through the first server, finished through the second.
      const source = await readFile(await makeClip(clipsDir, '360p'));
      const id = await newVideoOver(first, auth, 'Sans disque partagé');
      const across = await uploadAcrossInstances([first, second], auth, { source, videoId: id });
      expect(across).toEqual(resumedAcross(source));

      // The raw upload is whole in the bucket: both servers give back the sent bytes.
      for (const api of [first, second]) {
        const raw = await fetch(`${api}/media/video/${id}/0`, { headers: auth });
        expect(raw.status).toBe(200);
        expect(Buffer.from(await raw.arrayBuffer()).equals(source)).toBe(true);
      }

      expect(
        (await fetch(`${second}/encode/${id}`, { method: 'POST', headers: auth })).status,
      ).toBe(200);
      await waitFor(
        'the worker to encode the video from the bucket',
        async () =>
          (
            (await (await fetch(`${first}/videos/${id}`, { headers: auth })).json()) as {
              videos: { processing: number }[];
            }
          ).videos[0]!.processing,
        (processing) => processing === 3,
        120_000,
      );
      const range = (api: string) => firstRangeOver(api, auth, id);
      const watched = await range(first);
      expect(watched.length).toBe(65536);
      expect((await range(second)).equals(watched)).toBe(true);

      // No machine kept a medium, an upload's part or a working copy on its disk.
      for (const site of sites) expect(await localMedia(site!.dataDir)).toEqual([]);
    }, 240_000);
  },
);
