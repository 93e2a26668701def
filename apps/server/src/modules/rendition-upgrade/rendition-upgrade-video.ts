import { Processing } from '@plateau/contract';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import type { MediaBinaries } from '../../media-tools/binaries.ts';
import { AAC_PRIMING_SAMPLES, aacArgs, type Rung } from '../../media-tools/encode-args.ts';
import { runFfmpeg } from '../../media-tools/ffmpeg-runner.ts';
import { readSegmentIndex } from '../../media-tools/fmp4-index.ts';
import { probeVideo } from '../../media-tools/probe.ts';
import { buildRemuxArgs } from '../../media-tools/remux-args.ts';
import { readRenditionShape, remuxProblem } from '../../media-tools/remux-check.ts';
import { loadRenditionIndex, writeRenditionIndex } from '../../media-tools/rendition-index.ts';
import { describeDiskCheck, type DiskGuard } from '../../storage/free-space.ts';
import { mediaKeys, readFileStart, type MediaStorage } from '../../storage/media-storage.ts';
import { MissingMediaError } from '../../storage/storage-errors.ts';
import { publishRendition } from '../../media-tools/rendition-publish.ts';
import {
  publishStoryboardOf,
  storyboardScratchMarker,
} from '../../media-tools/storyboard-publish.ts';
import { removeMarkedFiles } from '../../storage/scratch-folder.ts';
import { oldRungs } from './rendition-layout.ts';
import { currentVideo } from './rendition-upgrade.repository.ts';

export interface UpgradeContext {
  db: Database;
  storage: MediaStorage;
  binaries: Pick<MediaBinaries, 'ffmpeg' | 'ffprobe'>;
  disk: Pick<DiskGuard, 'check'>;
  log: { info(msg: string): void; warn(msg: string): void };
  /** ffmpeg's `-readrate` (seconds of media a second), 0 for no limit. */
  readrate: number;
}

/** The disk has no room for one more copy of a rendition: the whole run stops, nothing lost. */
export class NoRoomError extends Error {}

/** A conversion's own temporary files: `.upgrade-<video>-`, removed before the next try. */
const scratchName = (videoId: number, name: string) => `.upgrade-${videoId}-${name}`;

/**
 * Removes what a killed conversion left: every `.upgrade-` file, or only this video's (and its
 * storyboard's, which a conversion may have been making). Call holding the video or the run.
 */
export const removeScratch = async (storage: MediaStorage, videoId?: number) =>
  removeMarkedFiles(
    path.dirname(await storage.tempPath()),
    videoId === undefined
      ? ['.upgrade-']
      : [`.upgrade-${videoId}-`, storyboardScratchMarker(videoId)],
  );

const stillPublished = async (db: Database, { id, mediaVersion }: Converted, rung: number) => {
  const video = await currentVideo(db, id);
  return (
    video?.processing === Processing.Published &&
    video.rungs.includes(rung) &&
    video.mediaVersion === mediaVersion
  );
};

/** The video converted, in the version of its media served when the conversion began. */
interface Converted {
  id: number;
  mediaVersion: number;
}

/**
 * One rendition remuxed (`-c copy`: not one picture re-encoded) into the fragmented layout,
 * checked packet for packet, indexed, and put in place exactly as an encode publishes (index,
 * then file, each a rename): a viewer reads the old file or the new one, never half of one.
 * False when the video changed meanwhile (re-encoded, deleted): nothing is published.
 */
const upgradeRung = async (
  ctx: UpgradeContext,
  video: Converted,
  rung: number,
  signal: AbortSignal,
): Promise<boolean> => {
  const { storage } = ctx;
  const key = mediaKeys.rung(video.id, rung, video.mediaVersion);
  const before = await storage.stat(key);
  if (!before) return false;
  // Room for the copy, about the file's size (a sidx and smaller headers more or less), and on
  // object storage for the working copy downloaded first.
  const copies = storage.backend === 's3' ? 2.05 : 1.05;
  const room = await ctx.disk.check(Math.ceil(before.size * copies));
  if (!room.ok) throw new NoRoomError(`Espace disque insuffisant (${describeDiskCheck(room)})`);
  try {
    // The stored file itself on a local disk, else a scratch copy removed afterwards.
    return await storage.withLocalFile(key, (input) =>
      remuxRung(ctx, video, rung, { input, before }, signal),
    );
  } catch (error) {
    // Deleted since the stat (a re-encode, the video deleted): nothing to convert.
    if (error instanceof MissingMediaError) return false;
    throw error;
  }
};

type Stat = NonNullable<Awaited<ReturnType<MediaStorage['stat']>>>;

/** The conversion of one rendition from a local file of it (`input`), as `before` described it. */
const remuxRung = async (
  ctx: UpgradeContext,
  video: Converted,
  rung: number,
  { input, before }: { input: string; before: Stat },
  signal: AbortSignal,
): Promise<boolean> => {
  const { storage, binaries } = ctx;
  const { id: videoId, mediaVersion } = video;
  const key = mediaKeys.rung(videoId, rung, mediaVersion);
  const probe = await probeVideo(binaries.ffprobe, input);
  const old = await readRenditionShape(binaries.ffprobe, input, rung as Rung, signal);
  if (!probe || !old) throw new Error(`${rung} : fichier illisible par ffprobe`);

  const scratch = await storage.tempPath(scratchName(videoId, `${rung}.mp4`));
  let index: string | undefined;
  try {
    // A fragmented rendition has no edit list: its decoder hands over the AAC priming too.
    const fragmented = (await loadRenditionIndex(storage, videoId, rung, mediaVersion)) !== null;
    const args = buildRemuxArgs(input, scratch, {
      hasAudio: probe.hasAudio,
      readrate: ctx.readrate,
      audio: aacArgs(probe, fragmented ? AAC_PRIMING_SAMPLES : 0),
    });
    await runFfmpeg(binaries.ffmpeg, args, { signal, lowPriority: true });
    const segments = await readSegmentIndex((length) => readFileStart(scratch, length));
    const remuxed = await readRenditionShape(binaries.ffprobe, scratch, rung as Rung, signal);
    const problem = remuxed ? remuxProblem(old, remuxed, segments, true) : 'copie illisible';
    if (problem) throw new Error(`${rung} : ${problem}`);
    index = await writeRenditionIndex(
      storage,
      { rung, file: scratch },
      scratchName(videoId, `${rung}.index.json`),
    );
    // Re-encoded, deleted or replaced while we copied: the copy describes a file gone.
    const now = await storage.stat(key);
    if (!(await stillPublished(ctx.db, video, rung))) return false;
    if (
      now?.size !== before.size ||
      now.mtime.getTime() !== before.mtime.getTime() ||
      now.etag !== before.etag
    )
      return false;
    await publishRendition(
      storage,
      videoId,
      { rung: rung as Rung, file: scratch },
      index,
      mediaVersion,
    );
    ctx.log.info(
      old.unaligned
        ? `video ${videoId}: ${rung} rung converted; its segments follow its own keyframes (${old.unaligned})`
        : `video ${videoId}: ${rung} rung converted`,
    );
    return true;
  } finally {
    // After the commits these are no-ops: the files were renamed away.
    await storage.discardTemp(scratch);
    if (index) await storage.discardTemp(index);
  }
};

/**
 * Converts every old-layout rendition of a published video, then makes its storyboard if it has
 * none. The caller holds the video (no encode runs on it meanwhile). Answers whether the video
 * is now fully in the new layout; throws on a rendition the copy would change (it stays as it
 * was, playing as before) and on a full disk (NoRoomError).
 */
export const upgradeVideo = async (
  ctx: UpgradeContext,
  videoId: number,
  signal: AbortSignal,
): Promise<boolean> => {
  const { storage } = ctx;
  const video = await currentVideo(ctx.db, videoId);
  if (video?.processing !== Processing.Published) return false;
  const { mediaVersion } = video;
  const converted = { id: videoId, mediaVersion };
  await removeScratch(storage, videoId);
  for (const rung of await oldRungs(storage, { ...converted, rungs: video.rungs })) {
    if (!(await upgradeRung(ctx, converted, rung, signal))) return false;
  }
  const present = [];
  for (const rung of video.rungs) {
    if (await storage.stat(mediaKeys.rung(videoId, rung, mediaVersion))) present.push(rung);
  }
  if (present.length > 0 && !(await storage.stat(mediaKeys.storyboardVtt(videoId, mediaVersion)))) {
    const smallest = mediaKeys.rung(videoId, Math.min(...present), mediaVersion);
    await publishStoryboardOf(ctx, { videoId, version: mediaVersion }, smallest, signal);
  }
  // Deleted while we wrote: its folder may be gone already, our renames brought it back.
  if (!(await currentVideo(ctx.db, videoId))) {
    await storage.removePrefix(mediaKeys.videoFolder(videoId));
    return false;
  }
  return true;
};
