import { mediaKeys } from '../../storage/media-storage.ts';
import { TrimRefusedError } from './trim-publish.ts';
import { trimVideo, type TrimContext } from './trim-video.ts';
import * as trims from './trims.repository.ts';

const FAILED = 'Le montage a échoué ; la vidéo est restée comme avant';
/** The page asks every 2 s: progress is written no more often. */
const PROGRESS_INTERVAL_MS = 2_000;

interface CutAsked {
  videoId: number;
  toVersion: number;
}

const progressOf = (ctx: TrimContext, cut: CutAsked) => {
  let lastWrite = 0;
  return (percent: number) => {
    if (Date.now() - lastWrite < PROGRESS_INTERVAL_MS) return;
    lastWrite = Date.now();
    void trims
      .updateTrim(ctx.db, cut.videoId, cut.toVersion, { progress: percent })
      .catch(() => undefined);
  };
};

/**
 * Makes a cut (`trimVideo`) and records how it ended: a failure leaves the video as it was,
 * its reason in French on the row, the cut's files gone. An abort (a shutdown) is thrown on:
 * the cut is made again by whoever takes it next. The caller holds the video.
 */
export const runTrim = async (
  ctx: TrimContext,
  cut: CutAsked,
  signal: AbortSignal,
  atEncode?: { rungs: number[] },
) => {
  try {
    const outcome = await trimVideo(ctx, cut, signal, progressOf(ctx, cut), atEncode);
    if (outcome === 'done')
      ctx.log.info(`video ${cut.videoId}: cut applied (version ${cut.toVersion})`);
  } catch (error) {
    if (signal.aborted) throw error;
    const reason = error instanceof TrimRefusedError ? error.message : FAILED;
    ctx.log.warn(`video ${cut.videoId}: cut failed (${(error as Error).message})`);
    await ctx.storage.removePrefix(mediaKeys.versionFolder(cut.videoId, cut.toVersion));
    await trims.updateTrim(ctx.db, cut.videoId, cut.toVersion, {
      state: 'failed',
      progress: null,
      error: reason,
    });
  }
};

/**
 * The cut a video's encode makes before publishing it, asked while it waited in /pending: on
 * the renditions the encode has just stored (`rungs`), so nobody sees the video uncut. A cut
 * that fails leaves the whole video, published, and says why.
 */
export const createEncodeCut =
  (ctx: TrimContext) =>
  async (videoId: number, rungs: number[], signal: AbortSignal): Promise<void> => {
    const trim = await trims.startEncodeTrim(ctx.db, videoId);
    if (trim) await runTrim(ctx, trim, signal, { rungs });
  };
