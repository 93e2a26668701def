import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { keptSpansProblem, Processing } from '@plateau/contract';
import type { Database } from '../../db/client.ts';
import type { MediaBinaries } from '../../media-tools/binaries.ts';
import type { Rung } from '../../media-tools/encode-args.ts';
import { probeVideo } from '../../media-tools/probe.ts';
import { writeRenditionIndex } from '../../media-tools/rendition-index.ts';
import { publishRendition } from '../../media-tools/rendition-publish.ts';
import {
  publishStoryboardOf,
  storyboardScratchMarker,
} from '../../media-tools/storyboard-publish.ts';
import { parseSubtitles, toWebVtt } from '../../media-tools/subtitles.ts';
import { planVideo, type KeptRange } from '../../media-tools/trim-plan.ts';
import {
  cutRendition,
  extractSound,
  readRenditionFrames,
  type RenditionCut,
} from '../../media-tools/trim-rendition.ts';
import { createWorkPool, settleAll, type WorkPool } from '../../media-tools/work-pool.ts';
import { cutCues, keptSpans, type KeptSpan } from '../../media-tools/trim-timeline.ts';
import { describeDiskCheck, type DiskGuard } from '../../storage/free-space.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import { removeMarkedFiles } from '../../storage/scratch-folder.ts';
import { listCaptions } from './captions.repository.ts';
import { CHANGED, publishTrim, TrimRefusedError } from './trim-publish.ts';
import { renditionSeconds } from '../../media-tools/video-duration.ts';
import * as trims from './trims.repository.ts';

export interface TrimContext {
  db: Database;
  storage: MediaStorage;
  binaries: Pick<MediaBinaries, 'ffmpeg' | 'ffprobe'>;
  disk: Pick<DiskGuard, 'check'>;
  log: { info(msg: string): void; warn(msg: string): void };
  undoDays: number;
}

/** When the first picture of a video's smallest rendition shows. */
const firstPicture = async (
  ctx: TrimContext,
  videoId: number,
  video: { rungs: number[]; mediaVersion: number },
  signal: AbortSignal,
) => {
  const key = mediaKeys.rung(videoId, Math.min(...video.rungs), video.mediaVersion);
  const frames = await ctx.storage.withLocalFile(key, (file) =>
    readRenditionFrames(ctx.binaries.ffprobe, file, signal),
  );
  if (!frames) throw new TrimRefusedError('La vidéo est illisible');
  return frames.pts[0] ?? 0;
};

/** Ranges cut to a video `duration` long: none starting past its end, none ending past it. */
const clipRanges = (ranges: KeptRange[], duration: number): KeptRange[] =>
  ranges
    .filter((range) => range.start < duration)
    .map((range) => ({ start: range.start, end: Math.min(range.end, duration) }));

const NOTHING_REMOVED = keptSpansProblem([{ start: 0, end: 1 }], 1);

const NO_ROOM = 'Espace disque insuffisant pour le montage : libérez de la place, puis relancez-le';

/** A cut's own temporary files: `.trim-<video>-`, swept like any crash debris. */
const scratchMarker = (videoId: number) => `.trim-${videoId}-`;
const scratchName = (videoId: number, name: string) => `${scratchMarker(videoId)}${name}`;

interface CutTarget {
  videoId: number;
  from: number;
  to: number;
  ranges: KeptRange[];
}

/** The renditions of version `from`, best first, with their sizes; a missing one is refused. */
const storedRungs = async (storage: MediaStorage, target: CutTarget, rungs: number[]) =>
  Promise.all(
    [...rungs]
      .sort((a, b) => b - a)
      .map(async (rung) => {
        const stat = await storage.stat(mediaKeys.rung(target.videoId, rung, target.from));
        if (!stat) throw new TrimRefusedError(`La version ${rung}p de la vidéo est introuvable`);
        return { rung, size: stat.size };
      }),
  );

/**
 * The sound of the smallest rung (every rung has the same), alone, for every rung's cut: its
 * extraction runs while the edges are encoded (`ready`), each rung's copying pass waits for it.
 */
const soundOf = async (
  ctx: TrimContext,
  target: CutTarget,
  smallest: number,
  signal: AbortSignal,
): Promise<RenditionCut['sound']> => {
  type Sound = { file: string; sampleRate: number } | null;
  let found: (sound: Sound) => void = () => {};
  const announced = new Promise<Sound>((resolve) => (found = resolve));
  const key = mediaKeys.rung(target.videoId, smallest, target.from);
  const ready = ctx.storage.withLocalFile(key, async (rendition) => {
    const probe = await probeVideo(ctx.binaries.ffprobe, rendition);
    if (!probe) throw new TrimRefusedError('La vidéo est illisible');
    if (!probe.hasAudio || !probe.audioSampleRate) return found(null);
    const file = await ctx.storage.tempPath(scratchName(target.videoId, 'sound.m4a'));
    found({ file, sampleRate: probe.audioSampleRate });
    await extractSound(ctx.binaries.ffmpeg, rendition, file, signal);
  });
  // Awaited by each rung's copying pass; a failure before any of them waits is not unhandled.
  ready.catch(() => {});
  const sound = await Promise.race([announced, ready.then(() => announced)]);
  return sound && { ...sound, ready };
};

/** One rung cut, indexed and stored under the new version's names (nobody reads them yet). */
const cutRung = async (
  ctx: TrimContext,
  target: CutTarget,
  rung: number,
  sound: RenditionCut['sound'],
  pool: { pool: WorkPool; rank: number },
  signal: AbortSignal,
): Promise<KeptSpan[]> => {
  const { storage, binaries } = ctx;
  const key = mediaKeys.rung(target.videoId, rung, target.from);
  return storage.withLocalFile(key, async (file) => {
    const [source, probe] = await Promise.all([
      readRenditionFrames(binaries.ffprobe, file, signal),
      probeVideo(binaries.ffprobe, file),
    ]);
    if (!source || !probe) throw new TrimRefusedError(`La version ${rung}p est illisible`);
    const output = await storage.tempPath(scratchName(target.videoId, `${rung}.mp4`));
    let index: string | undefined;
    try {
      await cutRendition({
        ffmpeg: binaries.ffmpeg,
        rung: rung as Rung,
        file,
        source,
        frameRate: probe.frameRate,
        sound,
        ranges: target.ranges,
        scratch: (name) => storage.tempPath(scratchName(target.videoId, `${rung}-${name}`)),
        output,
        signal,
        ...pool,
      });
      index = await writeRenditionIndex(
        storage,
        { rung, file: output },
        scratchName(target.videoId, `${rung}.index.json`),
      );
      await publishRendition(
        storage,
        target.videoId,
        { rung: rung as Rung, file: output },
        index,
        target.to,
      );
    } finally {
      await storage.discardTemp(output);
      if (index) await storage.discardTemp(index);
    }
    return keptSpans(planVideo(source, target.ranges), source.pts[0]!);
  });
};

/** Each caption of version `from`, its cues moved with the cut, stored under version `to`. */
const cutCaptions = async (ctx: TrimContext, target: CutTarget, spans: KeptSpan[]) => {
  const { storage } = ctx;
  const captions = await listCaptions(ctx.db, target.videoId);
  for (const { language } of captions) {
    const key = mediaKeys.caption(target.videoId, language, target.from);
    const size = (await storage.stat(key))?.size;
    const bytes = size === undefined ? null : await storage.readStart(key, size);
    const cues = bytes ? parseSubtitles(bytes.toString('utf8')) : null;
    if (!cues) continue;
    const temp = await storage.writeTemp(
      Readable.from([Buffer.from(toWebVtt(cutCues(cues, spans)), 'utf8')]),
      scratchName(target.videoId, `${language}.vtt`),
    );
    try {
      await storage.commit(temp, mediaKeys.caption(target.videoId, language, target.to));
    } finally {
      await storage.discardTemp(temp);
    }
  }
  return captions;
};

/**
 * Makes the cut `toVersion` of a video (its row in video_trims): every rung cut on the same
 * frames, indexed, its storyboard and captions, all under new names, then switched to in one
 * short transaction (`publishTrim`). Anything short of that leaves the video as it was.
 */
export const trimVideo = async (
  ctx: TrimContext,
  { videoId, toVersion }: { videoId: number; toVersion: number },
  signal: AbortSignal,
  onProgress: (percent: number) => void,
  /** Made by the encode of the video, on the rungs it has just stored, before publishing. */
  atEncode?: { rungs: number[] },
): Promise<'done' | 'gone'> => {
  const { storage } = ctx;
  const trim = await trims.findTrim(ctx.db, videoId);
  if (!trim || trim.toVersion !== toVersion || !['queued', 'running'].includes(trim.state))
    return 'gone';
  const row = await trims.videoRungs(ctx.db, videoId);
  const expected = atEncode ? Processing.Encoding : Processing.Published;
  if (row?.processing !== expected || row.mediaVersion !== trim.fromVersion)
    throw new TrimRefusedError(CHANGED);
  const video = { ...row, rungs: atEncode?.rungs ?? row.rungs };
  const duration = (await renditionSeconds(storage, video)) ?? 0;
  // Asked on the original's timeline before its encode: moved onto the renditions' (their
  // pictures show after x264's delay, the original's first at 0 as players show an MP4), and
  // clipped at the end the encode now knows.
  const shift = atEncode ? await firstPicture(ctx, videoId, video, signal) : 0;
  const ranges = clipRanges(
    trim.keepMs.map(([start, end]) => ({
      start: start / 1000 + shift,
      end: end / 1000 + shift,
    })),
    duration,
  );
  const problem = keptSpansProblem(ranges, duration);
  if (problem === NOTHING_REMOVED && atEncode) {
    await trims.forgetTrim(ctx.db, videoId);
    return 'gone';
  }
  if (problem) throw new TrimRefusedError(problem);
  const target: CutTarget = { videoId, from: trim.fromVersion, to: toVersion, ranges };
  await trims.updateTrim(ctx.db, videoId, toVersion, { state: 'running', progress: 0 });
  // What a killed try of this same cut stored, and its working files (we hold the video): it
  // starts again from nothing.
  await storage.removePrefix(mediaKeys.versionFolder(videoId, toVersion));
  await removeMarkedFiles(path.dirname(await storage.tempPath()), [
    scratchMarker(videoId),
    storyboardScratchMarker(videoId),
  ]);

  const stored = await storedRungs(storage, target, video.rungs);
  const keptShare =
    target.ranges.reduce((sum, range) => sum + range.end - range.start, 0) / Math.max(1, duration);
  const copies = storage.backend === 's3' ? 2.1 : 1.1;
  const needed = stored.reduce((sum, { size }) => sum + size, 0) * Math.min(1, keptShare) * copies;
  const room = await ctx.disk.check(Math.ceil(needed));
  if (!room.ok) {
    ctx.log.warn(`video ${videoId}: no room for its cut (${describeDiskCheck(room)})`);
    throw new TrimRefusedError(NO_ROOM);
  }

  const smallest = stored.at(-1)!.rung;
  const sound = await soundOf(ctx, target, smallest, signal);
  try {
    // Every rung's edges share the cores: the best rung's first, its copying pass then runs
    // beside the next rungs' edges. On S3 each rung is a downloaded copy: one at a time, as the
    // disk check counts.
    const pool = createWorkPool(availableParallelism());
    const together = storage.backend === 's3' ? 1 : stored.length;
    let done = 0;
    let spans: KeptSpan[] = [];
    for (let from = 0; from < stored.length; from += together) {
      const cut = await settleAll(
        stored.slice(from, from + together).map(async ({ rung }, index) => {
          const kept = await cutRung(ctx, target, rung, sound, { pool, rank: index }, signal);
          done += 1;
          onProgress(Math.round((done * 90) / stored.length));
          return kept;
        }),
      );
      spans = cut.at(-1)!;
    }
    await publishStoryboardOf(
      { storage, binaries: ctx.binaries, log: ctx.log },
      { videoId, version: toVersion },
      mediaKeys.rung(videoId, smallest, toVersion),
      signal,
    );
    const captions = await cutCaptions(ctx, target, spans);
    onProgress(95);
    await publishTrim(ctx, {
      ...target,
      processing: expected,
      rungs: atEncode ? null : video.rungs,
      captions,
      spans,
    });
    return 'done';
  } finally {
    if (sound) {
      // Never removed under a running extraction.
      await sound.ready?.catch(() => {});
      await storage.discardTemp(sound.file);
    }
  }
};
