import { Processing } from '@plateau/contract';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import type { JobLiveness } from '../../jobs/liveness.ts';
import type { MediaBinaries } from '../../media-tools/binaries.ts';
import {
  buildEncodeArgs,
  buildThumbnailArgs,
  planRungs,
  RUNGS,
} from '../../media-tools/encode-args.ts';
import type { RungOutput } from '../../media-tools/encode-args.ts';
import { encodeOutputBytes } from '../../media-tools/encode-size.ts';
import { FfmpegAbortedError, FfmpegError, runFfmpeg } from '../../media-tools/ffmpeg-runner.ts';
import { probeVideo, type ProbeResult } from '../../media-tools/probe.ts';
import { decideTopRungCopy } from '../../media-tools/video-copy.ts';
import { describeDiskCheck, type DiskGuard } from '../../storage/free-space.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import { removeMarkedFiles, removeWorkingCopies } from '../../storage/scratch-folder.ts';
import { MissingMediaError } from '../../storage/storage-errors.ts';
import * as repository from './encoding.repository.ts';
import { storyboardScratchMarker, storyboardStep } from '../../media-tools/storyboard-publish.ts';
import {
  indexRenditions,
  publishRendition,
  removeRendition,
} from '../../media-tools/rendition-publish.ts';

export interface EncodeContext {
  db: Database;
  storage: MediaStorage;
  binaries: MediaBinaries;
  /** Who holds which video: an encode publishes only while its worker still holds it. */
  liveness: Pick<JobLiveness, 'holds'>;
  /** DISK_FREE_FLOOR: an encode starts only with room for all it may write above it. */
  disk: Pick<DiskGuard, 'check'>;
  log: { info(msg: string): void; warn(msg: string): void };
  /** The local folder of working copies downloaded from a bucket (DATA_DIR/scratch). */
  scratchDir?: string;
  /**
   * Makes the cut (« Montage ») asked while the video waited in /pending, on the rungs just
   * stored, before the video is published (the cut's own module: the wiring gives it).
   */
  cutBeforePublishing?: (videoId: number, rungs: number[], signal: AbortSignal) => Promise<void>;
}

/**
 * `waiting`: the disk has no room for the encode (or filled up during it, its files removed):
 * the video stays at 2 and the caller queues it again for later.
 */
export type EncodeOutcome = 'published' | 'failed' | 'skipped' | 'waiting';

/** Progress is written at most once a second: enough for a progress bar, light on the DB. */
const PROGRESS_INTERVAL_MS = 1000;

type JobVideo = NonNullable<Awaited<ReturnType<typeof repository.findJobVideo>>>;

/** This worker no longer holds the video (its lock connection was lost): publish nothing. */
class VideoLockLostError extends Error {}

/** A video's temporary files: `.encode-<video>-`, the next attempt finds a killed one's. */
const videoMarker = (videoId: number) => `.encode-${videoId}-`;

/**
 * Each attempt writes its own files (`.encode-<video>-<attempt>-<name>`): an encoder that
 * outlived its worker can never write into the files of the attempt that replaced it.
 */
const attemptSuffix = (videoId: number) => {
  const attempt = randomBytes(4).toString('hex');
  return (name: string) => `${videoMarker(videoId)}${attempt}-${name}`;
};

/**
 * Deletes what an interrupted encode of this video left, its storyboard's files too (we hold
 * the video: none runs).
 */
const removeStaleTemps = async (storage: MediaStorage, videoId: number) =>
  removeMarkedFiles(path.dirname(await storage.tempPath()), [
    videoMarker(videoId),
    storyboardScratchMarker(videoId),
  ]);

const throttledProgress = (db: Database, videoId: number) => {
  let lastWrite = 0;
  let pending: Promise<void> = Promise.resolve();
  const report = (percent: number) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_INTERVAL_MS) return;
    lastWrite = now;
    pending = pending
      .then(() => repository.setProgress(db, videoId, percent))
      .catch(() => undefined);
  };
  return { report, settled: () => pending };
};

/** A JPEG from the video's own frames; a failure only costs the thumbnail, never the encode. */
const makeThumbnail = async (
  ctx: EncodeContext,
  videoId: number,
  input: string,
  durationSeconds: number,
  signal: AbortSignal,
  tempSuffix: (name: string) => string,
): Promise<string | null> => {
  const file = await ctx.storage.tempPath(tempSuffix('thumbnail.jpg'));
  try {
    await runFfmpeg(ctx.binaries.ffmpeg, buildThumbnailArgs(input, { durationSeconds }, file), {
      signal,
    });
    return file;
  } catch (error) {
    await ctx.storage.discardTemp(file);
    if (error instanceof FfmpegAbortedError) throw error;
    ctx.log.warn(`video ${videoId}: no thumbnail (${(error as Error).message})`);
    return null;
  }
};

/**
 * The one ffmpeg run writing every rung, the top one copied from the source when it fits. A
 * copy ffmpeg refuses (a source whose stream the header and packets did not betray) costs one
 * more run, re-encoding everything, rather than the upload.
 */
const encodeRungs = async (
  ctx: EncodeContext,
  videoId: number,
  job: { input: string; source: ProbeResult; outputs: RungOutput[] },
  signal: AbortSignal,
  onProgress: (percent: number) => void,
) => {
  const { input, source, outputs } = job;
  const top = outputs[0]!.rung;
  const copy = await decideTopRungCopy(ctx.binaries.ffprobe, input, source, top, signal);
  ctx.log.info(
    `video ${videoId}: ${top} rung ${copy.copy ? 'copied from the source' : `re-encoded (${copy.reason})`}`,
  );
  const run = (copyTopRung: boolean) =>
    runFfmpeg(ctx.binaries.ffmpeg, buildEncodeArgs(input, source, outputs, { copyTopRung }), {
      signal,
      durationSeconds: source.durationSeconds,
      onProgress,
    });
  try {
    await run(copy.copy);
  } catch (error) {
    if (!(copy.copy && error instanceof FfmpegError) || error.diskFull) throw error;
    ctx.log.warn(
      `video ${videoId}: copying the ${top} rung failed (${error.message}), re-encoding`,
    );
    await run(false);
  }
};

const sourceUnreadable = async (ctx: EncodeContext, videoId: number): Promise<EncodeOutcome> => {
  await repository.markEncodeFailed(
    ctx.db,
    videoId,
    'Fichier source absent ou illisible par ffprobe',
  );
  return 'failed';
};

const encodeFrom = async (
  ctx: EncodeContext,
  videoId: number,
  video: JobVideo,
  input: string,
  signal: AbortSignal,
): Promise<EncodeOutcome> => {
  const { db, storage, binaries } = ctx;
  const source = await probeVideo(binaries.ffprobe, input);
  if (!source) return sourceUnreadable(ctx, videoId);

  const rungs = planRungs(source);
  // Room for everything this encode may write, above the floor; else it waits, unstarted.
  const needed = encodeOutputBytes({
    rungs,
    durationSeconds: source.durationSeconds,
    sourceBytes: (await storage.stat(mediaKeys.raw(videoId, video.rawVersion)))?.size ?? 0,
  });
  const room = await ctx.disk.check(needed);
  if (!room.ok) {
    // Said once, when it starts waiting: the retries of a long wait stay quiet.
    if (video.encodingWait === null) {
      ctx.log.warn(`video ${videoId}: encode waits for disk space (${describeDiskCheck(room)})`);
    }
    return 'waiting';
  }
  if (video.encodingWait !== null) {
    const back = video.encodingWait === 'disk' ? 'disk space is back' : 'media storage is back';
    ctx.log.info(`video ${videoId}: ${back}, encoding`);
  }
  if (!(await repository.markEncodeStarted(db, videoId))) return 'skipped';

  const tempSuffix = attemptSuffix(videoId);
  const outputs: RungOutput[] = [];
  const temps: string[] = [];
  const progress = throttledProgress(db, videoId);
  try {
    for (const rung of rungs) {
      const file = await storage.tempPath(tempSuffix(`${rung}.mp4`));
      temps.push(file);
      outputs.push({ rung, file });
    }
    await encodeRungs(ctx, videoId, { input, source, outputs }, signal, progress.report);
    const indexes = await indexRenditions(storage, videoId, outputs, tempSuffix, ctx.log);
    temps.push(...indexes.values());
    const thumbnail = video.hasThumbnail
      ? null
      : await makeThumbnail(ctx, videoId, input, source.durationSeconds, signal, tempSuffix);
    if (thumbnail) temps.push(thumbnail);
    await progress.settled();

    // Deleted or replaced while encoding: nothing to publish.
    const current = await repository.findJobVideo(db, videoId);
    if (!current || current.processing !== Processing.Encoding) return 'skipped';
    if (!(await ctx.liveness.holds(videoId))) {
      throw new VideoLockLostError(`video ${videoId}: lock lost before publishing`);
    }
    // Under the names of the version served now: a replaced original ends the cut it had.
    const version = current.mediaVersion;
    for (const output of outputs)
      await publishRendition(storage, videoId, output, indexes.get(output.rung), version);
    for (const rung of RUNGS) {
      if (!rungs.includes(rung)) await removeRendition(storage, videoId, rung, version);
    }
    const useThumbnail = thumbnail !== null && !current.hasThumbnail;
    if (useThumbnail) await storage.commit(thumbnail, mediaKeys.thumbnail(videoId));
    await storyboardStep(ctx, { videoId, version }, rungs, signal);
    await ctx.cutBeforePublishing?.(videoId, rungs, signal);
    if (!(await repository.markEncoded(db, videoId, rungs, useThumbnail))) {
      // Deleted between the check and now: its folder may already be gone, so clean up after it.
      if (!(await repository.findJobVideo(db, videoId))) {
        await storage.removePrefix(mediaKeys.videoFolder(videoId));
      }
      return 'skipped';
    }
    ctx.log.info(`video ${videoId}: encoded ${rungs.join('/')}`);
    return 'published';
  } catch (error) {
    if (error instanceof FfmpegError) {
      await progress.settled();
      // The disk filled up (another writer took the room): no fault of the video's. Its files
      // go (finally, below) and it waits for room instead of failing.
      const full = error.diskFull || !(await ctx.disk.check(0)).ok;
      if (full) {
        const why = error.diskFull
          ? 'ffmpeg: No space left on device'
          : `ffmpeg failed with the disk below its floor: ${error.message}`;
        ctx.log.warn(
          `video ${videoId}: the disk filled up during the encode (${why}): its files are removed, it waits for disk space`,
        );
        return 'waiting';
      }
      await repository.markEncodeFailed(db, videoId, `Échec de l'encodage : ${error.message}`);
      ctx.log.warn(`video ${videoId}: encode failed (${error.message})`);
      return 'failed';
    }
    throw error;
  } finally {
    await Promise.all(temps.map((file) => storage.discardTemp(file)));
  }
};

/**
 * Encodes one video at processing 2 into its rungs (one ffmpeg pass; the top rung copies the
 * source's video when it already fits that rung), then publishes it.
 * ffmpeg failing returns the video to 1 with the reason; an abort (shutdown, timeout) throws
 * FfmpegAbortedError and leaves it at 2 for the job's next attempt. Without room on the disk for
 * all it may write above DISK_FREE_FLOOR it does not start, and a disk that fills up during it
 * (ENOSPC) ends it: both answer 'waiting', the video still at 2. Temporary files never stay.
 */
export const encodeVideo = async (
  ctx: EncodeContext,
  videoId: number,
  signal: AbortSignal,
): Promise<EncodeOutcome> => {
  const video = await repository.findJobVideo(ctx.db, videoId);
  if (!video || video.processing !== Processing.Encoding) return 'skipped';
  const raw = mediaKeys.raw(videoId, video.rawVersion);
  await removeStaleTemps(ctx.storage, videoId);
  // And the copies from the bucket a killed attempt was reading (its source, a rung).
  if (ctx.scratchDir) await removeWorkingCopies(ctx.scratchDir, mediaKeys.videoFolder(videoId));
  try {
    // The source as a local file: the stored one itself on a local disk, else a scratch copy
    // downloaded once, read by every ffmpeg run below and removed at the end.
    return await ctx.storage.withLocalFile(raw, (input) =>
      encodeFrom(ctx, videoId, video, input, signal),
    );
  } catch (error) {
    if (error instanceof MissingMediaError && error.key === raw) {
      return sourceUnreadable(ctx, videoId);
    }
    throw error;
  }
};
