import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TrimStatus } from '@plateau/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteQueues } from './job-queues.ts';
import { createJobQueue } from './jobs/boss.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { locateMediaBinaries, type MediaBinaries } from './media-tools/binaries.ts';
import { startEncodeWorker, type EncodeWorker } from './modules/encoding/encode-worker.ts';
import { seedVideo, waitForVideo } from './modules/encoding/encoding.test-helpers.ts';
import { cutAtEncode } from './modules/media/trim-worker.ts';
import { servedRung } from './modules/media/trims.test-helpers.ts';
import { createWorkerDiskGuard } from './storage/free-space.ts';
import { numberedCardInputs, readFrameNumbers } from './test/av-sync.ts';
import { useTestApp, type TestUser } from './test/harness.ts';
import { testTmpDir } from './test/test-env.ts';

/**
 * « Montage » of a video still in /pending (a REDIFF): the ranges wait for its encode, which
 * cuts its fresh renditions before the video is published, so nobody sees it uncut.
 */
const ctx = useTestApp({ env: { MEDIA_ACCESS_TTL: '0' } });
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let binaries: MediaBinaries;
let jobs: JobQueue;
let worker: EncodeWorker;
let member: TestUser;
let original: string;

beforeAll(async () => {
  binaries = (await locateMediaBinaries({}))!;
  jobs = createJobQueue(ctx.database, ctx.config, { supervise: true, queues: siteQueues });
  const cutting = {
    database: ctx.database,
    storage: ctx.storage,
    binaries,
    disk: createWorkerDiskGuard(ctx.config, ctx.storage),
    undoDays: 7,
    log: quiet,
  };
  worker = await startEncodeWorker({
    ...{ database: ctx.database, storage: ctx.storage, config: ctx.config, binaries, jobs },
    log: quiet,
    cutBeforePublishing: cutAtEncode(cutting),
  });
  member = await ctx.createUser('plateau');
  // 12 s of the numbered card as a camera file: no B-frames, its first picture at 0.
  original = path.join(testTmpDir, `original-${process.pid}.mp4`);
  await promisify(execFile)(binaries.ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...numberedCardInputs({ width: 854, height: 480, fps: 25, sampleRate: 48_000, seconds: 12 }),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-movflags', '+faststart', original],
  ]);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await jobs?.stop();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/${url}`, headers: member.auth, ...(payload && { payload }) });
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('« Montage » of a video not encoded yet', () => {
  it('is made by its encode before it is published, on the frames chosen in the original', async () => {
    const id = await seedVideo(ctx.database, ctx.storage, original);
    // 2 s to 8 s of the original, as its preview showed them: frames 50 to 199.
    const asked = await call('POST', `videos/${id}/trim`, { keep: [{ start: 2, end: 8 }] });
    expect(asked.statusCode).toBe(202);
    expect(asked.json<TrimStatus>()).toMatchObject({ state: 'awaiting', undoUntil: null });
    const listed = (await call('GET', 'videos/trims')).json().cuts;
    expect(listed).toContainEqual(expect.objectContaining({ videoId: id, state: 'awaiting' }));

    expect((await call('POST', `encode/${id}`)).statusCode).toBe(200);
    const encoded = await waitForVideo(
      ctx.database,
      id,
      (state) => state.processing === 3,
      120_000,
    );
    expect(encoded.rungs).toEqual([480, 240]);
    const done = (await call('GET', `videos/${id}/trim`)).json<TrimStatus>();
    expect(done.state).toBe('done');
    expect(done.undoUntil).not.toBeNull();
    for (const rung of encoded.rungs) {
      const file = await servedRung(ctx, member.auth, id, rung);
      expect(await readFrameNumbers(file)).toEqual(range(50, 200));
    }
    // Undone: the whole encode, as it was before the cut.
    expect((await call('POST', `videos/${id}/trim/undo`)).statusCode).toBe(200);
    expect(await readFrameNumbers(await servedRung(ctx, member.auth, id, 240))).toHaveLength(300);
  }, 180_000);

  it('is dropped before the encode by « Annuler », and then the encode keeps the whole video', async () => {
    const id = await seedVideo(ctx.database, ctx.storage, original);
    await call('POST', `videos/${id}/trim`, { keep: [{ start: 1, end: 4 }] });
    const dropped = await call('POST', `videos/${id}/trim/undo`);
    expect(dropped.json<TrimStatus>()).toMatchObject({ state: 'none' });
    await call('POST', `encode/${id}`);
    await waitForVideo(ctx.database, id, (state) => state.processing === 3, 120_000);
    expect(await readFrameNumbers(await servedRung(ctx, member.auth, id, 240))).toHaveLength(300);
  }, 180_000);
});
