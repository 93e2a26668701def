import { Processing } from '@plateau/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { visibleVideo } from '../../access/visibility.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { videos } from '../../db/schema.ts';
import { encodeJobPending } from '../../jobs/encode-jobs.ts';

export const findEncodeTarget = async (db: Executor, viewer: Viewer, id: number) => {
  const [row] = await db
    .select({ processing: videos.processing, visible: sql<boolean>`${visibleVideo(viewer)}` })
    .from(videos)
    .where(eq(videos.id, id));
  return row;
};

/** 1 or 3 -> 2; false when the video is no longer in an encodable state. */
export const markQueued = async (tx: Executor, id: number): Promise<boolean> => {
  const rows = await tx
    .update(videos)
    .set({ processing: Processing.Encoding, encodingProgress: 0, encodingError: null })
    .where(
      and(
        eq(videos.id, id),
        inArray(videos.processing, [Processing.Uploaded, Processing.Published]),
      ),
    )
    .returning({ id: videos.id });
  return rows.length === 1;
};

const whileEncoding = (id: number) =>
  and(eq(videos.id, id), eq(videos.processing, Processing.Encoding));

export const findJobVideo = async (db: Executor, id: number) => {
  const [row] = await db
    .select({ processing: videos.processing, hasThumbnail: videos.hasThumbnail })
    .from(videos)
    .where(eq(videos.id, id));
  return row;
};

export const setProgress = async (db: Executor, id: number, percent: number) => {
  await db.update(videos).set({ encodingProgress: percent }).where(whileEncoding(id));
};

/** 2 -> 3 with the rungs now on disk; false when the video left state 2 (deleted, replaced). */
export const markEncoded = async (
  db: Executor,
  id: number,
  rungs: number[],
  generatedThumbnail: boolean,
): Promise<boolean> => {
  const rows = await db
    .update(videos)
    .set({
      processing: Processing.Published,
      rungs,
      encodingProgress: null,
      encodingError: null,
      ...(generatedThumbnail ? { hasThumbnail: true } : {}),
    })
    .where(whileEncoding(id))
    .returning({ id: videos.id });
  return rows.length === 1;
};

/** 2 -> 1 with the reason, readable on /pending. */
export const markFailed = async (db: Executor, id: number, error: string) => {
  await db
    .update(videos)
    .set({ processing: Processing.Uploaded, encodingProgress: null, encodingError: error })
    .where(whileEncoding(id));
};

/**
 * Videos at 2 with no pg-boss job left that could finish them (created, retry or active),
 * returned to 1 with `error`, in one statement so a job queued meanwhile is always seen.
 */
export const releaseOrphanedEncodes = async (db: Executor, error: string): Promise<number[]> => {
  const result = (await db.execute(sql`
    update videos v
    set processing = ${Processing.Uploaded}, encoding_progress = null, encoding_error = ${error}
    where v.processing = ${Processing.Encoding}
      and not ${encodeJobPending(sql`v.id`)}
    returning v.id
  `)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
};
