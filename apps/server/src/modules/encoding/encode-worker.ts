import type PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { activeEncodeJobs, otherEncodeJobQueued } from '../../jobs/encode-jobs.repository.ts';
import { ENCODE_QUEUE, sendEncodeJob, type EncodeJobData } from '../../jobs/encode-queue.ts';
import { createJobLiveness, type JobLiveness } from '../../jobs/liveness.ts';
import type { MediaBinaries } from '../../media-tools/binaries.ts';
import { createWorkerDiskGuard, type DiskGuard } from '../../storage/free-space.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { StorageUnavailableError } from '../../storage/storage-errors.ts';
import type { EncodingWait } from '@plateau/contract';
import { encodeVideo, type EncodeContext } from './encode-video.ts';
import * as repository from './encoding.repository.ts';

export interface EncodeWorkerDeps {
  database: DatabaseHandle;
  storage: MediaStorage;
  config: Config;
  binaries: MediaBinaries;
  jobs: JobQueue;
  log: EncodeContext['log'] & { error(msg: string): void };
  /**
   * How long a just-fetched job may run before recovery asks whether its worker lives (between
   * pg-boss's fetch and the handler's lock). Default 10 s; 0 for the embedded database's pass
   * at start and on demand (one process: every job it is not running is lost). Tests set it.
   */
  livenessGraceSeconds?: number;
  /** Told how each encode this worker ran ended, and how long it took (GET /metrics). */
  onEncodeEnd?: (outcome: string, seconds: number) => void;
  /** DISK_FREE_FLOOR (main.ts shares the server's); made from the config when absent. */
  diskGuard?: DiskGuard;
  /** The cut asked of a video before its encode, made before it is published. */
  cutBeforePublishing?: EncodeContext['cutBeforePublishing'];
  /** How long an encode waiting for disk space stays queued before it looks again (60 s). */
  diskRetrySeconds?: number;
  /** The first wait after the media storage failed (then 2x, 4x... up to 20x). */
  storageRetrySeconds?: number;
}

export interface EncodeWorker {
  /** Kills running ffmpeg processes (their jobs are retried later) and stops taking jobs. */
  stop(): Promise<void>;
  /** One recovery pass (also runs at start and every 30 s). */
  recover(): Promise<void>;
  /** Who holds which video: other work on a video's files (conversion) holds it the same way. */
  liveness: Pick<JobLiveness, 'hold' | 'release' | 'isOrphaned'>;
}

const INTERRUPTED = "L'encodage a été interrompu (serveur arrêté ou délai dépassé) ; relancez-le";
const TIMED_OUT = "L'encodage a dépassé la durée maximale (ENCODE_JOB_TIMEOUT)";
const RECOVERY_INTERVAL_MS = 30_000;
/** A job fetched this recently may not hold its liveness lock yet. */
const LIVENESS_GRACE_SECONDS = 10;
const POLLING_SECONDS = 2;
/** An encode waiting for disk space looks again this often. */
const DISK_RETRY_SECONDS = 60;
const STORAGE_RETRY_SECONDS = 30;

/** The wait before the `retries`-th try after the storage failed: doubling, at most 20x the first. */
export const storageRetryDelay = (first: number, retries: number) =>
  first * Math.min(2 ** Math.max(0, retries - 1), 20);

/**
 * Takes encode jobs from pg-boss, `encodeConcurrency` at a time. On start and every 30 s it
 * recovers: an active job whose worker died (see liveness.ts) goes back to pg-boss for a retry,
 * and videos left at 2 with no job behind them go back to 1 with an error. An encode the disk
 * has no room for (DISK_FREE_FLOOR) is queued again for later, its video still at 2.
 */
export const startEncodeWorker = async (deps: EncodeWorkerDeps): Promise<EncodeWorker> => {
  const { database, storage, config, binaries, jobs, log } = deps;
  const boss = await jobs.boss();
  const running = new Set<JobController>();
  // At start on the embedded database every active job is lost (one process). Later passes
  // always wait the grace: a job this worker has just fetched holds no lock until its handler runs.
  const startGrace =
    deps.livenessGraceSeconds ?? (database.kind === 'pglite' ? 0 : LIVENESS_GRACE_SECONDS);
  const sweepGrace = deps.livenessGraceSeconds ?? LIVENESS_GRACE_SECONDS;
  const liveness = await createJobLiveness(database, {
    // Our locks are gone, so another worker may take our videos: stop encoding them now.
    onLost: (error) => {
      for (const controller of running) controller.abort(error);
    },
  });
  const disk = deps.diskGuard ?? createWorkerDiskGuard(config, storage);
  const diskRetrySeconds = deps.diskRetrySeconds ?? DISK_RETRY_SECONDS;
  const storageRetrySeconds = deps.storageRetrySeconds ?? STORAGE_RETRY_SECONDS;
  const ctx: EncodeContext = {
    db: database.db,
    storage,
    binaries,
    liveness,
    disk,
    log,
    scratchDir: config.scratchDir,
    cutBeforePublishing: deps.cutBeforePublishing,
  };

  /**
   * The disk has no room for this encode: the video stays at 2 saying why (/pending), and a new
   * job takes it again in `diskRetrySeconds`, in one transaction; this job then completes.
   */
  const waitFor = async (
    job: PgBoss.Job<EncodeJobData>,
    reason: EncodingWait,
    retry: { startAfterSeconds: number; storageRetries?: number },
  ) => {
    const { videoId } = job.data;
    await database.db.transaction(async (tx) => {
      if (!(await repository.markEncodeWaiting(tx, videoId, reason))) return;
      if (await otherEncodeJobQueued(tx, videoId, job.id)) return;
      await sendEncodeJob(boss, tx, videoId, config, retry);
    });
  };
  const waitForDisk = (job: PgBoss.Job<EncodeJobData>) =>
    waitFor(job, 'disk', { startAfterSeconds: diskRetrySeconds });
  /**
   * The media storage is down or refusing: the video waits at 2 saying so (/pending) and a new
   * job tries again later, each time twice as late up to a ceiling, without using up the job's
   * crash retries; this job then completes.
   */
  const waitForStorage = (job: PgBoss.Job<EncodeJobData>) => {
    const retries = (job.data.storageRetries ?? 0) + 1;
    return waitFor(job, 'storage', {
      startAfterSeconds: storageRetryDelay(storageRetrySeconds, retries),
      storageRetries: retries,
    });
  };

  const recover = async (grace = startGrace) => {
    const active = await activeEncodeJobs(database.db, grace);
    const mine = new Set([...running].map((controller) => controller.jobId));
    for (const job of active.filter(({ id }) => !mine.has(id))) {
      // Failing hands the job back to pg-boss as 'retry' (its crash retries permitting).
      if (await liveness.isOrphaned(job.videoId)) {
        log.warn(`encode job ${job.id} lost its worker: retrying it`);
        await boss.fail(ENCODE_QUEUE, job.id, { message: INTERRUPTED });
      }
    }
    const released = await repository.releaseOrphanedEncodes(database.db, INTERRUPTED);
    if (released.length)
      log.warn(`encodes with no job returned to pending: ${released.join(', ')}`);
  };

  const handle = async ([job]: PgBoss.Job<EncodeJobData>[]) => {
    if (!job) return;
    const controller = Object.assign(new AbortController(), { jobId: job.id }) as JobController;
    // Stop just before pg-boss gives up on the handler, so the failure is ours and final.
    const budgetMs = Math.max(1, Number(job.expireInSeconds) - 2) * 1000;
    const timer = setTimeout(() => controller.abort(new Error('timeout')), budgetMs);
    running.add(controller);
    let holding = false;
    let startedAt: number | undefined;
    const ended = (outcome: string) => {
      if (startedAt !== undefined)
        deps.onEncodeEnd?.(outcome, (performance.now() - startedAt) / 1000);
    };
    try {
      // Another worker may still be finishing this video (cut from the database, stopping).
      await liveness.hold(job.data.videoId, controller.signal);
      holding = true;
      startedAt = performance.now();
      const outcome = await encodeVideo(ctx, job.data.videoId, controller.signal);
      ended(outcome);
      if (outcome === 'waiting') await waitForDisk(job);
    } catch (error) {
      if (
        controller.signal.reason instanceof Error &&
        controller.signal.reason.message === 'timeout'
      ) {
        ended('timed_out');
        await repository.markEncodeFailed(database.db, job.data.videoId, TIMED_OUT);
        return;
      }
      if (error instanceof StorageUnavailableError && !controller.signal.aborted) {
        ended('waiting');
        log.warn(
          `video ${job.data.videoId}: media storage unavailable, encode postponed (${error.message})`,
        );
        await waitForStorage(job);
        return;
      }
      ended('interrupted');
      // Shutdown or a database error: pg-boss fails the job and retries it.
      log.error(`video ${job.data.videoId}: encode interrupted (${(error as Error).message})`);
      throw error;
    } finally {
      clearTimeout(timer);
      running.delete(controller);
      if (holding) await liveness.release(job.data.videoId).catch(() => undefined);
    }
  };

  await recover();
  const workerIds: string[] = [];
  for (let i = 0; i < config.encodeConcurrency; i += 1) {
    workerIds.push(
      await boss.work<EncodeJobData>(
        ENCODE_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS },
        handle,
      ),
    );
  }
  const sweep = setInterval(() => {
    recover(sweepGrace).catch((error: unknown) =>
      log.warn(`encode recovery: ${(error as Error).message}`),
    );
  }, RECOVERY_INTERVAL_MS);
  sweep.unref();

  return {
    recover: () => recover(),
    liveness,
    async stop() {
      clearInterval(sweep);
      for (const id of workerIds) await boss.offWork({ id });
      for (const controller of running) controller.abort(new Error('shutdown'));
      // Let the handlers see the abort and pg-boss record the failure before the pool closes.
      const deadline = Date.now() + 5000;
      while (running.size > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await liveness.close();
    },
  };
};

type JobController = AbortController & { jobId: string };
