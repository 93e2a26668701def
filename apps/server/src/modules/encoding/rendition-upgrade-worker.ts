import type PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/boss.ts';
import type { JobLiveness } from '../../jobs/liveness.ts';
import { otherActiveRuns, runWaiting } from '../../jobs/rendition-upgrade-jobs.repository.ts';
import {
  RENDITION_UPGRADE_LOCK,
  RENDITION_UPGRADE_QUEUE,
  RUN_EXPIRE_SECONDS,
  sendRenditionUpgrade,
  type RenditionUpgradeOutput,
} from '../../jobs/rendition-upgrade-queue.ts';
import { createRunLock } from '../../jobs/run-lock.ts';
import type { MediaBinaries } from '../../media-tools/binaries.ts';
import { supportsReadrate } from '../../media-tools/remux-args.ts';
import { createWorkerDiskGuard, type DiskGuard } from '../../storage/free-space.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { videosLeft } from '../../jobs/rendition-layout.ts';
import {
  NoRoomError,
  removeScratch,
  upgradeVideo,
  type UpgradeContext,
} from './rendition-upgrade-video.ts';

export interface RenditionUpgradeWorkerDeps {
  database: DatabaseHandle;
  storage: MediaStorage;
  config: Config;
  binaries: MediaBinaries;
  jobs: JobQueue;
  /** The encode worker's: a video is converted only while no encode runs on it, and back. */
  liveness: Pick<JobLiveness, 'hold' | 'release'>;
  log: { info(msg: string): void; warn(msg: string): void };
  /** DISK_FREE_FLOOR; made from the config when absent. */
  diskGuard?: DiskGuard;
}

export interface RenditionUpgradeWorker {
  /** Stops the run in progress (the next start goes on where it was) and takes no more. */
  stop(): Promise<void>;
}

/** A run this close to pg-boss's expiry hands over to a new job. */
const HANDOVER_MARGIN_MS = 10 * 60 * 1000;
const POLLING_SECONDS = 5;

const rest = (seconds: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, seconds * 1000);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Takes conversion runs (queue `rendition-upgrade`): one run at a time on the whole site (run
 * lock), one video at a time in a run, ffmpeg at the lowest priority and at most
 * MEDIA_UPGRADE_SPEED times real time, MEDIA_UPGRADE_PAUSE seconds of rest between videos. At
 * start it asks for a run if any published video is still in the old layout.
 */
export const startRenditionUpgradeWorker = async (
  deps: RenditionUpgradeWorkerDeps,
): Promise<RenditionUpgradeWorker> => {
  const { database, storage, config, binaries, liveness, log } = deps;
  const boss = await deps.jobs.boss();
  const lock = createRunLock(database, RENDITION_UPGRADE_LOCK);
  const disk = deps.diskGuard ?? createWorkerDiskGuard(config, storage.root);
  const { pauseSeconds, speed } = config.renditionUpgrade;
  const ctx: UpgradeContext = {
    db: database.db,
    storage,
    binaries,
    disk,
    log,
    readrate: supportsReadrate(binaries.version) ? speed : 0,
  };
  let running: { controller: AbortController; done: Promise<unknown> } | undefined;

  const runAll = async (signal: AbortSignal): Promise<RenditionUpgradeOutput> => {
    const output: RenditionUpgradeOutput = { upgraded: 0, failed: 0, lastError: null };
    const deadline = Date.now() + RUN_EXPIRE_SECONDS * 1000 - HANDOVER_MARGIN_MS;
    const left = await videosLeft(database.db, storage);
    if (left.length > 0) log.info(`rendition upgrade: ${left.length} video(s) to convert`);
    for (const [position, video] of left.entries()) {
      if (signal.aborted) return { ...output, interrupted: true };
      if (Date.now() > deadline) {
        await sendRenditionUpgrade(boss);
        break;
      }
      try {
        await liveness.hold(video.id, signal);
        try {
          if (await upgradeVideo(ctx, video.id, signal)) output.upgraded += 1;
        } finally {
          await liveness.release(video.id);
        }
      } catch (error) {
        if (signal.aborted) return { ...output, interrupted: true };
        output.lastError = `vidéo ${video.id} : ${(error as Error).message}`;
        log.warn(
          `rendition upgrade: video ${video.id} not converted (${(error as Error).message})`,
        );
        if (error instanceof NoRoomError) break;
        output.failed += 1;
      }
      if (position < left.length - 1) await rest(pauseSeconds, signal);
    }
    if (left.length > 0) {
      log.info(`rendition upgrade: ${output.upgraded} converted, ${output.failed} failed`);
    }
    return output;
  };

  const handle = async ([job]: PgBoss.Job<object>[]): Promise<RenditionUpgradeOutput | void> => {
    if (!job) return;
    if (!(await lock.tryTake())) {
      return { upgraded: 0, failed: 0, lastError: null, alreadyRunning: true };
    }
    const controller = new AbortController();
    const done = (async () => {
      // Runs still marked active lost their worker (we hold the lock): they end as interrupted.
      for (const id of await otherActiveRuns(database.db, job.id)) {
        await boss.complete(RENDITION_UPGRADE_QUEUE, id, { interrupted: true });
      }
      await removeScratch(storage);
      return runAll(controller.signal);
    })();
    running = { controller, done };
    try {
      return await done;
    } finally {
      running = undefined;
      await lock.release();
    }
  };

  const workerId = await boss.work(
    RENDITION_UPGRADE_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS },
    handle,
  );
  // In the background: reading every published video's files must not hold the start up.
  const askedAtStart = (async () => {
    if ((await videosLeft(database.db, storage)).length === 0) return;
    if (await runWaiting(database.db)) return;
    await sendRenditionUpgrade(boss);
  })().catch((error: unknown) =>
    log.warn(`rendition upgrade: not asked at start (${(error as Error).message})`),
  );

  return {
    async stop() {
      await askedAtStart;
      await boss.offWork({ id: workerId });
      const current = running;
      current?.controller.abort(new Error('shutdown'));
      // The run stops at its ffmpeg's kill; pg-boss records it before the pool closes.
      await Promise.race([
        current?.done.catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 5000)),
      ]);
    },
  };
};
