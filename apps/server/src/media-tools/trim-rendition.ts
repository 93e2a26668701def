import { execFile, spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { Rung } from './encode-args.ts';
import { runFfmpeg } from './ffmpeg-runner.ts';
import { cutSourceFromSamples, readFragmentedVideo } from './fmp4-samples.ts';
import { parsePacketLine, type VideoPacket } from './video-packets.ts';
import {
  buildCutMuxArgs,
  buildEdgeEncodeArgs,
  buildSoundConcatList,
  buildSoundExtractArgs,
  buildVideoConcatList,
  type CutSource,
} from './trim-args.ts';
import { planSound, planVideo, type KeptRange } from './trim-plan.ts';
import { createWorkPool, settleAll, type WorkPool } from './work-pool.ts';

const run = promisify(execFile);

/** Samples in an AAC frame: the sound is cut in whole frames. */
const AAC_FRAME_SAMPLES = 1024;

/**
 * Reads what a cut needs of a rendition's video: every frame's times and which are keyframes
 * (ffprobe, demuxing only: seconds for hours of video). Null when ffprobe cannot read it.
 */
export const readCutSource = async (
  ffprobe: string,
  file: string,
  signal?: AbortSignal,
): Promise<CutSource | null> => {
  const child = spawn(
    ffprobe,
    [
      ...['-v', 'error', '-select_streams', 'v:0'],
      ...['-show_entries', 'packet=pts_time,dts_time,duration_time,size,flags:format=start_time'],
      ...['-of', 'compact=p=0', file],
    ],
    { stdio: ['ignore', 'pipe', 'ignore'], signal },
  );
  const exit = new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(null));
    child.once('close', (code) => resolve(code));
  });
  const frames: VideoPacket[] = [];
  let fileStart = 0;
  for await (const line of createInterface({ input: child.stdout })) {
    // The packets' lines as the copy check reads them; the format's is its start alone.
    const packet = parsePacketLine(line);
    if (packet) frames.push(packet);
    else if (line.startsWith('start_time=')) fileStart = Number(line.slice(11)) || 0;
  }
  if ((await exit) !== 0 || frames.length === 0) return null;
  frames.sort((a, b) => a.pts - b.pts);
  const last = frames.at(-1)!;
  const period = frames.length > 1 ? frames[1]!.pts - frames[0]!.pts : 0;
  return {
    pts: frames.map((frame) => frame.pts),
    dts: frames.map((frame) => frame.dts),
    keyframes: frames.flatMap((frame, index) => (frame.keyframe ? [index] : [])),
    lastFrameSeconds: last.duration || period,
    fileStart,
  };
};

/** The container's start as ffprobe reads it (`format=start_time`, from the headers alone). */
const readFileStart = async (ffprobe: string, file: string, signal?: AbortSignal) => {
  try {
    const { stdout } = await run(
      ffprobe,
      ['-v', 'error', '-show_entries', 'format=start_time', '-of', 'compact=p=0', file],
      { timeout: 60_000, signal },
    );
    const match = /start_time=(\S+)/.exec(stdout);
    return match ? Number(match[1]) || 0 : 0;
  } catch {
    return null;
  }
};

/**
 * `readCutSource` for a rendition, without demuxing it: its samples read from the `moof` boxes
 * (a few kilobytes a GOP, `fmp4-samples.ts`), the same values ffprobe gives. Measured on the 5
 * minutes of 1080p30 of `bench:trim`: 17-29 ms a rung against 0.2-0.3 s for ffprobe (whose run
 * for the file's start alone goes on beside). Falls back to `readCutSource` for a file laid out
 * otherwise (not fragmented, an edit list on its video, a negative composition offset).
 */
export const readRenditionFrames = async (
  ffprobe: string,
  file: string,
  signal?: AbortSignal,
): Promise<CutSource | null> => {
  const [video, fileStart] = await Promise.all([
    readFragmentedVideo(file).catch(() => null),
    readFileStart(ffprobe, file, signal),
  ]);
  if (!video || fileStart === null) return readCutSource(ffprobe, file, signal);
  return cutSourceFromSamples(video.samples, video.track.timescale, fileStart);
};

export interface RenditionCut {
  ffmpeg: string;
  rung: Rung;
  /** The rendition to cut, and what `readCutSource` read of it. */
  file: string;
  source: CutSource;
  frameRate: number;
  /**
   * The rendition's sound alone (`extractSound`), null for a video without sound; `ready` when
   * it is still being extracted (the edges are encoded meanwhile, the mux waits for it).
   */
  sound: { file: string; sampleRate: number; ready?: Promise<unknown> } | null;
  ranges: KeptRange[];
  /** A new scratch path for each working file (edges, lists), removed at the end. */
  scratch: (name: string) => Promise<string>;
  output: string;
  signal?: AbortSignal;
  /**
   * Where the edges are encoded, at most `size` at once: one pool shared by every rung of a cut
   * keeps the machine's cores busy without crowding them. By default, one of the cores' count.
   */
  pool?: WorkPool;
  /**
   * This rung's place in a shared pool, lower first: the best rung's edges go first, so that its
   * copying pass (the longest) runs beside the other rungs' edges rather than after them.
   */
  rank?: number;
}

/** Copies a rendition's sound alone to `output`, for every rung's cut to take its runs from. */
export const extractSound = (
  ffmpeg: string,
  rendition: string,
  output: string,
  signal?: AbortSignal,
) => runFfmpeg(ffmpeg, buildSoundExtractArgs(rendition, output), { signal });

/**
 * Cuts one rendition to `output`: its edges re-encoded side by side in `cut.pool` (a few frames
 * each, every one its own ffmpeg), then the whole result assembled in one copying pass. The
 * working files go whatever happens, once every ffmpeg started here has ended.
 */
export const cutRendition = async (cut: RenditionCut): Promise<void> => {
  const { source, signal } = cut;
  const video = planVideo(source, cut.ranges);
  const made: string[] = [];
  const scratch = async (name: string) => {
    const file = await cut.scratch(name);
    made.push(file);
    return file;
  };
  try {
    const pool = cut.pool ?? createWorkPool(availableParallelism());
    const encoder = { rung: cut.rung, frameRate: cut.frameRate };
    const encoded = video.flat().filter((piece) => piece.kind === 'encode');
    const edges = await Promise.all(encoded.map((_, index) => scratch(`edge-${index}.mp4`)));
    await settleAll(
      encoded.map((piece, index) =>
        pool.run(
          () =>
            runFfmpeg(
              cut.ffmpeg,
              buildEdgeEncodeArgs(cut.file, source, piece, encoder, edges[index]!),
              { signal },
            ),
          cut.rank,
        ),
      ),
    );
    const videoList = await scratch('video.ffconcat');
    await writeFile(videoList, buildVideoConcatList(cut.file, source, video.flat(), edges));
    let soundList: string | null = null;
    if (cut.sound) {
      const frameSeconds = AAC_FRAME_SAMPLES / cut.sound.sampleRate;
      const sound = planSound(video, {
        frameSeconds,
        pictureDelay: source.pts[0]! - source.fileStart,
      });
      soundList = await scratch('sound.ffconcat');
      await writeFile(soundList, buildSoundConcatList(cut.sound.file, sound, frameSeconds));
      await cut.sound.ready;
    }
    await runFfmpeg(cut.ffmpeg, buildCutMuxArgs(videoList, soundList, cut.output), { signal });
  } finally {
    await Promise.all(made.map((file) => rm(file, { force: true })));
  }
};
