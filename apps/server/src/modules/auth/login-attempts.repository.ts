import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rateLimitHits } from '../../db/schema.ts';

/**
 * Counts one attempt under `key` in a window of `windowMs` that starts at the key's first
 * attempt (a new one once it is over), in one statement, so two instances counting at the same
 * moment both see the other's attempt. Answers the count and the milliseconds left.
 */
export const countAttempt = async (db: Executor, key: string, windowMs: number) => {
  const result = (await db.execute(sql`
    insert into ${rateLimitHits} (key, hits, resets_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when ${rateLimitHits.resetsAt} <= now() then 1 else ${rateLimitHits.hits} + 1 end,
      resets_at = case when ${rateLimitHits.resetsAt} <= now() then excluded.resets_at
                       else ${rateLimitHits.resetsAt} end
    returning hits, ceil(extract(epoch from resets_at - now()) * 1000)::integer as ttl
  `)) as unknown as { rows: { hits: number; ttl: number }[] };
  const row = result.rows[0]!;
  return { hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl)) };
};

/** Windows over: their rows only take room. */
export const forgetPastWindows = async (db: Executor) => {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.resetsAt, sql`now()`));
};
