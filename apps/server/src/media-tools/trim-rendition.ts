import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Rung } from './encode-args.ts';
import { runFfmpeg } from './ffmpeg-runner.ts';
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

export interface RenditionCut {
  ffmpeg: string;
  rung: Rung;
  /** The rendition to cut, and what `readCutSource` read of it. */
  file: string;
  source: CutSource;
  frameRate: number;
  /** The rendition's sound alone (`extractSound`), null for a video without sound. */
  sound: { file: string; sampleRate: number } | null;
  ranges: KeptRange[];
  /** A new scratch path for each working file (edges, lists), removed at the end. */
  scratch: (name: string) => Promise<string>;
  output: string;
  signal?: AbortSignal;
}

/** Copies a rendition's sound alone to `output`, for every rung's cut to take its runs from. */
export const extractSound = (
  ffmpeg: string,
  rendition: string,
  output: string,
  signal?: AbortSignal,
) => runFfmpeg(ffmpeg, buildSoundExtractArgs(rendition, output), { signal });

/**
 * Cuts one rendition to `output`: its edges re-encoded one by one (a few frames each), then the
 * whole result assembled in one copying pass. The working files go whatever happens.
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
    const edges: string[] = [];
    for (const piece of video.flat()) {
      if (piece.kind !== 'encode') continue;
      const edge = await scratch(`edge-${edges.length}.mp4`);
      const encoder = { rung: cut.rung, frameRate: cut.frameRate };
      await runFfmpeg(cut.ffmpeg, buildEdgeEncodeArgs(cut.file, source, piece, encoder, edge), {
        signal,
      });
      edges.push(edge);
    }
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
    }
    await runFfmpeg(cut.ffmpeg, buildCutMuxArgs(videoList, soundList, cut.output), { signal });
  } finally {
    await Promise.all(made.map((file) => rm(file, { force: true })));
  }
};
