import { Processing, type EncodingWait } from '@plateau/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { videos } from './schema.ts';

/**
 * The one owner of a video's processing state (DESIGN.md "Processing is a state machine"):
 * the only module that writes `videos.processing` (ESLint refuses a write anywhere else).
 * Uploads (media/), encodes (encoding/) and creation (videos/) call it inside their own
 * transactions. Each write is one conditional UPDATE whose `where` names the states the
 * transition may leave, so a transition that is not allowed changes nothing and answers false:
 * never a half-written row, even when another request moved the video meanwhile.
 */

/** Every state change the server performs, with the states it may start from. */
export const processingTransitions = {
  /** A raw file is stored: first upload (0), a new file before encoding (1), a replacement (3). */
  rawUploaded: {
    from: [Processing.NoUpload, Processing.Uploaded, Processing.Published],
    to: Processing.Uploaded,
  },
  /** Every file of the video is deleted: back to "no upload". */
  mediaRemoved: {
    from: [Processing.NoUpload, Processing.Uploaded, Processing.Published],
    to: Processing.NoUpload,
  },
  /** An encode job is queued for the raw file, or to re-encode a published video. */
  encodeQueued: { from: [Processing.Uploaded, Processing.Published], to: Processing.Encoding },
  /** The rungs are on disk. */
  encoded: { from: [Processing.Encoding], to: Processing.Published },
  /** ffmpeg failed, the source was unreadable, the job timed out or its worker vanished. */
  encodeFailed: { from: [Processing.Encoding], to: Processing.Uploaded },
} as const satisfies Record<string, { from: readonly Processing[]; to: Processing }>;

export type ProcessingTransition = keyof typeof processingTransitions;

/** Whether any transition moves a video from `from` to `to`. */
export const isAllowedTransition = (from: Processing, to: Processing): boolean =>
  Object.values(processingTransitions).some(
    (transition) =>
      transition.to === to && (transition.from as readonly Processing[]).includes(from),
  );

/** A video row starts with no upload. */
export const newVideoProcessing = { processing: Processing.NoUpload } as const;

/*
 * The one place a video row is made, starting with no upload: a member's new video (videos/),
 * a REDIFF under the id taken before its raw file was stored (live/).
 */

/** The stored fields a create or an update writes (tags aside). */
export interface VideoFields {
  title: string;
  description: string;
  privacy: number;
  gpaRestricted: boolean;
  date: Date;
  promotion: number;
  directId: number | null;
}

export const insertVideo = async (
  db: Executor,
  fields: VideoFields & { authorId: number | null; id?: number },
): Promise<number> => {
  const [row] = await db
    .insert(videos)
    .values({ ...fields, ...newVideoProcessing })
    .returning({ id: videos.id });
  return row!.id;
};

const leaving = (id: number, transition: ProcessingTransition) =>
  and(eq(videos.id, id), inArray(videos.processing, [...processingTransitions[transition].from]));

const updated = (rows: { id: number }[]) => rows.length === 1;

/**
 * A new raw file (named by `rawVersion`) awaits encoding: any earlier encode's error and
 * progress are stale.
 */
export const markRawUploaded = async (
  tx: Executor,
  id: number,
  rawVersion: number,
): Promise<boolean> =>
  updated(
    await tx
      .update(videos)
      .set({
        processing: processingTransitions.rawUploaded.to,
        rawVersion,
        encodingError: null,
        encodingProgress: null,
        encodingWait: null,
      })
      .where(leaving(id, 'rawUploaded'))
      .returning({ id: videos.id }),
  );

/** The video has no files any more: back to "no upload". */
export const markMediaRemoved = async (tx: Executor, id: number): Promise<boolean> =>
  updated(
    await tx
      .update(videos)
      .set({
        processing: processingTransitions.mediaRemoved.to,
        hasThumbnail: false,
        rungs: sql`'{}'::integer[]`,
        encodingError: null,
        encodingProgress: null,
        encodingWait: null,
      })
      .where(leaving(id, 'mediaRemoved'))
      .returning({ id: videos.id }),
  );

/** 1 or 3 -> 2; false when the video is no longer in an encodable state. */
export const markEncodeQueued = async (tx: Executor, id: number): Promise<boolean> =>
  updated(
    await tx
      .update(videos)
      .set({
        processing: processingTransitions.encodeQueued.to,
        encodingProgress: 0,
        encodingError: null,
        encodingWait: null,
      })
      .where(leaving(id, 'encodeQueued'))
      .returning({ id: videos.id }),
  );

/**
 * The encode of a video at 2 cannot start yet (`reason`), so it stays at 2, queued again,
 * saying why on /pending; false when the video is no longer at 2 (deleted, released).
 */
export const markEncodeWaiting = async (
  db: Executor,
  id: number,
  reason: EncodingWait,
): Promise<boolean> =>
  updated(
    await db
      .update(videos)
      .set({ encodingWait: reason, encodingProgress: null })
      .where(and(eq(videos.id, id), eq(videos.processing, Processing.Encoding)))
      .returning({ id: videos.id }),
  );

/** The encode of a video at 2 starts: no longer waiting, nothing done yet. */
export const markEncodeStarted = async (db: Executor, id: number): Promise<boolean> =>
  updated(
    await db
      .update(videos)
      .set({ encodingWait: null, encodingProgress: 0 })
      .where(and(eq(videos.id, id), eq(videos.processing, Processing.Encoding)))
      .returning({ id: videos.id }),
  );

/** 2 -> 3 with the rungs now on disk; false when the video left state 2 (deleted, replaced). */
export const markEncoded = async (
  db: Executor,
  id: number,
  rungs: number[],
  generatedThumbnail: boolean,
): Promise<boolean> =>
  updated(
    await db
      .update(videos)
      .set({
        processing: processingTransitions.encoded.to,
        rungs,
        encodingProgress: null,
        encodingError: null,
        encodingWait: null,
        ...(generatedThumbnail ? { hasThumbnail: true } : {}),
      })
      .where(leaving(id, 'encoded'))
      .returning({ id: videos.id }),
  );

/** 2 -> 1 with the reason, readable on /pending; false when the video was not encoding. */
export const markEncodeFailed = async (db: Executor, id: number, error: string) =>
  updated(
    await db
      .update(videos)
      .set({
        processing: processingTransitions.encodeFailed.to,
        encodingProgress: null,
        encodingError: error,
        encodingWait: null,
      })
      .where(leaving(id, 'encodeFailed'))
      .returning({ id: videos.id }),
  );

/**
 * Every video at 2 for which `stillQueued` (a condition on its id: "a job may still encode it",
 * from jobs/) is false goes back to 1 with `error`, in one statement so a job queued meanwhile
 * is always seen. Answers the ids released.
 */
export const releaseEncodes = async (
  db: Executor,
  error: string,
  stillQueued: (videoId: SQL) => SQL,
): Promise<number[]> => {
  const result = (await db.execute(sql`
    update videos v
    set processing = ${processingTransitions.encodeFailed.to}, encoding_progress = null,
      encoding_error = ${error}, encoding_wait = null
    where v.processing = ${Processing.Encoding}
      and not ${stillQueued(sql`v.id`)}
    returning v.id
  `)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
};
