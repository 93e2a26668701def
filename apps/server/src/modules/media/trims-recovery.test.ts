import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TrimStatus } from '@plateau/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { videos, videoTrims } from '../../db/schema.ts';
import { siteQueues } from '../../job-queues.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { createJobLiveness, type JobLiveness } from '../../jobs/liveness.ts';
import { locateMediaBinaries, type MediaBinaries } from '../../media-tools/binaries.ts';
import { createWorkerDiskGuard, type DiskGuard } from '../../storage/free-space.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { readFrameNumbers } from '../../test/av-sync.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { startTrimWorker, type TrimWorker } from './trim-worker.ts';
import { seedCardVideo, servedRung } from './trims.test-helpers.ts';

const ctx = useTestApp({ env: { MEDIA_ACCESS_TTL: '0' } });
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let binaries: MediaBinaries;
let jobs: JobQueue;
let liveness: JobLiveness;
let member: TestUser;

beforeAll(async () => {
  binaries = (await locateMediaBinaries({}))!;
  jobs = createJobQueue(ctx.database, ctx.config, { supervise: true, queues: siteQueues });
  liveness = await createJobLiveness(ctx.database);
  member = await ctx.createUser('plateau');
});
afterAll(async () => {
  await liveness?.close();
  await jobs?.stop();
});

const startWorker = (disk?: Pick<DiskGuard, 'check'>): Promise<TrimWorker> =>
  startTrimWorker({
    database: ctx.database,
    storage: ctx.storage,
    binaries,
    jobs,
    liveness,
    disk: disk ?? createWorkerDiskGuard(ctx.config, ctx.storage),
    undoDays: 7,
    log: quiet,
  });

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/${url}`, headers: member.auth, ...(payload && { payload }) });
const status = async (id: number) => (await call('GET', `videos/${id}/trim`)).json<TrimStatus>();
const until = (id: number, state: TrimStatus['state'], timeout = 90_000) =>
  vi.waitFor(
    async () => {
      const now = await status(id);
      expect(now.state).toBe(state);
      return now;
    },
    { timeout, interval: 200 },
  );
const mediaVersion = async (id: number) =>
  (
    await ctx.database.db
      .select({ version: videos.mediaVersion })
      .from(videos)
      .where(eq(videos.id, id))
  )[0]!.version;
const scratch = async () =>
  (await readdir(path.dirname(await ctx.storage.tempPath()))).filter((name) =>
    name.includes('.trim-'),
  );

describe('a cut that cannot finish', () => {
  it('stopped mid-way (a restart), is made again from the start by the next worker', async () => {
    const id = await seedCardVideo(ctx);
    const first = await startWorker();
    expect(
      (await call('POST', `videos/${id}/trim`, { keep: [{ start: 2, end: 12 }] })).statusCode,
    ).toBe(202);
    // Stopped as soon as it runs: its files are half made, nothing is switched.
    await until(id, 'running', 30_000);
    await first.stop();
    expect(await mediaVersion(id)).toBe(0);
    expect((await status(id)).state).toBe('running');

    const second = await startWorker();
    try {
      await until(id, 'done');
    } finally {
      await second.stop();
    }
    expect(await mediaVersion(id)).not.toBe(0);
    expect(await readFrameNumbers(await servedRung(ctx, member.auth, id, 240))).toHaveLength(250);
    expect(await scratch()).toEqual([]);
  }, 180_000);

  it('left with no job behind it (its worker died past its retries), fails with a French reason', async () => {
    const id = await seedCardVideo(ctx);
    await ctx.database.db.insert(videoTrims).values({
      videoId: id,
      keepMs: [[1000, 5000]],
      state: 'running',
      progress: 40,
      fromVersion: 0,
      toVersion: 77,
    });
    const worker = await startWorker();
    await worker.stop();
    expect(await status(id)).toMatchObject({
      state: 'failed',
      error: 'Le montage a été interrompu (serveur arrêté) ; relancez-le',
    });
    expect(await mediaVersion(id)).toBe(0);
    // Asked again, it is made.
    const again = await startWorker();
    try {
      await call('POST', `videos/${id}/trim`, { keep: [{ start: 1, end: 5 }] });
      await until(id, 'done');
    } finally {
      await again.stop();
    }
  }, 120_000);

  it('without room on the disk, fails in French and leaves the video and the disk as they were', async () => {
    const id = await seedCardVideo(ctx);
    const full = {
      check: async (length: number) => ({
        ok: false,
        length,
        available: 0,
        promised: 0,
        floor: 1,
        room: -1,
      }),
    };
    const worker = await startWorker(full);
    try {
      await call('POST', `videos/${id}/trim`, { keep: [{ start: 1, end: 5 }] });
      expect(await until(id, 'failed')).toMatchObject({
        error: 'Espace disque insuffisant pour le montage : libérez de la place, puis relancez-le',
        undoUntil: null,
      });
    } finally {
      await worker.stop();
    }
    expect(await mediaVersion(id)).toBe(0);
    const folder = await ctx.storage.listFolder(mediaKeys.videoFolder(id));
    expect(folder.some(({ key }) => /\/v\d+\//.test(key))).toBe(false);
    expect(await scratch()).toEqual([]);
  }, 60_000);
});
