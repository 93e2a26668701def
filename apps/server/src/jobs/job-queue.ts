import type PgBoss from 'pg-boss';

/**
 * The app's pg-boss, created on first use (most requests never need it) and stopped once
 * (boss.ts's createJobQueue). main.ts shares one between the API and the in-process worker.
 */
export interface JobQueue {
  boss(): Promise<PgBoss>;
  stop(): Promise<void>;
}

/**
 * Creates one pg-boss queue if missing. pg-boss drops a job sent to a queue that does not
 * exist, so each process creates the site's queues at start: the wiring lists them
 * (job-queues.ts's siteQueues), boss.ts runs them.
 */
export type EnsureQueue = (boss: PgBoss) => Promise<void>;
