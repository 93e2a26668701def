import type PgBoss from 'pg-boss';
import type { MediaBackend } from '../storage/media-locations.repository.ts';
import { RUN_EXPIRE_SECONDS } from './rendition-upgrade-queue.ts';

/**
 * The pg-boss queue of `npm run media -- move --to s3|local`: one job is one run over every
 * media folder not yet on the target; which ones are left is read from media_locations and the
 * disk at each run, never kept in the job, so a killed run's successor goes on where it was.
 */
export const MEDIA_MOVE_QUEUE = 'media-move';

/** The run lock's key (jobs/run-lock.ts): one move at a time on the whole site. */
export const MEDIA_MOVE_LOCK = 2;

export interface MediaMoveData {
  to: MediaBackend;
}

/** What a finished run says, kept by pg-boss as the job's output (read by `media status`). */
export interface MediaMoveOutput {
  moved: number;
  failed: number;
  /** Folders of videos being encoded, or changing during their copy: a later run takes them. */
  skipped: number;
  /** The last folder that could not be moved, and why (French); null when none failed. */
  lastError: string | null;
  alreadyRunning?: boolean;
  interrupted?: boolean;
}

/** At most one run waits to start; the run lock keeps a second taken one from running. */
export const ensureMediaMoveQueue = async (boss: PgBoss): Promise<void> => {
  await boss.createQueue(MEDIA_MOVE_QUEUE, {
    name: MEDIA_MOVE_QUEUE,
    policy: 'short',
    retryLimit: 0,
  });
};

/** Asks for a run towards `to`, now or after `startAfterSeconds`; null when one already waits. */
export const sendMediaMove = (
  boss: PgBoss,
  to: MediaBackend,
  startAfterSeconds = 0,
): Promise<string | null> =>
  boss.send(MEDIA_MOVE_QUEUE, { to } satisfies MediaMoveData, {
    expireInSeconds: RUN_EXPIRE_SECONDS,
    retryLimit: 0,
    startAfter: startAfterSeconds,
  });
