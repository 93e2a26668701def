import { createHash, randomBytes } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, sleep } from '../../../../../scripts/network-test-helpers.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { testDatabaseKind } from '../../test/harness.ts';
import { adminAuth, usePlateauProcesses, waitFor } from '../../test/plateau-process.ts';
import {
  createUploadOver,
  newVideoOver,
  TUS,
  tusPatchHeaders,
} from './resumable-uploads.test-support.ts';
import { localKeys, onlyRawKey } from '../../test/stored-media.ts';

/**
 * Two Plateau processes serving one site (one database, one DATA_DIR), as behind nginx: a
 * client whose connection to one is cut resumes through the other while its first PATCH is
 * still open there. The upload's lock is shared through PostgreSQL, so the second instance
 * stops the first's PATCH before it reads the offset and writes.
 */
const processes = usePlateauProcesses();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A PATCH announcing `bytes` whole but sending only its first `sent` bytes, then holding the
 * request open, as a client whose link has gone silent; its answer, if the server gives one.
 */
const stalledPatch = (
  url: string,
  headers: Record<string, string>,
  bytes: Buffer,
  sent: number,
) => {
  const req = request(url, {
    method: 'PATCH',
    headers: { ...headers, 'content-length': String(bytes.length) },
  });
  req.on('error', () => undefined);
  const answer = new Promise<IncomingMessage>((resolve) => req.once('response', resolve));
  void (async () => {
    for (let at = 0; at < sent && !req.destroyed; at += 256 * 1024) {
      const chunk = bytes.subarray(at, Math.min(at + 256 * 1024, sent));
      if (!req.write(chunk)) await new Promise((resolve) => req.once('drain', resolve));
      await sleep(5);
    }
  })();
  return { answer, stop: () => req.destroy() };
};

describe.skipIf(testDatabaseKind !== 'postgres')(
  'a resumable upload resumed on another instance (PostgreSQL only: one process on PGlite)',
  () => {
    it('stops the first instance’s PATCH, resumes at its offset, and attaches the file once', async () => {
      // A real clip then random bytes: a few MB, still a readable MP4.
      const source = Buffer.concat([
        await readFile(await makeClip(clipsDir, '360p')),
        randomBytes(4 * 1024 * 1024),
      ]);
      const { env, dataDir, api: apiA } = await processes.site('uploads-instances');
      // The same site: same database, DATA_DIR and JWT secret; only the port differs.
      const portB = await freePort();
      const apiB = `http://127.0.0.1:${portB}/api`;
      const [serverA, serverB] = [
        await processes.start(env),
        await processes.start({ ...env, PORT: String(portB) }),
      ];
      const auth = await adminAuth(apiA);
      const video = { id: await newVideoOver(apiA, auth, 'Soirée sur deux serveurs') };

      const created = await createUploadOver(apiA, auth, {
        length: source.length,
        videoId: video.id,
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      const on = (api: string) => `${new URL(api).origin}${location}`;
      const patchHeaders = (offset: number) => tusPatchHeaders(auth, offset);

      // Half the file reaches A's disk; A's PATCH stays open, waiting for the rest.
      const half = Math.floor(source.length / 2);
      const first = stalledPatch(on(apiA), patchHeaders(0), source, half);
      const id = location.split('/').pop()!;
      const onDisk = path.join(dataDir, 'media', '.uploads', id);
      await waitFor(
        'half the file on disk',
        () => stat(onDisk).then((info) => info.size),
        (size) => size === half,
      );

      // The client resumes through B: B's HEAD waits for the lock, which A gives up by ending
      // its PATCH with the offset it wrote (a per-process lock would let B read mid-write).
      const head = await fetch(on(apiB), { method: 'HEAD', headers: { ...TUS, ...auth } });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(half));
      // Without a shared lock A's PATCH would wait for the rest of its body until the socket's
      // idle timeout: a bound, to fail with a message rather than at the test's timeout.
      const answeredA = await Promise.race([
        first.answer,
        sleep(30_000).then(() => {
          throw new Error('A’s PATCH was not stopped: B did not take the lock from it');
        }),
      ]);
      expect(answeredA.statusCode).toBe(204);
      expect(answeredA.headers['upload-offset']).toBe(String(half));
      first.stop();

      const rest = await fetch(on(apiB), {
        method: 'PATCH',
        headers: patchHeaders(half),
        body: source.subarray(half),
      });
      expect(rest.status).toBe(204);
      expect(rest.headers.get('upload-offset')).toBe(String(source.length));

      const media = path.join(dataDir, 'media');
      const stored = path.join(media, onlyRawKey(await localKeys(media), video.id));
      expect(sha256(await readFile(stored))).toBe(sha256(source));
      for (const api of [apiA, apiB]) {
        const seen = (await (
          await fetch(`${api}/videos/${video.id}`, { headers: auth })
        ).json()) as {
          videos: { processing: number }[];
        };
        expect(seen.videos.map((v) => v.processing)).toEqual([1]);
        // Attached once: both instances answer it complete, and refuse more bytes.
        const after = await fetch(on(api), { method: 'HEAD', headers: { ...TUS, ...auth } });
        expect(after.headers.get('upload-offset')).toBe(String(source.length));
        const again = await fetch(on(api), {
          method: 'PATCH',
          headers: patchHeaders(source.length),
          body: Buffer.alloc(0),
        });
        expect(again.status).toBe(409);
      }
      const left = (await readdir(path.join(dataDir, 'media', '.uploads'))).filter((name) =>
        name.startsWith(id),
      );
      expect(left.sort()).toEqual([`${id}.finished`, `${id}.json`]);

      for (const server of [serverA, serverB]) server.child.kill('SIGTERM');
      await Promise.all([serverA.exited, serverB.exited]);
    }, 180_000);
  },
);
