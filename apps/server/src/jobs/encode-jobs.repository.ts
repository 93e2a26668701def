import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { ENCODE_QUEUE } from './encode-queue.ts';
import { TRIM_QUEUE } from './trim-queue.ts';

/**
 * What the encode worker reads of pg-boss's own tables (schema `pgboss`). pg-boss 10 has no
 * API for these, so the SQL lives here, beside the queue, and nowhere else.
 */

/**
 * A condition true while a pg-boss job of `queue` may still work on the video `videoId` (a
 * column or a value): one waiting (created, retry) or running (active). For use inside a larger
 * statement, so that a job queued meanwhile is seen.
 */
const jobPending = (queue: string, videoId: SQL): SQL => sql`exists (
  select 1 from pgboss.job j
  where j.name = ${queue}
    and j.singleton_key = (${videoId})::text
    and j.state in ('created', 'retry', 'active')
)`;

/** While an encode of the video may still run (`jobPending`). */
export const encodeJobPending = (videoId: SQL): SQL => jobPending(ENCODE_QUEUE, videoId);

/** While a cut of the video (« Montage ») may still run (`jobPending`). */
export const trimJobPending = (videoId: SQL): SQL => jobPending(TRIM_QUEUE, videoId);

export interface ActiveEncodeJob {
  id: string;
  videoId: number;
}

/** Jobs of `queue` active for more than `graceSeconds` (their worker may have died). */
export const activeQueueJobs = async (
  db: Executor,
  queue: string,
  graceSeconds: number,
): Promise<ActiveEncodeJob[]> => {
  const result = (await db.execute(sql`
    select id, singleton_key as "videoId" from pgboss.job
    where name = ${queue} and state = 'active'
      and started_on < now() - make_interval(secs => ${graceSeconds})
  `)) as unknown as { rows: { id: string; videoId: string }[] };
  return result.rows.map((row) => ({ id: row.id, videoId: Number(row.videoId) }));
};

/** Encode jobs active for more than `graceSeconds` (their worker may have died). */
export const activeEncodeJobs = (db: Executor, graceSeconds: number) =>
  activeQueueJobs(db, ENCODE_QUEUE, graceSeconds);

/**
 * Whether a job other than `jobId` waits to encode the video (created or retry): a job that
 * queues its video again for later checks first, so a video never gets two chains of retries.
 */
export const otherEncodeJobQueued = async (
  db: Executor,
  videoId: number,
  jobId: string,
): Promise<boolean> => {
  const result = (await db.execute(sql`
    select exists (
      select 1 from pgboss.job
      where name = ${ENCODE_QUEUE} and singleton_key = ${String(videoId)}
        and state in ('created', 'retry') and id <> ${jobId}::uuid
    ) as queued
  `)) as unknown as { rows: { queued: boolean }[] };
  return result.rows[0]?.queued === true;
};
