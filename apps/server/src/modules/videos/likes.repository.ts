import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likes, videos } from '../../db/schema.ts';

const likeCountOf = async (db: Executor, videoId: number): Promise<number> => {
  const [row] = await db
    .select({ likeCount: videos.likeCount })
    .from(videos)
    .where(eq(videos.id, videoId));
  return row?.likeCount ?? 0;
};

const bumpLikeCount = async (db: Executor, videoId: number, delta: 1 | -1): Promise<number> => {
  const [row] = await db
    .update(videos)
    .set({ likeCount: sql`${videos.likeCount} + ${delta}` })
    .where(eq(videos.id, videoId))
    .returning({ likeCount: videos.likeCount });
  return row?.likeCount ?? 0;
};

export const isLiked = async (db: Executor, userId: number, videoId: number): Promise<boolean> =>
  (
    await db
      .select({ videoId: likes.videoId })
      .from(likes)
      .where(and(eq(likes.userId, userId), eq(likes.videoId, videoId)))
  ).length > 0;

/**
 * likeCount moves only when a like row really appeared or vanished, in the same transaction:
 * a concurrent duplicate waits on the row's unique key and then finds nothing to do, so the
 * counter always equals the number of rows.
 */
export const addLike = (db: Executor, userId: number, videoId: number): Promise<number> =>
  db.transaction(async (tx) => {
    const inserted = await tx
      .insert(likes)
      .values({ userId, videoId })
      .onConflictDoNothing()
      .returning({ videoId: likes.videoId });
    return inserted.length > 0 ? bumpLikeCount(tx, videoId, 1) : likeCountOf(tx, videoId);
  });

export const removeLike = (db: Executor, userId: number, videoId: number): Promise<number> =>
  db.transaction(async (tx) => {
    const deleted = await tx
      .delete(likes)
      .where(and(eq(likes.userId, userId), eq(likes.videoId, videoId)))
      .returning({ videoId: likes.videoId });
    return deleted.length > 0 ? bumpLikeCount(tx, videoId, -1) : likeCountOf(tx, videoId);
  });
