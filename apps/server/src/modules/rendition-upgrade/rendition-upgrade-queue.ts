import type PgBoss from 'pg-boss';
import {
  ensureSiteWideRunQueue,
  sendSiteWideRun,
  type SiteWideRun,
  type SiteWideRunOutput,
} from '../../jobs/site-wide-run.ts';

/**
 * The pg-boss queue of the background conversion of old renditions (plain MP4s encoded before
 * renditions were fragmented) into the new layout. One job is one run over every published
 * video left; which videos are left is read from their files, never kept in the job.
 */
export const RENDITION_UPGRADE_RUN: SiteWideRun = {
  queue: 'rendition-upgrade',
  // The run lock's key (jobs/run-lock.ts): one conversion at a time on the whole site.
  lock: 1,
};

/** What a finished run says; `lastError` names the last video that could not be converted. */
export interface RenditionUpgradeOutput extends SiteWideRunOutput {
  upgraded: number;
  failed: number;
}

export const ensureRenditionUpgradeQueue = (boss: PgBoss): Promise<void> =>
  ensureSiteWideRunQueue(boss, RENDITION_UPGRADE_RUN);

/** Asks for a run; null when one is already waiting. */
export const sendRenditionUpgrade = (boss: PgBoss): Promise<string | null> =>
  sendSiteWideRun(boss, RENDITION_UPGRADE_RUN, {});
