import { Processing } from '@plateau/contract';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { videos, videoTrims } from '../../db/schema.ts';

/** Videos whose last encode failed: back at 1 (uploaded) with the error recorded, newest first. */
export const failedEncodes = async (db: Executor, limit: number) => {
  const rows = await db
    .select({ id: videos.id, title: videos.title, error: videos.encodingError })
    .from(videos)
    .where(and(eq(videos.processing, Processing.Uploaded), isNotNull(videos.encodingError)))
    .orderBy(desc(videos.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, error: row.error ?? '' }));
};

/** How many videos' last encode failed. */
export const countFailedEncodes = async (db: Executor): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(videos)
    .where(and(eq(videos.processing, Processing.Uploaded), isNotNull(videos.encodingError)));
  return Number(row?.count ?? 0);
};

/** Cuts (« Montage ») running or waiting, and those failed in the last 7 days. */
export const countCuts = async (db: Executor) => {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${videoTrims.state} in ('queued', 'running'))::int`,
      failed: sql<number>`count(*) filter (where ${videoTrims.state} = 'failed' and ${videoTrims.updatedAt} > now() - interval '7 days')::int`,
    })
    .from(videoTrims);
  return { active: row?.active ?? 0, failed: row?.failed ?? 0 };
};
