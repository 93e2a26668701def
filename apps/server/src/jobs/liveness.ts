import type { Pool, PoolClient } from 'pg';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * Tells a running job from one whose worker died. pg-boss 10 has no heartbeat: an active job
 * stays active until it expires (ENCODE_JOB_TIMEOUT, hours). So each worker holds a PostgreSQL
 * session advisory lock per running job on one dedicated connection; a killed process loses
 * its connection and with it the locks, and any other worker can take the job back at once.
 * On the embedded database only one process exists, so every job it is not running is lost.
 */
export interface JobLiveness {
  hold(jobId: string): Promise<void>;
  release(jobId: string): Promise<void>;
  /** True when no live worker holds the job (call only for jobs this process is not running). */
  isOrphaned(jobId: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Advisory lock namespace of encode jobs (the second key is hashtext(job id)). */
const LOCK_NAMESPACE = 72430002;

export const createJobLiveness = async (database: DatabaseHandle): Promise<JobLiveness> => {
  if (database.kind === 'pglite') {
    return {
      hold: async () => {},
      release: async () => {},
      isOrphaned: async () => true,
      close: async () => {},
    };
  }
  const pool = (database.db as unknown as { $client: Pool }).$client;
  const client: PoolClient = await pool.connect();
  // A lost lock connection would make our jobs look orphaned to other workers: say so loudly.
  client.on('error', (error) => console.error(`encode liveness connection lost: ${error.message}`));
  const lock = (fn: string, jobId: string) =>
    client.query<{ ok: boolean }>(`select ${fn}($1::int, hashtext($2)) as ok`, [
      LOCK_NAMESPACE,
      jobId,
    ]);
  return {
    async hold(jobId) {
      await lock('pg_advisory_lock', jobId);
    },
    async release(jobId) {
      await lock('pg_advisory_unlock', jobId);
    },
    async isOrphaned(jobId) {
      const { rows } = await lock('pg_try_advisory_lock', jobId);
      if (!rows[0]?.ok) return false;
      await lock('pg_advisory_unlock', jobId);
      return true;
    },
    async close() {
      client.release(true);
    },
  };
};
