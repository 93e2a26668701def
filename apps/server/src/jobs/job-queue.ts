import type PgBoss from 'pg-boss';

/**
 * The app's pg-boss, created on first use (most requests never need it) and stopped once
 * (boss.ts's createJobQueue). main.ts shares one between the API and the in-process worker.
 */
export interface JobQueue {
  boss(): Promise<PgBoss>;
  stop(): Promise<void>;
}
