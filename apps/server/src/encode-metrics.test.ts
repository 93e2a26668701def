import { copyFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { videos } from './db/schema.ts';
import { siteQueues } from './job-queues.ts';
import { createJobQueue } from './jobs/boss.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { locateMediaBinaries } from './media-tools/binaries.ts';
import { startEncodeWorker, type EncodeWorker } from './modules/encoding/encode-worker.ts';
import { bearer, METRICS_TOKEN, scrape, valueOf } from './modules/metrics/metrics.test-support.ts';
import { createPlateauMetrics } from './modules/metrics/plateau-metrics.ts';
import { mediaKeys } from './storage/media-storage.ts';
import { clipsDir, makeClip } from './test/clips.ts';
import { useTestApp } from './test/harness.ts';

/**
 * The encode queue and the encode worker as GET /metrics shows them, wired as main.ts wires
 * them: one registry for the app and its in-process worker. (Here, beside both modules: a
 * feature's tests import no other feature.)
 */
const metrics = createPlateauMetrics();
const ctx = useTestApp({ env: { METRICS_TOKEN }, extra: { extraDeps: { metrics } } });
const silent = { info: () => {}, warn: () => {}, error: () => {} };
let jobs: JobQueue;
let worker: EncodeWorker | undefined;

beforeAll(() => {
  jobs = createJobQueue(ctx.database, ctx.config, { supervise: true, queues: siteQueues });
});
afterAll(async () => {
  await worker?.stop();
  await jobs?.stop();
});

/** A video whose upload is in place, ready to be encoded. */
const seedUploadedVideo = async (): Promise<number> => {
  const [row] = await ctx.database.db
    .insert(videos)
    .values({ title: 'Concert', privacy: 1, processing: 1 })
    .returning({ id: videos.id });
  const temp = await ctx.storage.tempPath('.mp4');
  await copyFile(await makeClip(clipsDir, '360p'), temp);
  await ctx.storage.commit(temp, mediaKeys.raw(row!.id));
  return row!.id;
};

const encodeJobs = (text: string, state: string) => valueOf(text, 'plateau_encode_jobs', { state });

describe('encodes in GET /metrics', () => {
  it('show a queued encode as waiting, then its duration once the worker published it', async () => {
    const before = await scrape(ctx.app);
    expect(encodeJobs(before, 'waiting')).toBe(0);
    expect(valueOf(before, 'plateau_encode_duration_seconds_count', { outcome: 'published' })).toBe(
      undefined,
    );

    const member = await ctx.createUser('plateau');
    const id = await seedUploadedVideo();
    const queued = await ctx.app.inject({
      method: 'POST',
      url: `/api/encode/${id}`,
      headers: member.auth,
    });
    expect(queued.statusCode, queued.body).toBe(200);
    // No worker yet: the job waits.
    const waiting = await scrape(ctx.app);
    expect(encodeJobs(waiting, 'waiting')).toBe(1);
    expect(encodeJobs(waiting, 'active')).toBe(0);

    worker = await startEncodeWorker({
      database: ctx.database,
      storage: ctx.storage,
      config: ctx.config,
      binaries: (await locateMediaBinaries({}))!,
      jobs,
      log: silent,
      onEncodeEnd: metrics.observeEncode,
    });
    await vi.waitFor(
      async () => {
        const text = await scrape(ctx.app, bearer);
        expect(
          valueOf(text, 'plateau_encode_duration_seconds_count', { outcome: 'published' }),
        ).toBe(1);
        expect(encodeJobs(text, 'waiting')).toBe(0);
        expect(encodeJobs(text, 'active')).toBe(0);
      },
      { timeout: 90_000, interval: 250 },
    );
    const done = await scrape(ctx.app);
    const seconds = valueOf(done, 'plateau_encode_duration_seconds_sum', { outcome: 'published' })!;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(90);
    expect(encodeJobs(done, 'failed')).toBe(0);
  });
});
