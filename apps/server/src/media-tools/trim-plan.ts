/**
 * How a rendition is cut (issue 34), planned before ffmpeg runs: pure functions of the frames'
 * times, unit-tested as values. A kept range copies the whole GOPs inside it packet for packet
 * and re-encodes only the frames before its first keyframe and after its last (a "smart cut"),
 * so the result starts and ends on the very frames chosen; the sound is copied AAC frame by
 * frame, each range's placed within half a frame (10.7 ms at 48 kHz) of its picture.
 */

/** A part of the video to keep, in seconds of the rendition's own timeline (as players show). */
export interface KeptRange {
  start: number;
  end: number;
}

/** What a rendition's video packets say, read once (`ffprobe`, demuxing only). */
export interface RenditionFrames {
  /** Every frame's presentation time, in order of presentation. */
  pts: number[];
  /** Indexes (into `pts`) of the keyframes, ascending; the first frame is one. */
  keyframes: number[];
  /** How long the last frame shows (the others last until the next). */
  lastFrameSeconds: number;
}

/** Frames `[first, first + count)` of the rendition, and where the next one would start. */
interface FrameSpan {
  first: number;
  count: number;
  /** Presentation time of the first frame. */
  start: number;
  /** Seconds from the first frame to the end of the last. */
  seconds: number;
}

/** Encoded again from the rendition's pictures (the rung's own encoder settings). */
export interface EncodedPiece extends FrameSpan {
  kind: 'encode';
}

/** Whole GOPs copied packet for packet: starts on a keyframe, ends before the next one. */
export interface CopiedPiece extends FrameSpan {
  kind: 'copy';
}

export type VideoPiece = EncodedPiece | CopiedPiece;

/** Half a millisecond: times given by a player are rounded, frames are at least 4 ms apart. */
const EPSILON = 0.0005;

const frameEnd = (frames: RenditionFrames, index: number) =>
  index + 1 < frames.pts.length
    ? frames.pts[index + 1]!
    : frames.pts[index]! + frames.lastFrameSeconds;

/**
 * The frames a range keeps: from the one showing at `start` (the last one that began by then)
 * to the last one that begins before `end`. Empty when none does.
 */
export const framesOf = (frames: RenditionFrames, range: KeptRange): [number, number] => {
  const { pts } = frames;
  let first = 0;
  while (first + 1 < pts.length && pts[first + 1]! <= range.start + EPSILON) first += 1;
  let end = first;
  while (end < pts.length && pts[end]! < range.end - EPSILON) end += 1;
  return [first, end];
};

const span = (frames: RenditionFrames, first: number, end: number): FrameSpan => ({
  first,
  count: end - first,
  start: frames.pts[first]!,
  seconds: frameEnd(frames, end - 1) - frames.pts[first]!,
});

/**
 * The fewest frames an edge is re-encoded in: x264 reorders (and so delays the pictures by
 * ENCODED_PRESENTATION_DELAY_FRAMES, as every copied GOP is) only from three frames on. A
 * shorter edge would show its pictures early and collide with the copied decode times, so it
 * takes the GOP beside it along.
 */
export const MIN_EDGE_FRAMES = 3;

/**
 * The pieces of one kept range: the frames before its first keyframe re-encoded, the GOPs from
 * there to its last keyframe copied, the frames from that keyframe on re-encoded (or copied
 * when the range ends where a GOP does), each edge at least MIN_EDGE_FRAMES long. A range
 * holding no whole GOP is re-encoded whole.
 */
export const piecesOf = (frames: RenditionFrames, [first, end]: [number, number]): VideoPiece[] => {
  if (end <= first) return [];
  const inside = frames.keyframes.filter((key) => key >= first && key <= end);
  // The keyframe after the range (or the video's end) closes the last GOP inside it.
  const closesGop = end === frames.pts.length || frames.keyframes.includes(end);
  let copyStart = inside[0];
  let copyEnd = closesGop ? end : inside.at(-1);
  if (copyStart !== undefined && copyStart > first && copyStart - first < MIN_EDGE_FRAMES)
    copyStart = inside.find((key) => key > copyStart!);
  if (copyEnd !== undefined && copyEnd < end && end - copyEnd < MIN_EDGE_FRAMES)
    copyEnd = inside.filter((key) => key < copyEnd!).at(-1);
  if (copyStart === undefined || copyEnd === undefined || copyEnd <= copyStart) {
    return [{ kind: 'encode', ...span(frames, first, end) }];
  }
  const pieces: VideoPiece[] = [];
  if (first < copyStart) pieces.push({ kind: 'encode', ...span(frames, first, copyStart) });
  pieces.push({ kind: 'copy', ...span(frames, copyStart, copyEnd) });
  if (copyEnd < end) pieces.push({ kind: 'encode', ...span(frames, copyEnd, end) });
  return pieces;
};

/** The video of the whole cut: each range's pieces in order. */
export const planVideo = (frames: RenditionFrames, ranges: KeptRange[]): VideoPiece[][] =>
  ranges.map((range) => piecesOf(frames, framesOf(frames, range)));

/** A run of AAC frames copied from the rendition's sound. */
export interface SoundPiece {
  /** First AAC frame, counted from the start of the sound. */
  first: number;
  count: number;
}

export interface SoundClock {
  /** Seconds of one AAC frame: 1024 samples at the sound's rate. */
  frameSeconds: number;
  /** Seconds of sound before the first picture shows (both tracks start at 0). */
  pictureDelay: number;
}

/**
 * The sound of each range: the AAC frames heard with its pictures, starting where its first
 * picture will show in the result. Both are rounded to whole AAC frames, chosen so that each
 * range's sound lands within half a frame of its picture, whatever came before: the error
 * never adds up over cuts. The first range also keeps the sound before its first picture
 * (`pictureDelay`), the sound being on the picture in the renditions it is cut from.
 */
export const planSound = (video: VideoPiece[][], clock: SoundClock): SoundPiece[] => {
  const { frameSeconds } = clock;
  const pieces: SoundPiece[] = [];
  // AAC frames placed so far, and when the next range's first picture shows in the result.
  let placed = 0;
  let pictureAt = clock.pictureDelay;
  for (const range of video) {
    const first = range[0];
    if (!first) continue;
    // The result's sound at `placed` is the source's at the same distance from the picture.
    const sourceAt = first.start + placed * frameSeconds - pictureAt;
    const from = Math.max(0, Math.round(sourceAt / frameSeconds));
    pictureAt += range.reduce((sum, piece) => sum + piece.seconds, 0);
    const end = Math.round(pictureAt / frameSeconds);
    if (end > placed) pieces.push({ first: from, count: end - placed });
    placed = Math.max(placed, end);
  }
  return pieces;
};
