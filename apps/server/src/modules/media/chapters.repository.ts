import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { videoChapters } from '../../db/schema.ts';

export const listChapters = async (db: Executor, videoId: number) =>
  (
    await db
      .select({ startMs: videoChapters.startMs, title: videoChapters.title })
      .from(videoChapters)
      .where(eq(videoChapters.videoId, videoId))
      .orderBy(asc(videoChapters.startMs))
  ).map((row) => ({ start: row.startMs / 1000, title: row.title }));

/** The video's chapters become `chapters` (starts in whole milliseconds, all different). */
export const replaceChapters = async (
  tx: Executor,
  videoId: number,
  chapters: { startMs: number; title: string }[],
) => {
  await tx.delete(videoChapters).where(eq(videoChapters.videoId, videoId));
  if (chapters.length === 0) return;
  await tx.insert(videoChapters).values(chapters.map((chapter) => ({ videoId, ...chapter })));
};
