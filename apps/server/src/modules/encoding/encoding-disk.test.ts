import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteQueues } from '../../job-queues.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { encodeJobsOf } from '../../jobs/encode-jobs.test-helpers.ts';
import { locateMediaBinaries, type MediaBinaries } from '../../media-tools/binaries.ts';
import { createDiskGuard, type DiskSpace } from '../../storage/free-space.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import { StorageUnavailableError } from '../../storage/storage-errors.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { useTestApp } from '../../test/harness.ts';
import { startEncodeWorker, storageRetryDelay, type EncodeWorker } from './encode-worker.ts';
import { seedVideo, videoState, waitForVideo } from './encoding.test-helpers.ts';

const GiB = 1024 ** 3;
const KiB = 1024;

const ctx = useTestApp();
/** A 100 GiB disk with a 1 GiB floor, whose free space the tests set. */
const disk: DiskSpace = { available: 50 * GiB, total: 100 * GiB };
const diskGuard = createDiskGuard({
  folder: '/unused',
  floor: { bytes: GiB },
  space: async () => ({ ...disk }),
});
const lines: string[] = [];
const log = {
  info: (msg: string) => lines.push(`info ${msg}`),
  warn: (msg: string) => lines.push(`warn ${msg}`),
  error: (msg: string) => lines.push(`error ${msg}`),
};
let binaries: MediaBinaries;
let jobs: JobQueue;
let worker: EncodeWorker | undefined;

beforeAll(async () => {
  binaries = (await locateMediaBinaries({}))!;
  jobs = createJobQueue(ctx.database, ctx.config, { supervise: true, queues: siteQueues });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await jobs?.stop();
});

/** The file's one worker at a time: a test that needs another ffmpeg replaces it. */
const useWorker = async (ffmpeg = binaries.ffmpeg, storage: MediaStorage = ctx.storage) => {
  await worker?.stop();
  worker = await startEncodeWorker({
    database: ctx.database,
    storage,
    config: ctx.config,
    binaries: { ...binaries, ffmpeg },
    jobs,
    log,
    diskGuard,
    diskRetrySeconds: 1,
    storageRetrySeconds: 1,
  });
};

const encode = (id: number, auth: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: `/api/encode/${id}`, headers: auth });

const leftoverTemps = async () =>
  (await readdir(path.join(ctx.config.mediaDir, '.tmp')).catch(() => [] as string[])).filter(
    (name) => name.includes('.encode-'),
  );

const rungFiles = async (id: number) =>
  (
    await Promise.all(
      [1080, 720, 480, 240].map(async (rung) =>
        (await ctx.storage.stat(mediaKeys.rung(id, rung, 0))) ? rung : null,
      ),
    )
  ).filter((rung) => rung !== null);

const pendingEntry = async (id: number, auth: Record<string, string>) => {
  const response = await ctx.app.inject({ url: '/api/videos/pending', headers: auth });
  expect(response.statusCode).toBe(200);
  return (response.json().videos as { id: number }[]).find((video) => video.id === id);
};

describe('an encode without room on the disk (DISK_FREE_FLOOR)', () => {
  it('does not start, says why on /pending and in the log, and runs by itself once room returns', async () => {
    await useWorker();
    const member = await ctx.createUser('plateau');
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, '360p'));
    // 512 KiB above the floor: less than the 240 rung of a 2 s clip may take, with its thumbnail.
    disk.available = GiB + 512 * KiB;
    lines.length = 0;

    expect((await encode(id, member.auth)).statusCode).toBe(200);
    const waiting = await waitForVideo(ctx.database, id, (v) => v.encodingWait === 'disk');
    expect(waiting).toMatchObject({
      processing: 2,
      encodingProgress: null,
      encodingError: null,
      rungs: [],
    });
    expect(await pendingEntry(id, member.auth)).toMatchObject({
      processing: 2,
      encodingWait: 'disk',
      encodingError: null,
    });
    // It looks again every second (here), without starting, nor saying it again.
    await vi.waitFor(
      async () =>
        expect(
          (await encodeJobsOf(ctx.database.db, id)).filter((job) => job.state === 'completed')
            .length,
        ).toBeGreaterThanOrEqual(3),
      { timeout: 20_000, interval: 200 },
    );
    expect(await videoState(ctx.database, id)).toMatchObject({
      processing: 2,
      encodingWait: 'disk',
    });
    expect(await leftoverTemps()).toEqual([]);
    expect(await rungFiles(id)).toEqual([]);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^warn video ${id}: encode waits for disk space \\(needs 1\\.\\d MiB, 1 GiB free, floor 1 GiB \\(DISK_FREE_FLOOR\\)\\)$`,
        ),
      ),
    ]);
    // Never more than one job waiting for the video: no second chain of retries.
    const queued = (await encodeJobsOf(ctx.database.db, id)).filter((job) =>
      ['created', 'retry'].includes(job.state),
    );
    expect(queued.length).toBeLessThanOrEqual(1);

    disk.available = 50 * GiB;
    const done = await waitForVideo(ctx.database, id, (v) => v.processing === 3, 30_000);
    expect(done).toMatchObject({ encodingWait: null, encodingError: null, rungs: [240] });
    expect(await rungFiles(id)).toEqual([240]);
    expect(lines).toContain(`info video ${id}: disk space is back, encoding`);
    expect(await pendingEntry(id, member.auth)).toBeUndefined();
  }, 120_000);

  it('when the disk fills up during the encode (ENOSPC), removes its files and waits instead of failing', async () => {
    // ffmpeg as it is, except that the encode writes a part of every rung, then its outputs
    // go to /dev/full: the real ffmpeg meets a real ENOSPC.
    const folder = path.join(ctx.dataDir, 'full-disk');
    const written = path.join(folder, 'written.txt');
    const wrapper = path.join(folder, 'ffmpeg.cjs');
    await mkdir(folder, { recursive: true });
    await writeFile(
      wrapper,
      `#!${process.execPath}
const { spawnSync } = require('node:child_process');
const { appendFileSync, writeFileSync } = require('node:fs');
const args = process.argv.slice(2);
const tee = args.lastIndexOf('tee');
if (tee >= 0) {
  args[tee + 1] = args[tee + 1]
    .split(/(?<!\\\\)\\|/)
    .map((slave) => {
      const [, options, escaped] = /^(\\[.*?'\\])(.*)$/.exec(slave);
      const file = escaped.replace(/\\\\(.)/g, '$1');
      writeFileSync(file, Buffer.alloc(256 * 1024, 1));
      appendFileSync(${JSON.stringify(written)}, file + '\\n');
      return options + '\\\\/dev\\\\/full';
    })
    .join('|');
}
const run = spawnSync(${JSON.stringify(binaries.ffmpeg)}, args, { stdio: 'inherit' });
process.exit(run.status ?? 1);
`,
    );
    await chmod(wrapper, 0o755);
    await useWorker(wrapper);
    const member = await ctx.createUser('plateau');
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, '360p'));
    disk.available = 50 * GiB;
    lines.length = 0;

    expect((await encode(id, member.auth)).statusCode).toBe(200);
    const waiting = await waitForVideo(ctx.database, id, (v) => v.encodingWait === 'disk');
    expect(waiting).toMatchObject({ processing: 2, encodingError: null, rungs: [] });
    // No further try runs while the files are looked at.
    await worker?.stop();
    worker = undefined;
    // The encode had written into its files: they are gone, and nothing was published.
    const files = (await readFile(written, 'utf8')).split('\n').filter(Boolean);
    expect(files.length).toBeGreaterThanOrEqual(1);
    for (const file of files) expect(await stat(file).catch(() => null)).toBeNull();
    expect(await leftoverTemps()).toEqual([]);
    expect(await rungFiles(id)).toEqual([]);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^warn video ${id}: the disk filled up during the encode \\(ffmpeg: No space left on device\\): its files are removed, it waits for disk space$`,
        ),
      ),
    );

    // Room again, and an ffmpeg that can write: the queued encode finishes by itself.
    await useWorker();
    const done = await waitForVideo(ctx.database, id, (v) => v.processing === 3, 30_000);
    expect(done).toMatchObject({ encodingWait: null, encodingError: null, rungs: [240] });
  }, 120_000);
});

describe('an encode while the media storage is unreachable', () => {
  it('waits saying so on /pending, tries again later and later, and encodes once the store is back', async () => {
    let down = true;
    let tries = 0;
    // The store of the raw upload answers nothing: the storage throws what an S3 backend does.
    const failing: MediaStorage = {
      ...ctx.storage,
      withLocalFile: async (key, use) => {
        tries += 1;
        if (down)
          throw new StorageUnavailableError(`object storage download of ${key}: ECONNREFUSED`);
        return ctx.storage.withLocalFile(key, use);
      },
    };
    await useWorker(binaries.ffmpeg, failing);
    const member = await ctx.createUser('plateau');
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, '360p'));
    disk.available = 50 * GiB;
    lines.length = 0;

    expect((await encode(id, member.auth)).statusCode).toBe(200);
    await waitForVideo(ctx.database, id, (v) => v.encodingWait === 'storage');
    expect(await pendingEntry(id, member.auth)).toMatchObject({
      processing: 2,
      encodingWait: 'storage',
      encodingError: null,
    });
    // Tried again after 1 s, then 2 s: each failure queues one later job, never a failure.
    const postponed = () => lines.filter((line) => line.includes('media storage unavailable'));
    await vi.waitFor(() => expect(postponed().length).toBeGreaterThanOrEqual(3), {
      timeout: 20_000,
    });
    expect(tries).toBeGreaterThanOrEqual(3);
    const jobs = await encodeJobsOf(ctx.database.db, id);
    expect(jobs.filter((job) => job.state === 'failed')).toEqual([]);
    // One waiting at most (none for the instant a try runs): no second chain of retries.
    expect(
      jobs.filter((job) => ['created', 'retry'].includes(job.state)).length,
    ).toBeLessThanOrEqual(1);
    expect(await videoState(ctx.database, id)).toMatchObject({
      processing: 2,
      encodingError: null,
    });
    expect(await leftoverTemps()).toEqual([]);

    down = false;
    const done = await waitForVideo(ctx.database, id, (v) => v.processing === 3, 30_000);
    expect(done).toMatchObject({ encodingWait: null, encodingError: null, rungs: [240] });
    expect(lines).toContain(`info video ${id}: media storage is back, encoding`);
  }, 120_000);

  it('doubles the wait after each failure, up to twenty times the first', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((retry) => storageRetryDelay(30, retry))).toEqual([
      30, 60, 120, 240, 480, 600, 600,
    ]);
  });
});
