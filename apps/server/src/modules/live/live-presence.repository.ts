import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { livePresence } from '../../db/schema.ts';

/**
 * Who watches each direct, shared by every process (live-viewers.ts). Times are the database's
 * own `now()`, so processes on machines whose clocks differ count the same viewers.
 */

const presentSince = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/**
 * Marks these viewers present now, in one statement. Sorted, so two processes writing the same
 * viewers take their rows in the same order (no deadlock); a direct deleted meanwhile is skipped.
 */
export const markPresent = async (db: Executor, seen: [directId: number, viewer: string][]) => {
  if (seen.length === 0) return;
  const sorted = [...seen].sort(([a, x], [b, y]) => a - b || (x < y ? -1 : x > y ? 1 : 0));
  await db.execute(sql`
    insert into ${livePresence} (direct_id, viewer, seen_at)
    select (e ->> 0)::int, e ->> 1, now()
    from jsonb_array_elements(${JSON.stringify(sorted)}::jsonb) with ordinality as p(e, n)
    where exists (select 1 from directs d where d.id = (e ->> 0)::int)
    order by n
    on conflict (direct_id, viewer)
    do update set seen_at = greatest(${livePresence.seenAt}, excluded.seen_at)`);
};

/** Forgets viewers not seen for `seconds`. */
export const removeAbsent = async (db: Executor, seconds: number) => {
  await db.delete(livePresence).where(lt(livePresence.seenAt, presentSince(seconds)));
};

export const countPresent = async (db: Executor, directId: number, seconds: number) =>
  (
    await db
      .select({ n: count() })
      .from(livePresence)
      .where(
        and(eq(livePresence.directId, directId), gt(livePresence.seenAt, presentSince(seconds))),
      )
  )[0]?.n ?? 0;
