import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { siteQueues } from '../../job-queues.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import { encodeJobsOf } from '../../jobs/encode-jobs.test-helpers.ts';
import { locateMediaBinaries } from '../../media-tools/binaries.ts';
import { readSegmentIndex } from '../../media-tools/fmp4-index.ts';
import { probeVideo } from '../../media-tools/probe.ts';
import { mediaKeys, readFileStart } from '../../storage/media-storage.ts';
import { clipsDir } from '../../test/clips.ts';
import { testDatabaseKind, useTestApp } from '../../test/harness.ts';
import { childProcesses, isRunning, processGroup } from '../../test/processes.ts';
import { startEncodeWorker } from './encode-worker.ts';
import { seedVideo, waitForVideo } from './encoding.test-helpers.ts';
import { builtEntry, serverRoot } from '../../test/plateau-process.ts';

const ctx = useTestApp();
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/** `npm run worker` as a real process, in its own process group (cleaned up after the file). */
const startWorker = (env: Record<string, string>) => {
  const child = spawn(process.execPath, builtEntry('worker'), {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: ctx.dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCODE_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, exited, output: () => output };
};

/** A clip long enough to be caught mid-encode (480p, 40 s: a quiet machine encodes 12 s before the test looks), cached beside the others. */
const longClip = async () => {
  const file = path.join(clipsDir, 'encode-restart-480p-40s.mp4');
  if (existsSync(file)) return file;
  await mkdir(clipsDir, { recursive: true });
  const partial = `${file}.${process.pid}.partial.mp4`;
  await promisify(execFile)(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=854x480:rate=30:duration=40'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=40'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '30', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-movflags', '+faststart', partial],
  ]);
  await rename(partial, file);
  return file;
};

/** Playable: ffprobe reads an H.264 video of the source's length, and ffmpeg decodes every frame. */
const playable = async (file: string, ffmpeg: string, ffprobe: string) => {
  const probe = await probeVideo(ffprobe, file);
  const decode = await promisify(execFile)(ffmpeg, [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-xerror', '-i', file, '-f', 'null', '-'],
  ]);
  return {
    codec: probe?.videoCodec,
    seconds: Math.round(probe?.durationSeconds ?? 0),
    decodeErrors: decode.stderr,
  };
};

describe('npm run worker', () => {
  it('refuses to run on the embedded database, saying why', async () => {
    const worker = startWorker({ DATABASE_URL: '' });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain('npm run worker needs DATABASE_URL');
  });

  it.skipIf(testDatabaseKind !== 'postgres')(
    'stops the ffmpeg of a worker killed mid-encode, and another worker finishes the video (PostgreSQL only: two processes cannot share an embedded database)',
    async () => {
      const url = (ctx.database.db as unknown as { $client: pg.Pool }).$client.options
        .connectionString!;
      const binaries = (await locateMediaBinaries({}))!;
      const geek = await ctx.createUser('geek');
      const id = await seedVideo(ctx.database, ctx.storage, await longClip());

      const first = startWorker({ DATABASE_URL: url });
      const queued = await ctx.app.inject({
        method: 'POST',
        url: `/api/encode/${id}`,
        headers: geek.auth,
      });
      expect(queued.statusCode).toBe(200);
      await waitForVideo(
        ctx.database,
        id,
        (v) => v.processing === 2 && (v.encodingProgress ?? 0) > 0,
      );
      const encoder = (await childProcesses(first.child.pid!)).find((c) => c.command === 'ffmpeg');
      expect(encoder, first.output()).toBeDefined();

      // The worker alone, as `kill -9 <pid>` would: its ffmpeg must not outlive it.
      process.kill(first.child.pid!, 'SIGKILL');
      await first.exited;
      expect(await encodeJobsOf(ctx.database.db, id)).toMatchObject([
        { state: 'active', retryCount: 0 },
      ]);
      await vi.waitFor(async () => expect(await isRunning(encoder!.pid)).toBe(false), {
        timeout: 30_000,
        interval: 50,
      });
      // The watchdog exits just after its kill lands: the group empties a moment later.
      await vi.waitFor(async () => expect(await processGroup(first.child.pid!)).toEqual([]), {
        timeout: 5_000,
        interval: 50,
      });
      // Stopped, not left to finish: the killed attempt's renditions never got their index (the
      // sidx is written once the file is complete; the fragments before it stay readable).
      const tempDir = path.dirname(await ctx.storage.tempPath());
      const killedAttempt = (await readdir(tempDir)).filter(
        (name) => name.includes(`.encode-${id}-`) && name.endsWith('.mp4'),
      );
      expect(killedAttempt).toHaveLength(2);
      for (const name of killedAttempt) {
        const file = path.join(tempDir, name);
        await expect(readSegmentIndex((n) => readFileStart(file, n))).rejects.toThrow(
          /no sidx for the video track|no fragment/,
        );
      }

      // The next worker, in this process. A short grace, not none: once recovery has handed the
      // job back, this worker fetches it and, for a moment before its handler holds the lock, the
      // job looks orphaned again; with no grace the next pass retried it a second time.
      const jobs = createJobQueue(ctx.database, ctx.config, {
        supervise: true,
        queues: siteQueues,
      });
      const second = await startEncodeWorker({
        database: ctx.database,
        storage: ctx.storage,
        config: ctx.config,
        binaries,
        jobs,
        log: { info: () => {}, warn: () => {}, error: () => {} },
        livenessGraceSeconds: 3,
      });
      try {
        // PostgreSQL drops the dead worker's locks once it has seen its connection close.
        await vi.waitFor(
          async () => {
            await second.recover();
            const [job] = await encodeJobsOf(ctx.database.db, id);
            expect(job!.retryCount > 0 || job!.state !== 'active').toBe(true);
          },
          { timeout: 30_000, interval: 250 },
        );
        const done = await waitForVideo(ctx.database, id, (v) => v.processing !== 2, 150_000);
        expect(done).toMatchObject({ processing: 3, rungs: [480, 240], encodingError: null });
        for (const rung of [480, 240]) {
          const file = ctx.storage.localFiles!.localPath(mediaKeys.rung(id, rung, 0));
          expect(await playable(file, binaries.ffmpeg, binaries.ffprobe)).toEqual({
            codec: 'h264',
            seconds: 40,
            decodeErrors: '',
          });
        }
        // pg-boss completes the job just after the handler has made the video ready.
        await vi.waitFor(
          async () =>
            expect(await encodeJobsOf(ctx.database.db, id)).toEqual([
              { state: 'completed', retryCount: 1 },
            ]),
          { timeout: 15_000, interval: 100 },
        );
        const temps = await readdir(tempDir);
        expect(temps.filter((name) => name.includes(`.encode-${id}-`))).toEqual([]);
      } finally {
        await second.stop();
        await jobs.stop();
      }
    },
    240_000,
  );
});
