import type PgBoss from 'pg-boss';
import type { MediaBackend } from '../../storage/media-locations.repository.ts';
import {
  ensureSiteWideRunQueue,
  sendSiteWideRun,
  type SiteWideRun,
  type SiteWideRunOutput,
} from '../../jobs/site-wide-run.ts';

/**
 * The pg-boss queue of `npm run media -- move --to s3|local`: one job is one run over every
 * media folder not yet on the target; which ones are left is read from media_locations and the
 * disk at each run, never kept in the job, so a killed run's successor goes on where it was.
 */
export const MEDIA_MOVE_RUN: SiteWideRun = {
  queue: 'media-move',
  // The run lock's key (jobs/run-lock.ts): one move at a time on the whole site.
  lock: 2,
};

/** The queue's name, for the tests that take a run by hand. */
export const MEDIA_MOVE_QUEUE = MEDIA_MOVE_RUN.queue;

export interface MediaMoveData {
  to: MediaBackend;
}

/** What a finished run says; `lastError` names the last folder that could not be moved. */
export interface MediaMoveOutput extends SiteWideRunOutput {
  moved: number;
  failed: number;
  /** Folders of videos being encoded, or changing during their copy: a later run takes them. */
  skipped: number;
}

export const ensureMediaMoveQueue = (boss: PgBoss): Promise<void> =>
  ensureSiteWideRunQueue(boss, MEDIA_MOVE_RUN);

/** Asks for a run towards `to`, now or after `startAfterSeconds`; null when one already waits. */
export const sendMediaMove = (
  boss: PgBoss,
  to: MediaBackend,
  startAfterSeconds = 0,
): Promise<string | null> =>
  sendSiteWideRun(boss, MEDIA_MOVE_RUN, { to } satisfies MediaMoveData, startAfterSeconds);
