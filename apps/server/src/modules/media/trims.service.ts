import { randomInt } from 'node:crypto';
import type { KeptRange, TrimActivity, TrimActivityList, TrimStatus } from '@plateau/contract';
import { keptSpansProblem, Processing } from '@plateau/contract';
import { requireMember } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { SignedInViewer, Viewer } from '../../access/viewer.ts';
import { visibleVideo } from '../../access/visibility.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { sendTrimJob } from '../../jobs/trim-queue.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import { deleteCaption, listCaptions } from './captions.repository.ts';
import { replaceChapters } from './chapters.repository.ts';
import { findVideoMedia, lockVideoProcessing } from './media.repository.ts';
import { CHANGED } from './trim-publish.ts';
import * as trims from './trims.repository.ts';
import { renditionSeconds } from '../../media-tools/video-duration.ts';
import { composeKept, servedKept } from '../../lib/kept-ranges.ts';

const NOT_PUBLISHED = 'Seule une vidéo envoyée, et pas en cours d’encodage, peut être montée';
const NOT_INDEXED =
  "Cette vidéo doit d'abord être convertie (Système, « Conversion des vidéos ») pour être montée";
const ALREADY = 'Un montage de cette vidéo est déjà en cours';
const NO_UNDO = 'Ce montage ne peut plus être annulé';

/** Kept ranges as stored: whole milliseconds. */
const keptMs = (keep: KeptRange[]): [number, number][] =>
  keep.map(({ start, end }) => [Math.round(start * 1000), Math.round(end * 1000)]);
const ACTIVITY_LISTED = 50;

/** The row as the edit page reads it: an undone cut is no cut, an undo past its time none. */
export const trimStatusOf = (row: trims.TrimRow | undefined, now = new Date()): TrimStatus => {
  if (!row || row.state === 'undone')
    return { state: 'none', keep: [], progress: null, error: null, undoUntil: null };
  const undo = row.state === 'done' && row.undoUntil && row.undoUntil > now ? row.undoUntil : null;
  return {
    state: row.state as TrimStatus['state'],
    keep: row.keepMs.map(([start, end]) => ({ start: start / 1000, end: end / 1000 })),
    progress: row.state === 'running' ? (row.progress ?? 0) : null,
    error: row.state === 'failed' ? row.error : null,
    undoUntil: undo ? undo.toISOString() : null,
  };
};

/**
 * « Montage » (issue 34): a member who may see a video asks for a cut of it (the ranges to
 * keep); the job makes it beside the version served and switches to it (trim-video.ts); for
 * TRIM_UNDO_DAYS the version before can be brought back.
 */
export const createTrimsService = (deps: {
  db: Database;
  storage: MediaStorage;
  jobs: JobQueue;
  config: Pick<Config, 'encodeJobTimeoutSeconds'>;
}) => {
  const { db, storage, jobs, config } = deps;
  const editableVideo = async (viewer: Viewer, id: number) => {
    requireMember(viewer);
    return requireVisible(await findVideoMedia(db, viewer, id), viewer, notFoundMessage.video);
  };
  const current = async (id: number) => trimStatusOf(await trims.findTrim(db, id));

  /**
   * A video not encoded yet (a REDIFF in /pending): the ranges wait for its encode, which cuts
   * its fresh renditions before publishing them, so nobody sees it uncut. Its length is known
   * to the encode only: ranges past the end are clipped there.
   */
  const planForEncode = async (viewer: SignedInViewer, id: number, keep: KeptRange[]) => {
    const problem = keptSpansProblem(keep, Number.POSITIVE_INFINITY);
    if (problem) throw badRequest(problem);
    await db.transaction(async (tx) => {
      const locked = await lockVideoProcessing(tx, id);
      if (!locked) throw notFound(notFoundMessage.video);
      if (locked.processing !== Processing.Uploaded) throw conflict(NOT_PUBLISHED);
      // The first version is the one its encode cuts: a plan asked before replaces the last.
      const row = {
        videoId: id,
        keepMs: keptMs(keep),
        originalKeepMs: keptMs(keep),
        originalBeforeMs: null,
        fromVersion: locked.mediaVersion,
        toVersion: randomInt(1, 2 ** 31),
        requestedBy: viewer.userId,
      };
      await trims.saveTrim(tx, row, 'awaiting');
    });
    return current(id);
  };

  return {
    /** The cuts on their way and those failed this week, of the videos this member may see. */
    async activity(viewer: Viewer): Promise<TrimActivityList> {
      requireMember(viewer);
      const rows = await trims.trimActivity(db, visibleVideo(viewer), ACTIVITY_LISTED);
      return {
        cuts: rows.map((row) => ({
          ...row,
          state: row.state as TrimActivity['state'],
          progress: row.state === 'running' ? (row.progress ?? 0) : null,
          error: row.state === 'failed' ? row.error : null,
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    },

    async status(viewer: Viewer, id: number): Promise<TrimStatus> {
      await editableVideo(viewer, id);
      return current(id);
    },

    async apply(viewer: Viewer, id: number, keep: KeptRange[]): Promise<TrimStatus> {
      const video = await editableVideo(viewer, id);
      if (video.processing === Processing.Uploaded) return planForEncode(viewer!, id, keep);
      if (video.processing !== Processing.Published || video.rungs.length === 0)
        throw conflict(NOT_PUBLISHED);
      const duration = await renditionSeconds(storage, video);
      if (duration === null) throw conflict(NOT_INDEXED);
      const problem = keptSpansProblem(keep, duration);
      if (problem) throw badRequest(problem);
      const boss = await jobs.boss();
      let toVersion = randomInt(1, 2 ** 31);
      if (toVersion === video.mediaVersion || toVersion === video.keptVersion) toVersion += 1;
      await db.transaction(async (tx) => {
        const locked = await lockVideoProcessing(tx, id);
        if (!locked) throw notFound(notFoundMessage.video);
        if (locked.processing !== Processing.Published) throw conflict(NOT_PUBLISHED);
        if (locked.mediaVersion !== video.mediaVersion) throw conflict(CHANGED);
        if (await trims.trimActive(tx, id)) throw conflict(ALREADY);
        const served = servedKept(await trims.findTrim(tx, id));
        await trims.saveTrim(
          tx,
          {
            videoId: id,
            keepMs: keptMs(keep),
            originalKeepMs: composeKept(served, keptMs(keep)),
            originalBeforeMs: served,
            fromVersion: locked.mediaVersion,
            toVersion,
            requestedBy: viewer!.userId,
          },
          'queued',
        );
        await sendTrimJob(boss, tx, { videoId: id, toVersion }, config);
      });
      return current(id);
    },

    /**
     * « Annuler le montage »: the version before the cut is served again, with its chapters;
     * a caption sent since the cut (which that version lacks) goes. The cut's files stay for
     * the viewers who started it, until the next sweep.
     */
    async undo(viewer: Viewer, id: number): Promise<TrimStatus> {
      await editableVideo(viewer, id);
      const trim = await trims.findTrim(db, id);
      // A cut still waiting for the encode: nothing made yet, the plan goes.
      if (trim?.state === 'awaiting') {
        await trims.dropAwaitingTrim(db, id);
        return current(id);
      }
      if (!trim || trimStatusOf(trim).undoUntil === null) throw conflict(NO_UNDO);
      const captions = await listCaptions(db, id);
      const missing: string[] = [];
      for (const { language } of captions) {
        if (!(await storage.stat(mediaKeys.caption(id, language, trim.fromVersion))))
          missing.push(language);
      }
      await db.transaction(async (tx) => {
        const locked = await lockVideoProcessing(tx, id);
        if (!locked) throw notFound(notFoundMessage.video);
        const now = await trims.findTrim(tx, id);
        if (
          locked.mediaVersion !== trim.toVersion ||
          now?.toVersion !== trim.toVersion ||
          trimStatusOf(now).undoUntil === null
        )
          throw conflict(NO_UNDO);
        await replaceChapters(
          tx,
          id,
          (trim.chaptersBefore ?? []).map(([startMs, title]) => ({ startMs, title })),
        );
        for (const language of missing) await deleteCaption(tx, id, language);
        await trims.setMediaVersion(tx, id, trim.fromVersion);
        await trims.markUndone(tx, id);
      });
      return current(id);
    },
  };
};

export type TrimsService = ReturnType<typeof createTrimsService>;
