import { count, eq, inArray, sql } from 'drizzle-orm';
import { visibleDirect } from '../../access/visibility.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { directs, tags, videos, videoTags } from '../../db/schema.ts';

import type { VideoFields } from '../../db/video-processing.ts';

export { insertVideo, type VideoFields } from '../../db/video-processing.ts';

export const updateVideo = (db: Executor, id: number, fields: VideoFields) =>
  db.update(videos).set(fields).where(eq(videos.id, id));

/** Every video row, whatever its state (the demo fills only an empty installation). */
export const countVideos = async (db: Executor): Promise<number> => {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(videos);
  return n;
};

export const deleteVideo = async (db: Executor, id: number): Promise<boolean> =>
  (await db.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id })).length > 0;

/** Replaces the tag links of a video (the search text follows through the DB triggers). */
export const replaceVideoTags = async (db: Executor, videoId: number, tagIds: number[]) => {
  await db.delete(videoTags).where(eq(videoTags.videoId, videoId));
  if (tagIds.length > 0) {
    await db.insert(videoTags).values(tagIds.map((tagId) => ({ videoId, tagId })));
  }
};

/** The ids among `tagIds` that name no tag. */
export const unknownTagIds = async (db: Executor, tagIds: number[]): Promise<number[]> => {
  if (tagIds.length === 0) return [];
  const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds));
  const known = new Set(found.map((row) => row.id));
  return tagIds.filter((id) => !known.has(id));
};

export const directExists = async (db: Executor, id: number): Promise<boolean> =>
  (await db.select({ id: directs.id }).from(directs).where(eq(directs.id, id))).length > 0;

/** A direct with whether this viewer may see it, or undefined when missing. */
export const findDirect = async (
  db: Executor,
  id: number,
  viewer: Viewer,
): Promise<{ visible: boolean } | undefined> => {
  const [row] = await db
    .select({ visible: sql<boolean>`${visibleDirect(viewer)}` })
    .from(directs)
    .where(eq(directs.id, id));
  return row;
};
