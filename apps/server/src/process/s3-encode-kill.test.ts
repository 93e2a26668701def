import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
} from '@aws-sdk/client-s3';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../../../scripts/network-test-helpers.ts';
import { loadConfig } from '../config.ts';
import { locateMediaBinaries } from '../media-tools/binaries.ts';
import { probeVideo } from '../media-tools/probe.ts';
import {
  createUploadOver,
  newVideoOver,
  tusPatchHeaders,
} from '../modules/media/resumable-uploads.test-support.ts';
import { mediaKeys } from '../storage/media-storage.ts';
import { onlyRawKey } from '../test/stored-media.ts';
import { createS3Client } from '../storage/s3-client.ts';
import { abortStaleMultipartUploads } from '../storage/s3-multipart-sweep.ts';
import { workingCopySuffix } from '../storage/scratch-folder.ts';
import { clipsDir } from '../test/clips.ts';
import { createPostgresTestDatabase } from '../test/harness.ts';
import {
  adminAuth,
  builtEntry,
  serverRoot,
  usePlateauProcesses,
  waitFor,
} from '../test/plateau-process.ts';
import { startStoreProxy } from '../test/store-proxy.ts';
import { emptyTestPrefix, testMediaEnv, testMediaKind } from '../test/test-media.ts';
import { testTmpDir } from '../test/test-env.ts';

/**
 * A kill -9 of a server encoding in-process on MEDIA_STORAGE=s3, while it uploads the encode's
 * rendition to the bucket (a multipart upload, its second part held by a relay in front of the
 * store). Nothing of the killed attempt is half visible, the restarted server resumes the encode
 * and finishes it, the rendition plays whole, the killed process's working files are gone and
 * the sweep aborts the multipart upload it left in the store.
 */
const run = promisify(execFile);
const processes = usePlateauProcesses();
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const SECONDS = 190;

/**
 * A 426x240 source the encode copies as its only rung (H.264 at a constant 380 kbit/s, filler
 * included, keyframes every 2 s, no sound): ffmpeg only remuxes it, in a moment, yet the rung
 * (9 MB) is over the 8 MiB part size, so it is published as a multipart upload.
 */
const rungOverOnePart = async () => {
  const file = path.join(clipsDir, `encode-kill-240p-${SECONDS}s.mp4`);
  if (existsSync(file)) return file;
  await mkdir(clipsDir, { recursive: true });
  const partial = `${file}.${process.pid}.partial.mp4`;
  await run(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=426x240:rate=15:duration=${SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
    ...['-b:v', '380k', '-maxrate', '380k', '-bufsize', '760k', '-x264-params', 'nal-hrd=cbr'],
    ...['-g', '30', '-keyint_min', '30', '-sc_threshold', '0'],
    ...['-an', '-movflags', '+faststart', partial],
  ]);
  await rename(partial, file);
  return file;
};

/** Playable: ffprobe reads an H.264 video of the source's length, and ffmpeg decodes every frame. */
const playable = async (bytes: Buffer) => {
  const binaries = (await locateMediaBinaries({}))!;
  const file = path.join(testTmpDir, `encode-kill-${process.pid}-${Date.now()}.mp4`);
  await writeFile(file, bytes);
  try {
    const probe = await probeVideo(binaries.ffprobe, file);
    const decode = await run(binaries.ffmpeg, [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-xerror', '-i', file, '-f', 'null', '-'],
    ]);
    return {
      codec: probe?.videoCodec,
      seconds: Math.round(probe?.durationSeconds ?? 0),
      decodeErrors: decode.stderr,
    };
  } finally {
    await rm(file, { force: true });
  }
};

describe.skipIf(testMediaKind !== 's3')('a server killed while it uploads an encode', () => {
  it('shows nothing half-published, resumes the encode and leaves no debris', async () => {
    const store = inject('objectStore')!;
    const proxy = await startStoreProxy(store.endpoint);
    cleanups.push(() => proxy.close());
    const { env, api } = await processes.site('s3-encode-kill', {
      ...testMediaEnv(),
      // The server reaches the store through the relay; the test looks at the store directly.
      S3_ENDPOINT: proxy.endpoint,
    });
    const config = loadConfig({ ...env });
    if (config.mediaStorage.kind !== 's3') throw new Error('a bucket is expected here');
    const { s3 } = config.mediaStorage;
    const client = createS3Client({ ...s3, endpoint: store.endpoint });
    cleanups.push(() => client.destroy());
    cleanups.push(() => emptyTestPrefix(loadConfig({ ...env, S3_ENDPOINT: store.endpoint })));
    // The process's working files: the encode's outputs beside the local media, and the copies
    // of what it reads from the bucket.
    const workingFiles = async () => {
      const found: string[] = [];
      for (const folder of [config.scratchDir, path.join(config.mediaDir, '.tmp')])
        found.push(...(await readdir(folder).catch(() => [] as string[])));
      return found;
    };
    const multipartUploads = async () =>
      (await client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: s3.prefix })))
        .Uploads ?? [];

    let server = await processes.start(env);
    const auth = await adminAuth(api);
    const source = await readFile(await rungOverOnePart());
    const id = await newVideoOver(api, auth, 'Encodage coupé');
    const created = await createUploadOver(api, auth, { length: source.length, videoId: id });
    expect(created.status).toBe(201);
    const sent = await fetch(`${new URL(api).origin}${created.headers.get('location')}`, {
      method: 'PATCH',
      headers: tusPatchHeaders(auth, 0),
      body: source,
    });
    expect(sent.status).toBe(204);

    // The rendition's second part never reaches the store: the encode stops mid-upload.
    const rungKey = `${s3.prefix}videos/${id}/240.mp4`;
    const hold = proxy.holdRequests(
      new RegExp(`^PUT [^ ]*/videos/${id}/240\\.mp4\\?[^ ]*partNumber=2`, 'm'),
    );
    const video = async () =>
      (
        (await (await fetch(`${api}/videos/${id}`, { headers: auth })).json()) as {
          videos: { processing: number; rungs?: number[] }[];
        }
      ).videos[0]!;
    expect((await fetch(`${api}/encode/${id}`, { method: 'POST', headers: auth })).status).toBe(
      200,
    );
    await waitFor(
      'the rendition upload to be held',
      async () => hold.held(),
      (n) => n > 0,
      60_000,
    );
    // Its first part is in the store: the upload is half done when the process dies.
    const [killedUpload] = await waitFor(
      'the first part of the rendition in the store',
      async () => {
        const uploads = (await multipartUploads()).filter((upload) => upload.Key === rungKey);
        if (uploads.length !== 1) return [];
        const parts = await client.send(
          new ListPartsCommand({
            Bucket: s3.bucket,
            Key: rungKey,
            UploadId: uploads[0]!.UploadId,
          }),
        );
        return (parts.Parts ?? []).length === 1 ? uploads : [];
      },
      (uploads) => uploads.length === 1,
    );
    server.child.kill('SIGKILL');
    await server.exited;

    // In the store: the rendition is absent, not a part of it; its upload waits unfinished.
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${s3.prefix}videos/${id}/` }),
    );
    const keys = (listed.Contents ?? []).map((object) => object.Key!.slice(s3.prefix.length));
    const raw = onlyRawKey(keys, id);
    expect(keys).not.toContain(`videos/${id}/240.mp4`);
    expect((await multipartUploads()).map((upload) => upload.UploadId)).toEqual([
      killedUpload!.UploadId,
    ]);
    // The killed process left its working files: the encoded rung, the source's copy.
    const killedFiles = await workingFiles();
    expect(killedFiles.some((name) => name.includes(`.encode-${id}-`))).toBe(true);
    expect(killedFiles.some((name) => name.endsWith(workingCopySuffix(raw)))).toBe(true);

    // Restarted, the store still held: the encode resumes and stops at the same upload.
    server = await processes.start(env);
    await waitFor(
      'the resumed upload to be held',
      async () => hold.held(),
      (n) => n > 1,
      60_000,
    );
    // A person sees the video still being encoded, and no rendition to play.
    expect(await video()).toMatchObject({ processing: 2 });
    expect((await fetch(`${api}/media/video/${id}/240`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${api}/media/hls/${id}/master.m3u8`, { headers: auth })).status).toBe(404);
    // The resumed attempt removed what the killed one had left.
    expect((await workingFiles()).filter((name) => killedFiles.includes(name))).toEqual([]);

    hold.release();
    await waitFor(
      'the resumed encode to finish',
      async () => (await video()).processing,
      (processing) => processing === 3,
      60_000,
    );
    const rendition = await fetch(`${api}/media/video/${id}/240`, { headers: auth });
    expect(rendition.status).toBe(200);
    expect(await playable(Buffer.from(await rendition.arrayBuffer()))).toEqual({
      codec: 'h264',
      seconds: SECONDS,
      decodeErrors: '',
    });
    // The 404 asked above is this viewer's answer for MEDIA_ACCESS_TTL (5 s): then it plays.
    await waitFor(
      'the adaptive manifest',
      async () => (await fetch(`${api}/media/hls/${id}/master.m3u8`, { headers: auth })).status,
      (status) => status === 200,
      15_000,
    );
    // No working file stays once the encode is over.
    await waitFor('no working file', workingFiles, (names) => names.length === 0, 5_000);

    // The killed upload is still open (a live process aborts only its own): the sweep ends it.
    expect((await multipartUploads()).map((upload) => upload.UploadId)).toEqual([
      killedUpload!.UploadId,
    ]);
    const aborted = await abortStaleMultipartUploads(
      { client, bucket: s3.bucket, prefix: s3.prefix, keep: [`${s3.prefix}uploads/`] },
      new Date(),
    );
    expect(aborted).toBe(1);
    expect(await multipartUploads()).toEqual([]);

    server.child.kill('SIGTERM');
    await server.exited;
  }, 180_000);
});

// PostgreSQL: `npm run worker` needs it (TEST_DATABASE_URL, set by .ci/run).
describe.skipIf(testMediaKind !== 's3' || !process.env.TEST_DATABASE_URL)(
  'an encode worker on a machine of its own',
  () => {
    it('removes at start the working copy a killed worker left idle in its scratch folder', async () => {
      const database = await createPostgresTestDatabase({ empty: true });
      cleanups.push(database.drop);
      const { env } = await processes.site('s3-worker-sweep', {
        ...testMediaEnv(),
        DATABASE_URL: database.url,
        ENCODE_IN_PROCESS: 'false',
      });
      const config = loadConfig({ ...env });
      cleanups.push(() => emptyTestPrefix(config));
      // A copy of a source whose worker died two hours ago (a live one is touched every 10 min).
      await mkdir(config.scratchDir, { recursive: true });
      const left = path.join(config.scratchDir, `left${workingCopySuffix(mediaKeys.raw(7))}`);
      await writeFile(left, 'copie abandonnée');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      await utimes(left, twoHoursAgo, twoHoursAgo);

      const worker = spawn(process.execPath, builtEntry('worker'), {
        cwd: serverRoot,
        env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env, PORT: String(await freePort()) },
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      cleanups.push(() => worker.exitCode === null && worker.kill('SIGKILL'));
      await waitFor(
        'the abandoned copy to go',
        () => readdir(config.scratchDir),
        (names) => names.length === 0,
        60_000,
      );
      worker.kill('SIGTERM');
      await exited;
    }, 120_000);
  },
);
