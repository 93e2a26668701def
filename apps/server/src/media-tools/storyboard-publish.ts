import { Readable } from 'node:stream';
import type { MediaBinaries } from './binaries.ts';
import { FfmpegAbortedError, runFfmpeg } from './ffmpeg-runner.ts';
import { probeVideo } from './probe.ts';
import { buildStoryboardArgs, buildStoryboardVtt, storyboardLayout } from './storyboard.ts';
import { mediaKeys, type MediaStorage } from '../storage/media-storage.ts';
import { MissingMediaError } from '../storage/storage-errors.ts';

export interface StoryboardContext {
  storage: MediaStorage;
  binaries: Pick<MediaBinaries, 'ffmpeg' | 'ffprobe'>;
  log: { info(msg: string): void; warn(msg: string): void };
}

/** Whose storyboard, in which version of its media (`mediaKeys.versionFolder`). */
export interface StoryboardTarget {
  videoId: number;
  version: number;
}

/** A storyboard's own temporary files: `.storyboard-<video>-`, swept like any crash debris. */
export const storyboardScratchMarker = (videoId: number) => `.storyboard-${videoId}-`;
const tempName = (videoId: number, name: string) => `${storyboardScratchMarker(videoId)}${name}`;

/** Removes a video's storyboard (a stale one must not outlive the renditions it showed). */
export const removeStoryboard = async (storage: MediaStorage, videoId: number, version: number) => {
  await storage.remove(mediaKeys.storyboardVtt(videoId, version));
  await storage.remove(mediaKeys.storyboardImage(videoId, version));
};

/**
 * Makes the video's storyboard from one of its renditions (`rungFile`, the smallest: the
 * cheapest to decode) and moves it into place: the image first, then the track that points at
 * it, so a track is never answered before its image. Called by the encode just before it
 * publishes, and callable on an already published video (the background job for old videos).
 * Any failure but an abort costs only the storyboard: logged, the previous one removed, and the
 * video published without. Returns whether a storyboard is in place.
 */
export const publishStoryboard = async (
  ctx: StoryboardContext,
  { videoId, version }: StoryboardTarget,
  rungFile: string,
  signal?: AbortSignal,
): Promise<boolean> => {
  const { storage, binaries } = ctx;
  const image = await storage.tempPath(tempName(videoId, 'storyboard.jpg'));
  let track: string | null = null;
  try {
    const probe = await probeVideo(binaries.ffprobe, rungFile);
    if (!probe) throw new Error(`ffprobe cannot read ${rungFile}`);
    const layout = storyboardLayout(probe);
    await runFfmpeg(binaries.ffmpeg, buildStoryboardArgs(rungFile, layout, image), { signal });
    track = await storage.writeTemp(
      Readable.from([buildStoryboardVtt(layout)]),
      tempName(videoId, 'storyboard.vtt'),
    );
    await storage.commit(image, mediaKeys.storyboardImage(videoId, version));
    await storage.commit(track, mediaKeys.storyboardVtt(videoId, version));
    return true;
  } catch (error) {
    if (error instanceof FfmpegAbortedError) throw error;
    ctx.log.warn(`video ${videoId}: no storyboard (${(error as Error).message})`);
    await removeStoryboard(storage, videoId, version).catch(() => undefined);
    return false;
  } finally {
    // After the commits these are no-ops: the files were renamed away.
    await storage.discardTemp(image);
    if (track) await storage.discardTemp(track);
  }
};

/**
 * The storyboard of a stored rendition (`rungKey`), made from a local file of it: the stored one
 * itself on a local disk, else a scratch copy removed afterwards. A rendition gone meanwhile
 * costs only the storyboard, as an unreadable one does.
 */
export const publishStoryboardOf = async (
  ctx: StoryboardContext,
  target: StoryboardTarget,
  rungKey: string,
  signal?: AbortSignal,
): Promise<boolean> => {
  const { videoId, version } = target;
  try {
    return await ctx.storage.withLocalFile(rungKey, (file) =>
      publishStoryboard(ctx, target, file, signal),
    );
  } catch (error) {
    if (!(error instanceof MissingMediaError)) throw error;
    ctx.log.warn(`video ${videoId}: no storyboard (${error.message})`);
    await removeStoryboard(ctx.storage, videoId, version).catch(() => undefined);
    return false;
  }
};

/**
 * The encode's step, once its rungs are in place and before the video is marked published:
 * the storyboard of the smallest new rung replaces the previous encode's.
 */
export const storyboardStep = (
  ctx: StoryboardContext,
  target: StoryboardTarget,
  rungs: readonly number[],
  signal: AbortSignal,
) =>
  publishStoryboardOf(
    ctx,
    target,
    mediaKeys.rung(target.videoId, Math.min(...rungs), target.version),
    signal,
  );
