import { QUIET, rungEncoderArgs, type Rung } from './encode-args.ts';
import type { ProbeResult } from './probe.ts';
import { FRAGMENTED_MP4_OPTIONS } from './tee-targets.ts';
import type { EncodedPiece, RenditionFrames, SoundPiece, VideoPiece } from './trim-plan.ts';

/**
 * ffmpeg's part of a cut (`trim-plan.ts` decides what): arguments and concat lists as pure
 * functions, unit-tested as values. The result is assembled by ffmpeg's concat demuxer in one
 * pass: the re-encoded edges are small files, the copied GOPs are read straight from the
 * rendition between an in and an out point, and the sound from its AAC frames.
 */

/**
 * A rendition's frames as the cut needs them: `RenditionFrames`, plus each frame's decode time
 * (the concat demuxer's out point compares decode times) and the file's start, which ffmpeg's
 * `-ss` counts from.
 */
export interface CutSource extends RenditionFrames {
  /** Decode time of each frame, in the order of `pts`. */
  dts: number[];
  /** The container's start time (`format=start_time`): ffmpeg's `-ss` is relative to it. */
  fileStart: number;
}

/**
 * A hair past a time: ffprobe prints times rounded to the microsecond, and the concat demuxer
 * seeks to the last keyframe (or AAC frame) at or before its in point, so an in point a hair
 * short of a frame would start a whole GOP (or AAC frame) early.
 */
const PAST = 0.000002;

const seconds = (value: number) => value.toFixed(6);

/**
 * Re-encodes `piece` (frames `[first, first + count)`) with the rung's encoder. ffmpeg seeks to
 * half a frame before the keyframe that opens the piece's GOP, which lands on the GOP before
 * and drops its frames (accurate seek): decoding then starts on that keyframe, and the frames
 * are picked by number from it, whatever their times.
 */
export const buildEdgeEncodeArgs = (
  input: string,
  source: CutSource,
  piece: EncodedPiece,
  encoder: { rung: Rung; frameRate: ProbeResult['frameRate'] },
  output: string,
): string[] => {
  const key = [...source.keyframes].reverse().find((index) => index <= piece.first) ?? 0;
  const keyStart = source.pts[key]!;
  const previous = key > 0 ? source.pts[key - 1]! : keyStart;
  const seekTo = Math.max(0, (keyStart + previous) / 2 - source.fileStart);
  const skip = piece.first - key;
  return [
    ...QUIET,
    ...(key > 0 ? ['-ss', seconds(seekTo)] : []),
    ...['-i', input],
    ...['-map', '0:v:0', '-an', '-sn', '-dn'],
    ...['-vf', `trim=start_frame=${skip}:end_frame=${skip + piece.count},setpts=PTS-STARTPTS`],
    ...rungEncoderArgs(encoder.rung, { frameRate: encoder.frameRate }),
    // One keyframe, its first: the rung's own interval would put one a few frames before the
    // copied GOP that follows a long edge, a GOP (and an HLS segment) of a few frames.
    ...['-g', String(piece.count + 1)],
    ...['-map_metadata', '-1', '-f', 'mp4', output],
  ];
};

/** A path in a concat list: single-quoted, its own quotes closed, escaped and reopened. */
const quoted = (file: string) => `'${file.replaceAll("'", "'\\''")}'`;

/**
 * The concat list of the cut's video: each re-encoded edge as its file (`edges`, in the order
 * of the encoded pieces), each copied run of GOPs as the rendition between its first keyframe
 * and the decode time of the keyframe after it (the demuxer stops at the first packet decoded
 * from there). Every entry says its length, so each piece starts where the last one ended.
 */
export const buildVideoConcatList = (
  rendition: string,
  source: CutSource,
  pieces: VideoPiece[],
  edges: string[],
): string => {
  const lines = ['ffconcat version 1.0'];
  let edge = 0;
  for (const piece of pieces) {
    if (piece.kind === 'encode') {
      lines.push(`file ${quoted(edges[edge]!)}`);
      edge += 1;
    } else {
      lines.push(`file ${quoted(rendition)}`, `inpoint ${seconds(piece.start + PAST)}`);
      const next = piece.first + piece.count;
      if (next < source.pts.length) lines.push(`outpoint ${seconds(source.dts[next]! - PAST)}`);
    }
    lines.push(`duration ${seconds(piece.seconds)}`);
  }
  return `${lines.join('\n')}\n`;
};

/** The concat list of the cut's sound: runs of AAC frames of the rendition's sound alone. */
export const buildSoundConcatList = (
  sound: string,
  pieces: SoundPiece[],
  frameSeconds: number,
): string => {
  const lines = ['ffconcat version 1.0'];
  for (const piece of pieces) {
    const start = piece.first * frameSeconds;
    const length = piece.count * frameSeconds;
    lines.push(
      `file ${quoted(sound)}`,
      `inpoint ${seconds(start + PAST)}`,
      // Before the next frame's start: the demuxer stops at the first frame starting there.
      `outpoint ${seconds(start + length - frameSeconds / 2)}`,
      `duration ${seconds(length)}`,
    );
  }
  return `${lines.join('\n')}\n`;
};

/** The rendition's sound alone, its AAC frames copied (the cut takes its runs from it). */
export const buildSoundExtractArgs = (input: string, output: string): string[] => [
  ...QUIET,
  ...['-i', input, '-map', '0:a:0', '-c', 'copy', '-map_metadata', '-1', '-f', 'mp4', output],
];

/**
 * The cut rendition in one pass: the video's concat list and the sound's, copied into the
 * fragmented layout every rendition has (`tee-targets.ts`). No packet is encoded here.
 */
export const buildCutMuxArgs = (
  videoList: string,
  soundList: string | null,
  output: string,
): string[] => [
  ...QUIET,
  ...['-f', 'concat', '-safe', '0', '-i', videoList],
  ...(soundList ? ['-f', 'concat', '-safe', '0', '-i', soundList] : []),
  ...['-map', '0:v:0', ...(soundList ? ['-map', '1:a:0'] : [])],
  ...['-c', 'copy', '-map_metadata', '-1'],
  ...FRAGMENTED_MP4_OPTIONS.flatMap(([name, value]) => [`-${name}`, value]),
  ...['-f', 'mp4', output],
];
