import { Processing } from '@plateau/contract';
import { and, eq, sql } from 'drizzle-orm';
import { visibleVideo } from '../../access/visibility.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { videos } from '../../db/schema.ts';
import { releaseEncodes } from '../../db/video-processing.ts';
import { encodeJobPending } from '../../jobs/encode-jobs.repository.ts';

// The transitions the encoder performs; db/video-processing.ts owns every processing write.
export {
  markEncoded,
  markEncodeFailed,
  markEncodeQueued,
  markEncodeStarted,
  markEncodeWaiting,
} from '../../db/video-processing.ts';

export const findEncodeTarget = async (db: Executor, viewer: Viewer, id: number) => {
  const [row] = await db
    .select({ processing: videos.processing, visible: sql<boolean>`${visibleVideo(viewer)}` })
    .from(videos)
    .where(eq(videos.id, id));
  return row;
};

const whileEncoding = (id: number) =>
  and(eq(videos.id, id), eq(videos.processing, Processing.Encoding));

export const findJobVideo = async (db: Executor, id: number) => {
  const [row] = await db
    .select({
      processing: videos.processing,
      hasThumbnail: videos.hasThumbnail,
      encodingWait: videos.encodingWait,
      rawVersion: videos.rawVersion,
      mediaVersion: videos.mediaVersion,
    })
    .from(videos)
    .where(eq(videos.id, id));
  return row;
};

export const setProgress = async (db: Executor, id: number, percent: number) => {
  await db.update(videos).set({ encodingProgress: percent }).where(whileEncoding(id));
};

/**
 * Videos at 2 with no pg-boss job left that could finish them (created, retry or active),
 * returned to 1 with `error` (the state change itself is db/video-processing.ts's).
 */
export const releaseOrphanedEncodes = (db: Executor, error: string): Promise<number[]> =>
  releaseEncodes(db, error, encodeJobPending);
