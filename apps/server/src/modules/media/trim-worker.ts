import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client.ts';
import { activeQueueJobs } from '../../jobs/encode-jobs.repository.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { JobLiveness } from '../../jobs/liveness.ts';
import { TRIM_QUEUE, type TrimJobData } from '../../jobs/trim-queue.ts';
import { waitAtMost } from '../../lib/wait-at-most.ts';
import type { MediaBinaries } from '../../media-tools/binaries.ts';
import type { DiskGuard } from '../../storage/free-space.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createEncodeCut, runTrim } from './trim-run.ts';
import { sweepTrimVersions } from './trim-sweep.ts';
import type { TrimContext } from './trim-video.ts';
import * as trims from './trims.repository.ts';

/** What cuts need, made by the cut worker and by the encodes (`createEncodeCut`). */
export interface CuttingDeps {
  database: DatabaseHandle;
  storage: MediaStorage;
  binaries: MediaBinaries;
  /** DISK_FREE_FLOOR. */
  disk: Pick<DiskGuard, 'check'>;
  /** TRIM_UNDO_DAYS. */
  undoDays: number;
  log: { info(msg: string): void; warn(msg: string): void; error(msg: string): void };
}

const trimContextOf = ({ database, storage, binaries, disk, undoDays, log }: CuttingDeps) => ({
  db: database.db,
  storage,
  binaries,
  disk,
  log,
  undoDays,
});

/** The cut an encode makes before publishing (trim-run.ts), for the encode worker's wiring. */
export const cutAtEncode = (deps: CuttingDeps) => createEncodeCut(trimContextOf(deps));

export interface TrimWorkerDeps extends CuttingDeps {
  jobs: JobQueue;
  /** The encode worker's: a video is cut only while no encode or conversion runs on it. */
  liveness: Pick<JobLiveness, 'hold' | 'release' | 'isOrphaned'>;
  /** How long a just-fetched job may run before recovery asks whether its worker lives. */
  livenessGraceSeconds?: number;
}

export interface TrimWorker {
  /** Takes no more cuts and stops the one running (its job is tried again by the next start). */
  stop(): Promise<void>;
  /** One recovery pass and one sweep of the versions nobody reads (also on a timer). */
  maintain(): Promise<void>;
}

const INTERRUPTED = 'Le montage a été interrompu (serveur arrêté) ; relancez-le';
const POLLING_SECONDS = 2;
/** As the encode worker's: a cut whose process died is taken up again within half a minute. */
const RECOVERY_INTERVAL_MS = 30_000;
const SWEEP_INTERVAL_MS = 10 * 60_000;
const STOP_WAIT_MS = 5_000;

/**
 * Works the cut queue, one cut at a time in this process, holding the video as an encode does.
 * A cut that fails leaves the video as it was, with a French reason on its row; one killed
 * with its process is tried again from the start (pg-boss retries; a worker found dead by
 * recovery, every 30 s, hands its job back). Every 10 minutes, the versions no longer read are
 * removed.
 */
export const startTrimWorker = async (deps: TrimWorkerDeps): Promise<TrimWorker> => {
  const { database, storage, liveness, log } = deps;
  const db = database.db;
  const boss = await deps.jobs.boss();
  const ctx: TrimContext = trimContextOf(deps);
  let running: { controller: AbortController; jobId: string; done: Promise<unknown> } | undefined;
  const grace = deps.livenessGraceSeconds ?? (database.kind === 'pglite' ? 0 : 10);

  const cut = async (job: TrimJobData, signal: AbortSignal) => {
    await liveness.hold(job.videoId, signal);
    try {
      await runTrim(ctx, job, signal);
    } finally {
      await liveness.release(job.videoId);
    }
  };

  const handle = async ([job]: PgBoss.Job<TrimJobData>[]) => {
    if (!job) return;
    const controller = new AbortController();
    const done = cut(job.data, controller.signal);
    running = { controller, jobId: job.id, done };
    try {
      await done;
    } finally {
      running = undefined;
    }
  };

  const recover = async () => {
    for (const job of await activeQueueJobs(db, TRIM_QUEUE, grace)) {
      if (job.id === running?.jobId) continue;
      // Failing hands the job back to pg-boss as 'retry' (its crash retries permitting).
      if (await liveness.isOrphaned(job.videoId)) {
        log.warn(`trim job ${job.id} lost its worker: retrying it`);
        await boss.fail(TRIM_QUEUE, job.id, { message: INTERRUPTED });
      }
    }
    const failed = await trims.failOrphanedTrims(db, INTERRUPTED);
    if (failed.length) log.warn(`cuts with no job left: ${failed.join(', ')}`);
  };
  const sweep = async () => {
    const removed = await sweepTrimVersions({ db, storage });
    if (removed) log.info(`cut versions removed: ${removed}`);
  };
  const maintain = async () => {
    await recover();
    await sweep();
  };
  const safely = (what: string, task: () => Promise<void>) => () =>
    task().catch((error: Error) => log.warn(`trim ${what}: ${error.message}`));

  await safely('maintenance', maintain)();
  // A process killed a moment after fetching a cut restarts within the recovery's grace on
  // PostgreSQL: the next pass, not the sweep's, takes the cut up again.
  const timers = [
    setInterval(safely('recovery', recover), RECOVERY_INTERVAL_MS),
    setInterval(safely('sweep', sweep), SWEEP_INTERVAL_MS),
  ];
  timers.forEach((timer) => timer.unref());
  const workerId = await boss.work<TrimJobData>(
    TRIM_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS },
    handle,
  );

  return {
    maintain,
    async stop() {
      timers.forEach((timer) => clearInterval(timer));
      await boss.offWork({ id: workerId });
      const current = running;
      current?.controller.abort(new Error('shutdown'));
      await waitAtMost(current?.done, STOP_WAIT_MS);
    },
  };
};
