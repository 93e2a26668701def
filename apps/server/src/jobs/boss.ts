import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { pgliteBossDb } from './boss-db.ts';
import type { EnsureQueue, JobQueue } from './job-queue.ts';

export interface BossOptions {
  /** Run pg-boss maintenance (expiring jobs of dead workers); workers need it, senders not. */
  supervise: boolean;
  /** The queues to create at start: the site's (job-queues.ts), given by the process's wiring. */
  queues: readonly EnsureQueue[];
}

/**
 * A started pg-boss on our database (schema `pgboss`, created or migrated on start: call after
 * our own migrations). On PostgreSQL it shares the app's pool: pg-boss's unparameterised
 * multi-statement strings go through node-postgres's simple protocol as they would in its own.
 */
export const startBoss = async (
  database: DatabaseHandle,
  config: Config,
  { supervise, queues }: BossOptions,
): Promise<PgBoss> => {
  const db: PgBoss.Db =
    database.kind === 'pglite' && database.pglite
      ? pgliteBossDb(database.pglite)
      : { executeSql: (text, values) => database.query(text, values) };
  const boss = new PgBoss({
    db,
    supervise,
    schedule: false,
    migrate: true,
    // Expired jobs (their worker died) must be noticed well within one job timeout.
    maintenanceIntervalSeconds: Math.max(
      1,
      Math.min(120, Math.floor(config.encodeJobTimeoutSeconds / 4)),
    ),
  });
  // An unheard 'error' would throw and crash the process over one failed maintenance round;
  // pg-boss retries on its own, and /api/health tells when the queue is really unreachable.
  boss.on('error', (error) => console.error(`pg-boss: ${error.message}`));
  // pg-boss creates its schema without a lock of its own: two processes starting at once on
  // an empty database would both create it, and one would fail.
  await database.exclusive(async () => {
    await boss.start();
    // Created here, never inside a request's transaction: on PGlite that would wait on itself.
    for (const ensureQueue of queues) await ensureQueue(boss);
  });
  return boss;
};

/** The app's pg-boss (job-queue.ts), started on first use with `options`. */
export const createJobQueue = (
  database: DatabaseHandle,
  config: Config,
  options: BossOptions,
): JobQueue => {
  let started: Promise<PgBoss> | undefined;
  let stopped = false;
  return {
    boss() {
      if (stopped) return Promise.reject(new Error('job queue stopped'));
      started ??= startBoss(database, config, options);
      return started;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      const boss = await started?.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
};
