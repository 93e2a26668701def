import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { ENCODE_QUEUE } from './encode-queue.ts';

export interface EncodeJobRow {
  state: string;
  retryCount: number;
}

/** The encode jobs of one video as pg-boss keeps them, oldest first. */
export const encodeJobsOf = async (db: Executor, videoId: number): Promise<EncodeJobRow[]> => {
  const result = (await db.execute(sql`
    select state, retry_count as "retryCount" from pgboss.job
    where name = ${ENCODE_QUEUE} and singleton_key = ${String(videoId)}
    order by created_on
  `)) as unknown as { rows: EncodeJobRow[] };
  return result.rows.map((row) => ({ state: row.state, retryCount: Number(row.retryCount) }));
};

/**
 * Makes a queued job look like one a dead worker took a minute ago: active, started long
 * enough before now that recovery considers it, held by no live worker.
 */
export const abandonEncodeJob = async (db: Executor, jobId: string): Promise<void> => {
  await db.execute(sql`
    update pgboss.job set state = 'active', started_on = now() - interval '1 minute'
    where name = ${ENCODE_QUEUE} and id = ${jobId}
  `);
};
