import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import type { JobQueue } from './job-queue.ts';
import { createRunLock, runLockHeld } from './run-lock.ts';
import {
  activeRunData,
  lastRunError,
  otherActiveRuns,
  pendingRunData,
  runWaiting,
} from './site-wide-run.repository.ts';
import { waitAtMost } from '../lib/wait-at-most.ts';

/**
 * A site-wide run: a background job over the whole site (the rendition upgrade, the media move)
 * of which one runs at a time on all the site's workers. What is left to do is read again at
 * each run, never kept in the job, so a run cut by a kill or a restart is taken up by the next.
 * Each feature keeps what a step does and what a run counts; this is the pg-boss side of it.
 */
export interface SiteWideRun {
  /** The pg-boss queue: one job is one run. */
  queue: string;
  /** The run lock's key (run-lock.ts), one a kind of run. */
  lock: number;
}

/** What every finished run says, kept by pg-boss as the job's output (read by `media status`). */
export interface SiteWideRunOutput {
  /** The last step that failed, and why (French); null when none failed. */
  lastError: string | null;
  /** Another worker was running it already. */
  alreadyRunning?: boolean;
  /** Stopped by a shutdown: the next start goes on. */
  interrupted?: boolean;
}

/** pg-boss expires a job after this (it refuses 24 h): a longer run hands over to a new job. */
export const RUN_EXPIRE_SECONDS = 23 * 3600;

/** A run this close to pg-boss's expiry hands over to a new job. */
const HANDOVER_MARGIN_MS = 10 * 60 * 1000;
const POLLING_SECONDS = 5;
/** How long a stop waits for the run to notice its abort before the pool closes anyway. */
const STOP_WAIT_MS = 5000;

/** When a run started now must ask for its successor and end. */
export const handoverDeadline = (): number =>
  Date.now() + RUN_EXPIRE_SECONDS * 1000 - HANDOVER_MARGIN_MS;

/**
 * 'short': at most one run waits to start, however many workers and commands ask for one. Two
 * may still be taken (one started, a second asked for meanwhile): the run lock keeps one.
 */
export const ensureSiteWideRunQueue = async (boss: PgBoss, run: SiteWideRun): Promise<void> => {
  await boss.createQueue(run.queue, { name: run.queue, policy: 'short', retryLimit: 0 });
};

/** Asks for a run, now or after `startAfterSeconds`; null when one already waits. */
export const sendSiteWideRun = (
  boss: PgBoss,
  run: SiteWideRun,
  data: object,
  startAfterSeconds?: number,
): Promise<string | null> =>
  boss.send(run.queue, data, {
    expireInSeconds: RUN_EXPIRE_SECONDS,
    retryLimit: 0,
    ...(startAfterSeconds === undefined ? {} : { startAfter: startAfterSeconds }),
  });

/** Whether a run goes on now (on any worker), whether one waits, and the latest run's error. */
export interface SiteWideRunState {
  running: boolean;
  waiting: boolean;
  lastError: string | null;
}

/** The run's state, with what the feature reads of its own (`own`: its counts) meanwhile. */
export const readSiteWideRunState = async <Own>(
  database: DatabaseHandle,
  jobs: JobQueue,
  run: SiteWideRun,
  own: () => Promise<Own>,
): Promise<[Own, SiteWideRunState]> => {
  // pg-boss's schema is created on first use, as the encode route does.
  await jobs.boss();
  const [ownPart, running, waiting, lastError] = await Promise.all([
    own(),
    runLockHeld(database, run.lock),
    runWaiting(database.db, run.queue),
    lastRunError(database.db, run.queue),
  ]);
  return [ownPart, { running, waiting, lastError }];
};

/** The data of the run going on, else of the newest one waiting; null when there is neither. */
export const pendingSiteWideRunData = <Data>(
  database: DatabaseHandle,
  run: SiteWideRun,
): Promise<Data | null> => pendingRunData<Data>(database.db, run.queue);

/** Whether a run waits to be taken. */
export const siteWideRunWaiting = (database: DatabaseHandle, run: SiteWideRun): Promise<boolean> =>
  runWaiting(database.db, run.queue);

/**
 * The data of a run cut by a kill or a restart (it stays marked active while nobody holds its
 * lock), to ask for it again; null when there is none.
 */
export const interruptedRunData = async <Data>(
  database: DatabaseHandle,
  run: SiteWideRun,
): Promise<Data | null> => {
  const data = await activeRunData<Data>(database.db, run.queue);
  if (data === null || (await runLockHeld(database, run.lock))) return null;
  return data;
};

export interface SiteWideRunWorkerOptions<Data, Output extends SiteWideRunOutput> {
  database: DatabaseHandle;
  boss: PgBoss;
  run: SiteWideRun;
  /** What a run that did nothing says (its counts at zero). */
  idle: () => Output;
  /** One run, with the lock held: it ends early, saying so, when `signal` aborts. */
  work: (job: PgBoss.Job<Data>, signal: AbortSignal) => Promise<Output>;
  /** Asked in the background at start (reading what is left must not hold the start up). */
  atStart: () => Promise<void>;
  atStartFailed: (error: Error) => void;
}

export interface SiteWideRunWorker {
  /** Stops the run in progress (the next run goes on where it was) and takes no more. */
  stop(): Promise<void>;
}

/** Takes the runs of one queue, one at a time on the whole site (the run lock). */
export const startSiteWideRunWorker = async <Data, Output extends SiteWideRunOutput>(
  options: SiteWideRunWorkerOptions<Data, Output>,
): Promise<SiteWideRunWorker> => {
  const { database, boss, run } = options;
  const lock = createRunLock(database, run.lock);
  let running: { controller: AbortController; done: Promise<unknown> } | undefined;

  const handle = async ([job]: PgBoss.Job<Data>[]): Promise<Output | void> => {
    if (!job) return;
    if (!(await lock.tryTake())) return { ...options.idle(), alreadyRunning: true };
    const controller = new AbortController();
    const done = (async () => {
      // Runs still marked active lost their worker (we hold the lock): they end as interrupted.
      for (const id of await otherActiveRuns(database.db, run.queue, job.id)) {
        await boss.complete(run.queue, id, { interrupted: true });
      }
      return options.work(job, controller.signal);
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
    run.queue,
    { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS },
    handle,
  );
  const startAsked = options
    .atStart()
    .catch((error: unknown) => options.atStartFailed(error as Error));

  return {
    async stop() {
      await startAsked;
      await boss.offWork({ id: workerId });
      const current = running;
      current?.controller.abort(new Error('shutdown'));
      // The run stops at its next look at the signal; pg-boss records it before the pool closes.
      await waitAtMost(current?.done, STOP_WAIT_MS);
    },
  };
};
