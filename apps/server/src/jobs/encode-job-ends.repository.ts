import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { ENCODE_QUEUE } from './encode-queue.ts';

/**
 * When the last encode job of each video ended (completed or failed), read from pg-boss's own
 * table: videos whose jobs pg-boss archived already (12 hours after they ended) are absent.
 */
export const lastEncodeJobEnds = async (
  db: Executor,
  videoIds: number[],
): Promise<Map<number, Date>> => {
  if (videoIds.length === 0) return new Map();
  const keys = videoIds.map(String);
  const result = (await db.execute(sql`
    select singleton_key as "videoId", max(completed_on) as "endedAt" from pgboss.job
    where name = ${ENCODE_QUEUE} and state in ('completed', 'failed')
      and singleton_key in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})
    group by singleton_key
  `)) as unknown as { rows: { videoId: string; endedAt: Date | string | null }[] };
  const ends = new Map<number, Date>();
  for (const row of result.rows)
    if (row.endedAt) ends.set(Number(row.videoId), new Date(row.endedAt));
  return ends;
};
