import { Processing } from '@plateau/contract';
import type { Database } from '../../db/client.ts';
import { cutChapters, type KeptSpan } from '../../media-tools/trim-timeline.ts';
import { listCaptions } from './captions.repository.ts';
import { listChapters, replaceChapters } from './chapters.repository.ts';
import { lockVideoProcessing } from './media.repository.ts';
import * as trims from './trims.repository.ts';

/** A cut that cannot be made: its French reason is what the edit page shows. */
export class TrimRefusedError extends Error {}

/** What a change to a video being cut is answered (409). */
export const TRIM_IN_PROGRESS =
  'Un montage de cette vidéo est en cours : réessayez quand il sera fini';

export const CHANGED = 'La vidéo a changé pendant le montage ; relancez-le';

const DAY_MS = 24 * 60 * 60 * 1000;

type CaptionRows = Awaited<ReturnType<typeof listCaptions>>;

const sameCaptions = (a: CaptionRows, b: CaptionRows) =>
  a.length === b.length &&
  a.every(
    (row, at) =>
      row.language === b[at]!.language && row.updatedAt.getTime() === b[at]!.updatedAt.getTime(),
  );

/**
 * Switches a video to its cut version in one short transaction, once every file of it is stored:
 * its chapters move with the cut, the version before is kept for the undo. Refused (nothing
 * changed) when the video changed meanwhile: another encode, a caption sent, the cut replaced.
 */
export const publishTrim = async (
  ctx: { db: Database; undoDays: number },
  cut: {
    videoId: number;
    from: number;
    to: number;
    /** What the video is at: published, or being encoded (a cut its encode makes). */
    processing: Processing;
    /** The rungs the cut was made of; null when the encode is about to list them. */
    rungs: number[] | null;
    captions: CaptionRows;
    spans: KeptSpan[];
  },
) => {
  await ctx.db.transaction(async (tx) => {
    const video = await lockVideoProcessing(tx, cut.videoId);
    const trim = await trims.findTrim(tx, cut.videoId);
    if (
      video?.processing !== cut.processing ||
      video.mediaVersion !== cut.from ||
      (cut.rungs !== null &&
        video.rungs.map(Number).sort().join() !== [...cut.rungs].sort().join()) ||
      trim?.toVersion !== cut.to ||
      trim.state !== 'running' ||
      !sameCaptions(await listCaptions(tx, cut.videoId), cut.captions)
    )
      throw new TrimRefusedError(CHANGED);
    const chapters = await listChapters(tx, cut.videoId);
    const moved = cutChapters(chapters, cut.spans).map((chapter) => ({
      startMs: Math.round(chapter.start * 1000),
      title: chapter.title,
    }));
    await replaceChapters(tx, cut.videoId, moved);
    await trims.setMediaVersion(tx, cut.videoId, cut.to);
    await trims.markTrimDone(tx, cut.videoId, {
      chaptersBefore: chapters.map((chapter) => [Math.round(chapter.start * 1000), chapter.title]),
      undoUntil: new Date(Date.now() + ctx.undoDays * DAY_MS),
    });
  });
};
