import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { history, videos } from '../../db/schema.ts';

/** One more view and, for a signed-in viewer, the video on top of their history. */
export const recordView = (db: Executor, videoId: number, userId: number | null) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .update(videos)
      .set({ views: sql`${videos.views} + 1` })
      .where(eq(videos.id, videoId))
      .returning({ views: videos.views });
    if (row && userId !== null) {
      await tx
        .insert(history)
        .values({ userId, videoId })
        .onConflictDoUpdate({
          target: [history.userId, history.videoId],
          set: { watchedAt: sql`now()` },
        });
    }
    return row?.views;
  });
