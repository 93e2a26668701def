import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { videoCaptions } from '../../db/schema.ts';

export const listCaptions = (db: Executor, videoId: number) =>
  db
    .select({ language: videoCaptions.language, updatedAt: videoCaptions.updatedAt })
    .from(videoCaptions)
    .where(eq(videoCaptions.videoId, videoId))
    .orderBy(asc(videoCaptions.language));

export const hasCaption = async (db: Executor, videoId: number, language: string) => {
  const [row] = await db
    .select({ language: videoCaptions.language })
    .from(videoCaptions)
    .where(and(eq(videoCaptions.videoId, videoId), eq(videoCaptions.language, language)));
  return row !== undefined;
};

export const saveCaption = async (db: Executor, videoId: number, language: string) => {
  await db
    .insert(videoCaptions)
    .values({ videoId, language })
    .onConflictDoUpdate({
      target: [videoCaptions.videoId, videoCaptions.language],
      set: { updatedAt: new Date() },
    });
};

/** True when there was one. */
export const deleteCaption = async (db: Executor, videoId: number, language: string) => {
  const removed = await db
    .delete(videoCaptions)
    .where(and(eq(videoCaptions.videoId, videoId), eq(videoCaptions.language, language)))
    .returning({ language: videoCaptions.language });
  return removed.length > 0;
};
