import { eq, sql } from 'drizzle-orm';
import { visibleDirect, visibleVideo } from '../../access/visibility.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { directs, videos, videoTrims } from '../../db/schema.ts';

// The transitions an upload or a media reset performs; db/video-processing.ts owns every
// processing write.
export { markMediaRemoved, markRawUploaded } from '../../db/video-processing.ts';

/** What the media routes need of a video, and whether this viewer may see it. */
export interface VideoMedia {
  id: number;
  title: string;
  privacy: number;
  processing: number;
  rungs: number[];
  /** Names the raw file (`mediaKeys.raw`). */
  rawVersion: number;
  /** Names the renditions, storyboard and captions served (`mediaKeys.versionFolder`). */
  mediaVersion: number;
  /**
   * The other version still readable: the one before the last cut while « Annuler le
   * montage » keeps it, or an undone cut until the sweep. A viewer who started it goes on
   * reading it (its manifests name it).
   */
  keptVersion: number | null;
  visible: boolean;
}

export interface DirectMedia {
  id: number;
  privacy: number;
  visible: boolean;
}

export const findVideoMedia = async (
  db: Executor,
  viewer: Viewer,
  id: number,
): Promise<VideoMedia | undefined> => {
  const [row] = await db
    .select({
      id: videos.id,
      title: videos.title,
      privacy: videos.privacy,
      processing: videos.processing,
      rungs: videos.rungs,
      rawVersion: videos.rawVersion,
      mediaVersion: videos.mediaVersion,
      // Done: the version before, while it may be brought back; undone: the cut, until swept.
      keptVersion: sql<number | null>`case
        when ${videoTrims.state} = 'done' and ${videoTrims.undoUntil} > now()
          then ${videoTrims.fromVersion}
        when ${videoTrims.state} = 'undone' then ${videoTrims.toVersion}
      end`,
      visible: sql<boolean>`${visibleVideo(viewer)}`,
    })
    .from(videos)
    .leftJoin(videoTrims, eq(videoTrims.videoId, videos.id))
    .where(eq(videos.id, id));
  return row && { ...row, rungs: row.rungs.map(Number) };
};

export const findDirectMedia = async (
  db: Executor,
  viewer: Viewer,
  id: number,
): Promise<DirectMedia | undefined> => {
  const [row] = await db
    .select({
      id: directs.id,
      privacy: directs.privacy,
      visible: sql<boolean>`${visibleDirect(viewer)}`,
    })
    .from(directs)
    .where(eq(directs.id, id));
  return row;
};

/**
 * The processing state and the raw file's version under a row lock, so an upload or a media reset cannot interleave with
 * the encoder moving the same video to processing 2.
 */
export const lockVideoProcessing = async (tx: Executor, id: number) => {
  const [row] = await tx
    .select({
      processing: videos.processing,
      rawVersion: videos.rawVersion,
      mediaVersion: videos.mediaVersion,
      rungs: videos.rungs,
    })
    .from(videos)
    .where(eq(videos.id, id))
    .for('update');
  return row;
};

export const lockDirect = async (tx: Executor, id: number) =>
  (await tx.select({ id: directs.id }).from(directs).where(eq(directs.id, id)).for('update'))
    .length > 0;

export const markThumbnailUploaded = (tx: Executor, id: number) =>
  tx.update(videos).set({ hasThumbnail: true }).where(eq(videos.id, id));

export const markPosterUploaded = (tx: Executor, id: number) =>
  tx.update(directs).set({ hasPoster: true }).where(eq(directs.id, id));
