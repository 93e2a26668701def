import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sleep } from '../../../../../scripts/network-test-helpers.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { adminAuth, usePlateauProcesses, waitFor } from '../../test/plateau-process.ts';
import {
  createUploadOver,
  newVideoOver,
  TUS,
  tusPatchHeaders,
} from './resumable-uploads.test-support.ts';
import { localKeys, onlyRawKey } from '../../test/stored-media.ts';

/**
 * A kill -9 of the server in the middle of a resumable upload: after the restart the upload
 * resumes from the last byte written to disk, and the stored file is the source, byte for byte.
 */
const processes = usePlateauProcesses();
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** A PATCH that writes `bytes` slowly, counting what left the client, until `stop` says so. */
const slowPatch = (url: string, headers: Record<string, string>, bytes: Buffer) => {
  let written = 0;
  const req = request(url, {
    method: 'PATCH',
    headers: { ...headers, 'content-length': String(bytes.length) },
  });
  req.on('error', () => undefined);
  const pump = async () => {
    for (let at = 0; at < bytes.length && !req.destroyed; at += 256 * 1024) {
      const chunk = bytes.subarray(at, at + 256 * 1024);
      if (!req.write(chunk)) await new Promise((resolve) => req.once('drain', resolve));
      written += chunk.length;
      await sleep(10);
    }
  };
  void pump();
  return { written: () => written, stop: () => req.destroy() };
};

describe('a server killed during a resumable upload', () => {
  it('resumes from the last byte on disk, sends nothing twice, and stores the source intact', async () => {
    // A real clip then 36 MiB more: big enough to be cut in the middle.
    const source = Buffer.concat([
      await readFile(await makeClip(clipsDir, '360p')),
      randomBytes(36 * 1024 * 1024),
    ]);
    const { env, dataDir, api } = await processes.site('uploads-crash');
    let server = await processes.start(env);
    const auth = await adminAuth(api);
    const video = { id: await newVideoOver(api, auth, 'Soirée coupée') };

    const created = await createUploadOver(api, auth, { length: source.length, videoId: video.id });
    expect(created.status).toBe(201);
    const url = `${new URL(api).origin}${created.headers.get('location')}`;
    const patchHeaders = (offset: number) => tusPatchHeaders(auth, offset);
    const offset = async () =>
      Number(
        (await fetch(url, { method: 'HEAD', headers: { ...TUS, ...auth } })).headers.get(
          'upload-offset',
        ),
      );

    // A first piece, acknowledged.
    const firstPiece = 8 * 1024 * 1024;
    const first = await fetch(url, {
      method: 'PATCH',
      headers: patchHeaders(0),
      body: source.subarray(0, firstPiece),
    });
    expect(first.status).toBe(204);

    // A second one, cut by the kill while it streams.
    const cut = slowPatch(url, patchHeaders(firstPiece), source.subarray(firstPiece));
    // Watched on disk: a HEAD would take the upload's lock and stop the PATCH (tus's rule).
    const onDisk = path.join(dataDir, 'media', '.uploads', url.split('/').pop()!);
    const size = () => stat(onDisk).then((info) => info.size);
    await waitFor('half the file on the server', size, (at) => at > source.length / 2, 60_000);
    server.child.kill('SIGKILL');
    await server.exited;
    const sentBeforeKill = firstPiece + cut.written();
    cut.stop();

    server = await processes.start(env);
    const resumeAt = await offset();
    expect(resumeAt).toBeGreaterThan(source.length / 2);
    expect(resumeAt).toBeLessThanOrEqual(sentBeforeKill);
    const rest = await fetch(url, {
      method: 'PATCH',
      headers: patchHeaders(resumeAt),
      body: source.subarray(resumeAt),
    });
    expect(rest.status).toBe(204);

    const sentInAll = sentBeforeKill + (source.length - resumeAt);
    // Only what was still in flight at the kill (socket buffers) went twice.
    expect(sentInAll - source.length).toBeLessThan(8 * 1024 * 1024);
    const media = path.join(dataDir, 'media');
    const stored = path.join(media, onlyRawKey(await localKeys(media), video.id));
    expect(md5(await readFile(stored))).toBe(md5(source));
    server.child.kill('SIGTERM');
    await server.exited;
  }, 180_000);
});
