import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { siteQueues } from '../../job-queues.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import { createJobLiveness } from '../../jobs/liveness.ts';
import { createRenditionUpgradeService } from './rendition-upgrade.service.ts';
import { locateMediaBinaries } from '../../media-tools/binaries.ts';
import { loadRenditionIndex } from '../../media-tools/rendition-index.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { testDatabaseKind, useTestApp } from '../../test/harness.ts';
import { childProcesses, isRunning } from '../../test/processes.ts';
import { startRenditionUpgradeWorker } from './rendition-upgrade-worker.ts';
import { decodedFrames, seedOldLayoutVideo } from './rendition-upgrade.test-helpers.ts';
import { builtEntry, serverRoot } from '../../test/plateau-process.ts';

const ctx = useTestApp({ env: { MEDIA_UPGRADE_PAUSE: '0', MEDIA_UPGRADE_SPEED: '0' } });
const children = new Set<ChildProcess>();
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

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

/** `npm run worker` as a real process, copying at twice real time: a 12 s rung takes 6 s. */
const startWorker = (databaseUrl: string) => {
  const child = spawn(process.execPath, builtEntry('worker'), {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: ctx.dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      MEDIA_UPGRADE_SPEED: '2',
      MEDIA_UPGRADE_PAUSE: '0',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, output: () => output };
};

const sha = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

const scratch = async () =>
  (await readdir(path.dirname(await ctx.storage.tempPath()))).filter((name) =>
    name.includes('.upgrade-'),
  );

describe('the conversion of old renditions, killed mid-video', () => {
  it.skipIf(testDatabaseKind !== 'postgres')(
    'leaves the old file playing, and the next start cleans its scratch and finishes (PostgreSQL only: two processes cannot share an embedded database)',
    async () => {
      const url = (ctx.database.db as unknown as { $client: pg.Pool }).$client.options
        .connectionString!;
      const binaries = (await locateMediaBinaries({}))!;
      const id = await seedOldLayoutVideo(ctx, [{ rung: 480 }, { rung: 240 }]);
      const file = (rung: number) => ctx.storage.localFiles!.localPath(mediaKeys.rung(id, rung, 0));
      const before = new Map<number, { bytes: string; frames: string[] }>();
      for (const rung of [480, 240]) {
        before.set(rung, {
          bytes: await sha(file(rung)),
          frames: await decodedFrames(file(rung), 'v'),
        });
      }

      const worker = startWorker(url);
      // Its run copies the first rung: ffmpeg runs and the scratch file grows.
      const remux = await vi.waitFor(
        async () => {
          const ffmpeg = (await childProcesses(worker.child.pid!)).find(
            (child) => child.command === 'ffmpeg',
          );
          expect(ffmpeg, worker.output()).toBeDefined();
          const [name] = await scratch();
          expect(name).toBeDefined();
          const tempDir = path.dirname(await ctx.storage.tempPath());
          expect((await stat(path.join(tempDir, name!))).size).toBeGreaterThan(0);
          return ffmpeg!;
        },
        { timeout: 90_000, interval: 100 },
      );
      process.kill(worker.child.pid!, 'SIGKILL');
      await worker.exited;
      await vi.waitFor(async () => expect(await isRunning(remux.pid)).toBe(false), {
        timeout: 30_000,
        interval: 50,
      });

      // Cut mid-copy: the scratch stays until the next start, and every rendition is whole,
      // the old file as it was or, for a rung finished before the kill, the new one.
      expect(await scratch()).not.toEqual([]);
      for (const rung of [480, 240]) {
        const index = await loadRenditionIndex(ctx.storage, id, rung, 0);
        if (!index) expect(await sha(file(rung))).toBe(before.get(rung)!.bytes);
        expect(await decodedFrames(file(rung), 'v')).toEqual(before.get(rung)!.frames);
      }
      expect(await loadRenditionIndex(ctx.storage, id, 240, 0)).toBeNull();

      const jobs = createJobQueue(ctx.database, ctx.config, {
        supervise: true,
        queues: siteQueues,
      });
      // The encode worker's in production: a video is converted only while no encode runs on it.
      const liveness = await createJobLiveness(ctx.database);
      const upgrades = await startRenditionUpgradeWorker({
        ...ctx,
        binaries,
        jobs,
        liveness,
        log: quiet,
      });
      const service = createRenditionUpgradeService({ ...ctx, jobs });
      try {
        await vi.waitFor(
          async () =>
            expect(await service.status()).toEqual({
              upgraded: 1,
              left: 0,
              running: false,
              waiting: false,
              lastError: null,
            }),
          { timeout: 120_000, interval: 500 },
        );
      } finally {
        await upgrades.stop();
        await liveness.close();
        await jobs.stop();
      }
      expect(await scratch()).toEqual([]);
      for (const rung of [480, 240]) {
        expect(await loadRenditionIndex(ctx.storage, id, rung, 0)).not.toBeNull();
        expect(await decodedFrames(file(rung), 'v')).toEqual(before.get(rung)!.frames);
      }
      expect(await ctx.storage.stat(mediaKeys.storyboardVtt(id, 0))).not.toBeNull();
    },
    240_000,
  );
});
