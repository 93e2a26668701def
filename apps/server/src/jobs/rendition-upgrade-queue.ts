import type PgBoss from 'pg-boss';

/**
 * The pg-boss queue of the background conversion of old renditions (plain MP4s encoded before
 * renditions were fragmented) into the new layout. One job is one run over every published
 * video left; which videos are left is read from their files, never kept in the job.
 */
export const RENDITION_UPGRADE_QUEUE = 'rendition-upgrade';

/** The run lock's key (jobs/run-lock.ts): one run at a time on the whole site. */
export const RENDITION_UPGRADE_LOCK = 1;

/** What a finished run says, kept by pg-boss as the job's output (read by `media status`). */
export interface RenditionUpgradeOutput {
  upgraded: number;
  failed: number;
  /** The last video that could not be converted, and why; null when none failed. */
  lastError: string | null;
  /** Another worker was running it already. */
  alreadyRunning?: boolean;
  /** Stopped by a shutdown: the next start goes on. */
  interrupted?: boolean;
}

/**
 * 'short': at most one run waits to start, however many workers and commands ask for one. Two
 * may still be taken (one started, a second asked for meanwhile): the run lock keeps one.
 */
export const ensureRenditionUpgradeQueue = async (boss: PgBoss): Promise<void> => {
  await boss.createQueue(RENDITION_UPGRADE_QUEUE, {
    name: RENDITION_UPGRADE_QUEUE,
    policy: 'short',
    retryLimit: 0,
  });
};

/** pg-boss expires a job after this (it refuses 24 h): a longer run hands over to a new job. */
export const RUN_EXPIRE_SECONDS = 23 * 3600;

/** Asks for a run; null when one is already waiting. */
export const sendRenditionUpgrade = (boss: PgBoss): Promise<string | null> =>
  boss.send(RENDITION_UPGRADE_QUEUE, {}, { expireInSeconds: RUN_EXPIRE_SECONDS, retryLimit: 0 });
