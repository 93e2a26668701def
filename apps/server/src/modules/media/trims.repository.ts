import { and, desc, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { videos, videoTrims } from '../../db/schema.ts';
import { encodeJobPending, trimJobPending } from '../../jobs/encode-jobs.repository.ts';

export type TrimRow = typeof videoTrims.$inferSelect;

/** The states in which a cut holds the video: no encode, caption change or other cut meanwhile. */
export const ACTIVE_TRIM_STATES = ['queued', 'running'] as const;

export const findTrim = async (db: Executor, videoId: number): Promise<TrimRow | undefined> => {
  const [row] = await db.select().from(videoTrims).where(eq(videoTrims.videoId, videoId));
  return row;
};

export const trimActive = async (db: Executor, videoId: number): Promise<boolean> => {
  const [row] = await db
    .select({ videoId: videoTrims.videoId })
    .from(videoTrims)
    .where(and(eq(videoTrims.videoId, videoId), inArray(videoTrims.state, ACTIVE_TRIM_STATES)));
  return row !== undefined;
};

/**
 * The video's new cut, replacing its last one (and so whatever that one kept for an undo):
 * `queued` for its job, or `awaiting` the encode of a video not encoded yet.
 */
export const saveTrim = async (
  tx: Executor,
  row: Pick<
    TrimRow,
    | 'videoId'
    | 'keepMs'
    | 'originalKeepMs'
    | 'originalBeforeMs'
    | 'fromVersion'
    | 'toVersion'
    | 'requestedBy'
  >,
  state: 'queued' | 'awaiting',
) => {
  const values = {
    ...row,
    state,
    atEncode: state === 'awaiting',
    progress: null,
    error: null,
    chaptersBefore: null,
    undoUntil: null,
    updatedAt: new Date(),
  };
  await tx
    .insert(videoTrims)
    .values(values)
    .onConflictDoUpdate({ target: videoTrims.videoId, set: values });
};

/** Moves a cut of `toVersion` on; false when it is no longer that cut, or no longer active. */
export const updateTrim = async (
  db: Executor,
  videoId: number,
  toVersion: number,
  set: Partial<Pick<TrimRow, 'state' | 'progress' | 'error'>>,
): Promise<boolean> =>
  (
    await db
      .update(videoTrims)
      .set({ ...set, updatedAt: new Date() })
      .where(
        and(
          eq(videoTrims.videoId, videoId),
          eq(videoTrims.toVersion, toVersion),
          inArray(videoTrims.state, ACTIVE_TRIM_STATES),
        ),
      )
      .returning({ videoId: videoTrims.videoId })
  ).length > 0;

/** The cut is applied: the video serves `toVersion`, the version before is kept until `undoUntil`. */
export const markTrimDone = async (
  tx: Executor,
  videoId: number,
  { chaptersBefore, undoUntil }: Pick<TrimRow, 'chaptersBefore' | 'undoUntil'>,
) =>
  tx
    .update(videoTrims)
    .set({
      state: 'done',
      progress: null,
      error: null,
      chaptersBefore,
      undoUntil,
      updatedAt: new Date(),
    })
    .where(eq(videoTrims.videoId, videoId));

export const forgetTrim = (tx: Executor, videoId: number) =>
  tx.delete(videoTrims).where(eq(videoTrims.videoId, videoId));

export const setMediaVersion = (tx: Executor, videoId: number, version: number) =>
  tx.update(videos).set({ mediaVersion: version }).where(eq(videos.id, videoId));

/**
 * Cuts left queued or running with no job behind them any more (their worker died past its
 * retries): failed with `reason`, answering their videos.
 */
export const failOrphanedTrims = async (db: Executor, reason: string) =>
  (
    await db
      .update(videoTrims)
      .set({ state: 'failed', progress: null, error: reason, updatedAt: new Date() })
      .where(
        and(
          inArray(videoTrims.state, ACTIVE_TRIM_STATES),
          sql`not ${trimJobPending(sql`${videoTrims.videoId}`)}`,
          // One its encode makes has the encode's job behind it.
          sql`not (${videoTrims.atEncode} and ${encodeJobPending(sql`${videoTrims.videoId}`)})`,
        ),
      )
      .returning({ videoId: videoTrims.videoId })
  ).map((row) => row.videoId);

/** Every video with a cut on record: the sweep looks at their versions. */
export const trimmedVideos = (db: Executor) =>
  db.select({ videoId: videoTrims.videoId }).from(videoTrims).orderBy(videoTrims.videoId);

/** A cut video's versions: the one served, and its last cut's. */
export const versionsOf = async (db: Executor, videoId: number) => {
  const [row] = await db
    .select({
      state: videoTrims.state,
      fromVersion: videoTrims.fromVersion,
      toVersion: videoTrims.toVersion,
      undoUntil: videoTrims.undoUntil,
      mediaVersion: videos.mediaVersion,
    })
    .from(videoTrims)
    .innerJoin(videos, eq(videos.id, videoTrims.videoId))
    .where(eq(videoTrims.videoId, videoId));
  return row;
};

/**
 * Once swept: an undone cut is forgotten, an undo past its time no longer offered; unless the
 * row changed meanwhile (a new cut asked).
 */
export const settleSwept = async (
  db: Executor,
  videoId: number,
  seen: { state: string; toVersion: number; undoUntil: Date | null },
) => {
  const same = and(eq(videoTrims.videoId, videoId), eq(videoTrims.toVersion, seen.toVersion));
  if (seen.state === 'undone')
    await db.delete(videoTrims).where(and(same, eq(videoTrims.state, 'undone')));
  else if (seen.undoUntil && seen.undoUntil <= new Date())
    await db
      .update(videoTrims)
      .set({ undoUntil: null, chaptersBefore: null })
      .where(and(same, lt(videoTrims.undoUntil, sql`now()`)));
};

/** The version before the cut is no longer offered: the next sweep removes it. */
export const endUndo = (tx: Executor, videoId: number) =>
  tx
    .update(videoTrims)
    .set({ undoUntil: sql`now()`, chaptersBefore: null, updatedAt: new Date() })
    .where(and(eq(videoTrims.videoId, videoId), isNotNull(videoTrims.undoUntil)));

/** What a cut reads of its video: its rungs and the version of its media served now. */
export const videoRungs = async (db: Executor, videoId: number) => {
  const [row] = await db
    .select({
      processing: videos.processing,
      rungs: videos.rungs,
      mediaVersion: videos.mediaVersion,
    })
    .from(videos)
    .where(eq(videos.id, videoId));
  return row && { ...row, id: videoId, rungs: row.rungs.map(Number) };
};

/** The version before the cut is served again: the cut's files wait for the sweep. */
export const markUndone = (tx: Executor, videoId: number) =>
  tx
    .update(videoTrims)
    .set({ state: 'undone', undoUntil: null, chaptersBefore: null, updatedAt: new Date() })
    .where(eq(videoTrims.videoId, videoId));

/** The cuts running or waiting, then those failed in the last 7 days, of videos `visible`. */
export const trimActivity = (db: Executor, visible: SQL, limit: number) =>
  db
    .select({
      videoId: videoTrims.videoId,
      title: videos.title,
      state: videoTrims.state,
      progress: videoTrims.progress,
      error: videoTrims.error,
      updatedAt: videoTrims.updatedAt,
    })
    .from(videoTrims)
    .innerJoin(videos, eq(videos.id, videoTrims.videoId))
    .where(
      and(
        visible,
        or(
          inArray(videoTrims.state, [...ACTIVE_TRIM_STATES, 'awaiting']),
          and(
            eq(videoTrims.state, 'failed'),
            sql`${videoTrims.updatedAt} > now() - interval '7 days'`,
          ),
        ),
      ),
    )
    .orderBy(sql`${videoTrims.state} = 'failed'`, desc(videoTrims.updatedAt))
    .limit(limit);

/**
 * The cut its encode is to make (asked before the encode; `running` when an encode cut short
 * is tried again), now marked running; undefined when none.
 */
export const startEncodeTrim = async (db: Executor, videoId: number) => {
  const [row] = await db
    .update(videoTrims)
    .set({ state: 'running', progress: 0, updatedAt: new Date() })
    .where(
      and(
        eq(videoTrims.videoId, videoId),
        eq(videoTrims.atEncode, true),
        inArray(videoTrims.state, ['awaiting', 'running']),
      ),
    )
    .returning();
  return row;
};

/** Drops a cut awaiting the encode (its plan undone, or a new original to cut anew). */
export const dropAwaitingTrim = (tx: Executor, videoId: number) =>
  tx
    .delete(videoTrims)
    .where(and(eq(videoTrims.videoId, videoId), eq(videoTrims.state, 'awaiting')));
