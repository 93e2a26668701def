import type PgBoss from 'pg-boss';
import { REDIFF_QUEUE, type RediffJobData } from '../../jobs/rediff-queue.ts';
import * as repository from './live.repository.ts';
import { buildRediff, type RediffDeps } from './rediff.ts';
import { waitAtMost } from '../../lib/wait-at-most.ts';

export interface RediffWorkerLog {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

/** How often the join's progress is written (the geek's page reads it every few seconds). */
const PROGRESS_INTERVAL_MS = 2_000;
const POLLING_SECONDS = 2;
/** How long a stop waits for the join to see its abort and pg-boss to record it. */
const STOP_WAIT_MS = 5_000;

export interface RediffWorker {
  /** Takes no more jobs and kills the join in progress (its job is retried by the next start). */
  stop(): Promise<void>;
}

/**
 * Works the REDIFF queue in the process running the live ingest, one join at a time: the
 * parts are on its disk. A job whose live is no longer `ending` has nothing left to do. Once
 * the REDIFF is stored, the live's folder (parts and HLS) goes.
 */
export const startRediffWorker = async (
  boss: PgBoss,
  deps: RediffDeps,
  log: RediffWorkerLog,
): Promise<RediffWorker> => {
  let running: { controller: AbortController; done: Promise<unknown> } | undefined;

  const progressOf = (liveId: number) => {
    let lastWrite = 0;
    let pending: Promise<void> = Promise.resolve();
    return (percent: number) => {
      if (Date.now() - lastWrite < PROGRESS_INTERVAL_MS) return;
      lastWrite = Date.now();
      pending = pending
        .then(() => repository.setRediffProgress(deps.db, liveId, percent))
        .catch(() => undefined);
    };
  };

  const rediff = async (liveId: number, signal: AbortSignal) => {
    const live = await repository.findLive(deps.db, liveId);
    if (live?.state !== 'ending') return;
    await repository.setRediffProgress(deps.db, liveId, 0);
    let parts = '';
    const videoId = await buildRediff(deps, live, {
      signal,
      onProgress: progressOf(liveId),
      onParts: (seconds) => (parts = seconds.map((s) => `${s.toFixed(2)} s`).join(' + ')),
    });
    log.info(
      `live: direct ${live.directId}: live ${live.id} ended, REDIFF video ${videoId ?? 'none'}` +
        (parts && ` from its parts of ${parts}`),
    );
    // The REDIFF holds every part now (or nothing was recorded): the live's files can go.
    await deps.files.remove(live.directId, live.id);
  };

  const handle = async ([job]: PgBoss.Job<RediffJobData>[]) => {
    if (!job) return;
    const controller = new AbortController();
    const done = rediff(job.data.liveId, controller.signal);
    running = { controller, done };
    try {
      await done;
    } catch (error) {
      // pg-boss fails the job and retries it; the live stays `ending` meanwhile.
      log.error(`live ${job.data.liveId}: REDIFF failed, it will be tried again`, error);
      throw error;
    } finally {
      running = undefined;
    }
  };

  const workerId = await boss.work<RediffJobData>(
    REDIFF_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS },
    handle,
  );

  return {
    async stop() {
      await boss.offWork({ id: workerId });
      const current = running;
      current?.controller.abort(new Error('shutdown'));
      await waitAtMost(current?.done, STOP_WAIT_MS);
    },
  };
};
