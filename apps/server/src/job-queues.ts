import { ensureEncodeQueue } from './jobs/encode-queue.ts';
import type { EnsureQueue } from './jobs/job-queue.ts';
import { ensureMediaMoveQueue } from './modules/media-move/media-move-queue.ts';
import { ensureRediffQueue } from './jobs/rediff-queue.ts';
import { ensureTrimQueue } from './jobs/trim-queue.ts';
import { ensureRenditionUpgradeQueue } from './modules/rendition-upgrade/rendition-upgrade-queue.ts';

/**
 * Every pg-boss queue of the site, created by each process's job queue when it starts
 * (createJobQueue's `queues`): the API (app.ts, main.ts), the worker, the commands. A queue
 * missing from here is missing from a fresh database, and the jobs sent to it are dropped.
 */
export const siteQueues: readonly EnsureQueue[] = [
  ensureEncodeQueue,
  ensureRenditionUpgradeQueue,
  ensureMediaMoveQueue,
  ensureRediffQueue,
  ensureTrimQueue,
];
