/** The videos the conversion of old renditions reads (rendition-layout.ts, the worker). */
import { Processing } from '@plateau/contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { videos } from '../../db/schema.ts';

export interface PublishedVideo {
  id: number;
  rungs: number[];
  /** The version of its media served (`mediaKeys.versionFolder`). */
  mediaVersion: number;
}

/** Every published video and the rungs its last encode left on disk, oldest first. */
export const publishedVideos = (db: Executor): Promise<PublishedVideo[]> =>
  db
    .select({ id: videos.id, rungs: videos.rungs, mediaVersion: videos.mediaVersion })
    .from(videos)
    .where(eq(videos.processing, Processing.Published))
    .orderBy(asc(videos.id));

/** The video as it is now: published with these rungs, or anything else (undefined: deleted). */
export const currentVideo = async (db: Executor, id: number) => {
  const [row] = await db
    .select({
      processing: videos.processing,
      rungs: videos.rungs,
      mediaVersion: videos.mediaVersion,
    })
    .from(videos)
    .where(eq(videos.id, id));
  return row;
};
