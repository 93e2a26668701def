import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { ENCODE_QUEUE } from './encode-queue.ts';

export interface EncodeQueueCounts {
  /** Queued and not taken yet, or handed back for a retry after a worker died. */
  waiting: number;
  /** Taken by a worker (encoding, or held by a worker that died until recovery sees it). */
  active: number;
  /** Given up by pg-boss after its crash retries, until it archives them (12 hours). */
  failed: number;
}

/**
 * The encode queue's jobs by state, read from pg-boss's table (pg-boss 10 only counts the jobs
 * before a state): one grouped count over the queue's own partition of that table, small since
 * pg-boss moves finished jobs to its archive after 12 hours.
 */
export const encodeQueueCounts = async (db: Executor): Promise<EncodeQueueCounts> => {
  const result = (await db.execute(sql`
    select state, count(*)::int as count from pgboss.job
    where name = ${ENCODE_QUEUE} and state in ('created', 'retry', 'active', 'failed')
    group by state
  `)) as unknown as { rows: { state: string; count: number | string }[] };
  const of = (state: string) => Number(result.rows.find((row) => row.state === state)?.count ?? 0);
  return { waiting: of('created') + of('retry'), active: of('active'), failed: of('failed') };
};
