import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { visibleDirect } from '../../access/visibility.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { directs, liveProblems, lives } from '../../db/schema.ts';
import { insertVideo, markRawUploaded } from '../../db/video-processing.ts';
import { liveTransitions, type LiveRowState, type LiveTransition } from './live-states.ts';

/**
 * The SQL of Plateau Live, and the one writer of a live's states (their transitions are data,
 * in live-states.ts). Each transition is one conditional UPDATE naming the states it may leave, so a transition that no longer applies (another
 * request or a restart moved the live) changes nothing and answers undefined.
 */

export type { LiveRowState } from './live-states.ts';

export interface LiveRow {
  id: number;
  directId: number;
  state: LiveRowState;
  startedAt: Date;
  lostAt: Date | null;
  endedAt: Date | null;
  parts: number;
  videoId: number | null;
  /** When a geek pressed "Terminer le direct" on a process that does not run the live. */
  endRequestedAt: Date | null;
  /** How far the REDIFF is while `ending` (0-99), else null. */
  rediffProgress: number | null;
}

const liveSelection = {
  id: lives.id,
  directId: lives.directId,
  state: lives.state,
  startedAt: lives.startedAt,
  lostAt: lives.lostAt,
  endedAt: lives.endedAt,
  parts: lives.parts,
  videoId: lives.videoId,
  endRequestedAt: lives.endRequestedAt,
  rediffProgress: lives.rediffProgress,
};

const toLive = (row: typeof lives.$inferSelect | undefined): LiveRow | undefined =>
  row && { ...row, state: row.state as LiveRowState };

// ---- stream keys ----

export const findStreamKey = async (db: Executor, directId: number) => {
  const [row] = await db
    .select({
      streamKey: directs.streamKey,
      liveUrl: directs.liveUrl,
      lowLatency: directs.lowLatency,
    })
    .from(directs)
    .where(eq(directs.id, directId));
  return row;
};

/** « Latence faible » on or off for the direct's next parts. */
export const setLowLatency = async (db: Executor, directId: number, lowLatency: boolean) => {
  await db.update(directs).set({ lowLatency }).where(eq(directs.id, directId));
};

/** Sets (or clears, with null) the key and the live URL that goes with it. */
export const setStreamKey = async (
  db: Executor,
  directId: number,
  streamKey: string | null,
  liveUrl: string,
): Promise<boolean> =>
  (
    await db
      .update(directs)
      .set({ streamKey, liveUrl })
      .where(eq(directs.id, directId))
      .returning({ id: directs.id })
  ).length === 1;

export const findDirectByStreamKey = async (db: Executor, streamKey: string) => {
  const [row] = await db
    .select({ id: directs.id, title: directs.title, lowLatency: directs.lowLatency })
    .from(directs)
    .where(eq(directs.streamKey, streamKey));
  return row;
};

// ---- lives ----

/** The direct's live that is not over, if any (at most one: a unique partial index). */
export const findOpenLive = async (db: Executor, directId: number) =>
  toLive(
    (
      await db
        .select()
        .from(lives)
        .where(and(eq(lives.directId, directId), ne(lives.state, 'ended')))
        .for('update')
    )[0],
  );

/** The direct's newest live, over or not. */
export const findLatestLive = async (db: Executor, directId: number) =>
  toLive(
    (
      await db
        .select()
        .from(lives)
        .where(eq(lives.directId, directId))
        .orderBy(desc(lives.id))
        .limit(1)
    )[0],
  );

export const listOpenLives = async (db: Executor): Promise<LiveRow[]> =>
  (await db.select().from(lives).where(ne(lives.state, 'ended'))).map((row) => toLive(row)!);

/** Takes `transition` (live-states.ts) if the live is in one of its `from` states. */
const moved = async (
  db: Executor,
  id: number,
  transition: LiveTransition,
  set: PgUpdateSetSource<typeof lives> = {},
) =>
  toLive(
    (
      await db
        .update(lives)
        .set({ ...set, state: liveTransitions[transition].to })
        .where(and(eq(lives.id, id), inArray(lives.state, [...liveTransitions[transition].from])))
        .returning()
    )[0],
  );

/** A first publish: a new live, in its first part. */
export const insertLive = async (db: Executor, directId: number): Promise<LiveRow> =>
  toLive(
    (
      await db.insert(lives).values({ directId, state: 'live', parts: 1 }).returning(liveSelection)
    )[0] as typeof lives.$inferSelect,
  )!;

/** The encoder came back within the grace: the same live, one part more. */
export const markResumed = (db: Executor, id: number) =>
  moved(db, id, 'resumed', {
    lostAt: null,
    parts: sql`${lives.parts} + 1`,
    partStartedAt: sql`now()`,
  });

/** The encoder is gone; the grace runs from now (a restart counts as a loss too). */
export const markLost = (db: Executor, id: number, at: Date) =>
  moved(db, id, 'lost', {
    lostAt: at,
    // The part that ends is added to the time on the air (a chat message's place in the REDIFF).
    airMs: sql`${lives.airMs} + greatest(0, (extract(epoch from (${at.toISOString()}::timestamptz - ${lives.partStartedAt})) * 1000)::bigint)`,
  });

export const markEnding = (db: Executor, id: number) =>
  moved(db, id, 'ending', { endedAt: new Date() });

export const markEnded = (db: Executor, id: number, videoId: number | null) =>
  moved(db, id, 'ended', { videoId, rediffProgress: null });

/** How far the ending live's REDIFF is; nothing once the live is over. */
export const setRediffProgress = async (db: Executor, id: number, percent: number) => {
  await db
    .update(lives)
    .set({ rediffProgress: percent })
    .where(and(eq(lives.id, id), eq(lives.state, 'ending')));
};

export const findLive = async (db: Executor, id: number): Promise<LiveRow | undefined> =>
  toLive((await db.select().from(lives).where(eq(lives.id, id)))[0]);

// ---- "Terminer le direct" asked on another process than the station's ----

/** Asks the station to end the live; nothing when it is already ending or over. */
export const requestEnd = async (db: Executor, id: number) => {
  await db
    .update(lives)
    .set({ endRequestedAt: sql`now()` })
    .where(and(eq(lives.id, id), inArray(lives.state, ['live', 'reconnecting'])));
};

/** The directs, among these, whose running live a geek asked to end. */
export const listEndRequested = async (db: Executor, directIds: number[]): Promise<number[]> =>
  (
    await db
      .select({ directId: lives.directId })
      .from(lives)
      .where(
        and(
          inArray(lives.directId, directIds),
          inArray(lives.state, ['live', 'reconnecting']),
          isNotNull(lives.endRequestedAt),
        ),
      )
  ).map((row) => row.directId);

// ---- problems (French, for geeks) ----

export const setProblem = async (db: Executor, directId: number, message: string) => {
  await db
    .insert(liveProblems)
    .values({ directId, message })
    .onConflictDoUpdate({ target: liveProblems.directId, set: { message, at: new Date() } });
};

export const clearProblem = async (db: Executor, directId: number) => {
  await db.delete(liveProblems).where(eq(liveProblems.directId, directId));
};

export const findProblem = async (db: Executor, directId: number) =>
  (
    await db
      .select({ message: liveProblems.message })
      .from(liveProblems)
      .where(eq(liveProblems.directId, directId))
  )[0]?.message ?? null;

// ---- settings: the settings row's writer is db/site-settings.ts ----

export { claimCurrentDirect, readLiveSettings, writeLiveSettings } from '../../db/site-settings.ts';

// ---- the REDIFF ----

export const findDirectForRediff = async (db: Executor, directId: number) => {
  const [row] = await db
    .select({
      title: directs.title,
      description: directs.description,
      privacy: directs.privacy,
      promotion: directs.promotion,
      gpaRestricted: directs.gpaRestricted,
    })
    .from(directs)
    .where(eq(directs.id, directId));
  return row;
};

/** A new video's id, taken before its row exists: its raw file is stored under it first. */
export const reserveVideoId = async (db: Executor): Promise<number> => {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('videos', 'id'))::integer as id`,
  )) as unknown as { rows: { id: number }[] };
  return Number(result.rows[0]!.id);
};

/** The REDIFF's row under its reserved id, its raw file stored (processing 1, in /pending). */
export const insertRediffVideo = async (
  db: Executor,
  fields: {
    id: number;
    title: string;
    description: string;
    privacy: number;
    promotion: number;
    gpaRestricted: boolean;
    date: Date;
    directId: number;
  },
): Promise<number> => {
  const id = await insertVideo(db, { ...fields, authorId: null });
  if (!(await markRawUploaded(db, id, 0))) throw new Error('new video refused its raw file');
  return id;
};

/** The direct's privacy and whether this viewer may see it (the one visibility rule). */
export const findDirectAccess = async (db: Executor, viewer: Viewer, id: number) => {
  const [row] = await db
    .select({
      id: directs.id,
      privacy: directs.privacy,
      streamKey: directs.streamKey,
      visible: sql<boolean>`${visibleDirect(viewer)}`.mapWith(Boolean),
    })
    .from(directs)
    .where(eq(directs.id, id));
  return row;
};

/** A direct row locked for a read-modify-write of its broadcast settings. */
export const lockDirectBroadcast = async (db: Executor, id: number) => {
  const [row] = await db
    .select({
      streamKey: directs.streamKey,
      liveUrl: directs.liveUrl,
      lowLatency: directs.lowLatency,
    })
    .from(directs)
    .where(eq(directs.id, id))
    .for('update');
  return row;
};

export { markEncodeQueued } from '../../db/video-processing.ts';
