import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trendingSlots } from '../../db/schema.ts';

/**
 * Puts a video in a slot, leaving its former slot empty, so a video appears once. The table
 * lock serialises slot writers (readers are not blocked): two geeks placing the same video in
 * two slots at once cannot both win.
 */
export const placeInSlot = (db: Executor, slot: number, videoId: number) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${trendingSlots} in share row exclusive mode`);
    await tx
      .delete(trendingSlots)
      .where(or(eq(trendingSlots.slot, slot), eq(trendingSlots.videoId, videoId)));
    await tx.insert(trendingSlots).values({ slot, videoId });
  });

export const clearSlot = (db: Executor, slot: number) =>
  db.delete(trendingSlots).where(eq(trendingSlots.slot, slot));
