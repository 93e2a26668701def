import type { KeptSpan } from '@plateau/contract/constants';

/**
 * « Montage » as values: the kept ranges a member shapes on the edit page, the playhead's
 * steps and the timeline's zoom. Every time is in seconds, rounded to the millisecond as the
 * server takes it.
 */

/** The frame rate the steps assume: the video's own is not known to the page. */
export const FPS = 30;
export const FRAME = 1 / FPS;
/** How long « Retirer un passage » removes from the playhead, before the member adjusts it. */
export const PASSAGE_SECONDS = 5;
/** At the deepest zoom a frame is this wide on the timeline: enough to aim at it. */
const FRAME_PIXELS = 12;

export const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export const wholeVideo = (duration: number): KeptSpan[] => [{ start: 0, end: roundMs(duration) }];

export const isWhole = (keep: readonly KeptSpan[], duration: number) =>
  keep.length === 1 && keep[0]!.start <= 0.001 && keep[0]!.end >= duration - 0.001;

/** The frame `count` frames from `time` (snapped to the frame grid, so steps never drift). */
export const stepFrames = (time: number, count: number, duration: number) =>
  roundMs(clamp((Math.round(time * FPS) + count) / FPS, 0, duration));

export const stepSeconds = (time: number, seconds: number, duration: number) =>
  roundMs(clamp(time + seconds, 0, duration));

/** The removed parts between and around the kept ranges, in order. */
export const removedSpans = (keep: readonly KeptSpan[], duration: number): KeptSpan[] => {
  const removed: KeptSpan[] = [];
  let from = 0;
  for (const span of keep) {
    if (span.start > from + 0.0005) removed.push({ start: from, end: span.start });
    from = Math.max(from, span.end);
  }
  if (duration > from + 0.0005) removed.push({ start: from, end: duration });
  return removed;
};

/** The kept range `time` falls in (its end excluded), or -1. */
export const keptIndexAt = (keep: readonly KeptSpan[], time: number) =>
  keep.findIndex((span) => time >= span.start && time < span.end);

/**
 * Where playing the result goes from `time`: itself when kept, else the start of the next kept
 * range, or null when nothing kept is left after it (the result has ended).
 */
export const resultTimeFrom = (keep: readonly KeptSpan[], time: number): number | null => {
  if (keptIndexAt(keep, time) >= 0) return time;
  return keep.find((span) => span.start > time)?.start ?? null;
};

export type Edge = 'start' | 'end';

/** How far one handle may go: a frame short of its own range's other edge, up to its neighbour. */
export const handleBounds = (
  keep: readonly KeptSpan[],
  index: number,
  edge: Edge,
  duration: number,
): { min: number; max: number } => {
  const span = keep[index]!;
  if (edge === 'start') {
    return { min: keep[index - 1]?.end ?? 0, max: roundMs(Math.max(0, span.end - FRAME)) };
  }
  return { min: roundMs(span.start + FRAME), max: keep[index + 1]?.start ?? roundMs(duration) };
};

/** The ranges with one handle at `time`, held between its bounds. */
export const moveHandle = (
  keep: readonly KeptSpan[],
  index: number,
  edge: Edge,
  time: number,
  duration: number,
): KeptSpan[] => {
  const { min, max } = handleBounds(keep, index, edge, duration);
  const at = roundMs(clamp(time, min, Math.max(min, max)));
  return keep.map((span, position) => (position === index ? { ...span, [edge]: at } : span));
};

/**
 * `I`: the kept range under the playhead starts there; in a removed part, the next range is
 * brought back to start there. Unchanged past the last range (nothing there to start).
 */
export const setIn = (keep: readonly KeptSpan[], time: number, duration: number) => {
  const inside = keptIndexAt(keep, time);
  const index = inside >= 0 ? inside : keep.findIndex((span) => span.start > time);
  return index < 0 ? [...keep] : moveHandle(keep, index, 'start', time, duration);
};

/** `O`: the kept range under the playhead (or the last one before it) ends there. */
export const setOut = (keep: readonly KeptSpan[], time: number, duration: number) => {
  const inside = keptIndexAt(keep, time);
  const before = keep.filter((span) => span.end <= time).length - 1;
  const index = inside >= 0 ? inside : before;
  return index < 0 ? [...keep] : moveHandle(keep, index, 'end', time, duration);
};

/**
 * « Retirer un passage »: a few seconds from the playhead are removed from the kept range under
 * it, which is split in two (or shortened when the playhead is near one of its edges). Null
 * when the playhead is not on a kept range.
 */
export const removePassage = (
  keep: readonly KeptSpan[],
  time: number,
  length = PASSAGE_SECONDS,
): KeptSpan[] | null => {
  const index = keptIndexAt(keep, time);
  if (index < 0) return null;
  const span = keep[index]!;
  const from = roundMs(time);
  const to = roundMs(Math.min(span.end, from + length));
  let pieces: KeptSpan[];
  if (from - span.start < FRAME) pieces = to >= span.end ? [] : [{ start: to, end: span.end }];
  else if (span.end - to < FRAME) pieces = [{ start: span.start, end: from }];
  else
    pieces = [
      { start: span.start, end: from },
      { start: to, end: span.end },
    ];
  return [...keep.slice(0, index), ...pieces, ...keep.slice(index + 1)];
};

export const removeRange = (keep: readonly KeptSpan[], index: number) =>
  keep.filter((_, position) => position !== index);

/** A typed time for one edge; the ranges unchanged when it falls outside what that edge allows. */
export const typeEdge = (
  keep: readonly KeptSpan[],
  index: number,
  edge: Edge,
  time: number,
  duration: number,
): KeptSpan[] | null => {
  const { min, max } = handleBounds(keep, index, edge, duration);
  if (time < min - 0.0005 || time > max + 0.0005) return null;
  return moveHandle(keep, index, edge, time, duration);
};

/** The deepest zoom: a frame FRAME_PIXELS wide; never under 1 (the whole video in view). */
export const maxZoom = (duration: number, width: number) =>
  width > 0 && duration > 0 ? Math.max(1, (duration * FPS * FRAME_PIXELS) / width) : 1;

/** The zoom steps of « Zoom + » / « Zoom − »: doubling, the last one the frame itself. */
export const zoomStep = (zoom: number, direction: 1 | -1, duration: number, width: number) => {
  const deepest = maxZoom(duration, width);
  const next = direction > 0 ? zoom * 2 : zoom / 2;
  return clamp(next, 1, deepest);
};

/**
 * Where the view should scroll so that `time` stays where it was on screen (`offset` pixels
 * from the view's left edge) once the timeline is `width` pixels wide.
 */
export const scrollKeeping = (
  time: number,
  duration: number,
  width: number,
  view: number,
  offset: number,
) => clamp((time / duration) * width - offset, 0, Math.max(0, width - view));

/**
 * Loudness bars for the part of the timeline in view, one every `step` pixels: each bar the
 * loudest level under it, so a short burst of applause is not averaged away when zoomed out.
 * Heights are 0..1.
 */
export const loudnessBars = (
  levels: readonly number[],
  interval: number,
  duration: number,
  width: number,
  from: number,
  to: number,
  step: number,
): { x: number; height: number }[] => {
  if (levels.length === 0 || interval <= 0 || duration <= 0 || width <= 0) return [];
  const bars: { x: number; height: number }[] = [];
  const secondsPerPixel = duration / width;
  for (let x = Math.floor(from / step) * step; x < to; x += step) {
    const first = Math.floor((x * secondsPerPixel) / interval);
    const last = Math.max(first, Math.ceil(((x + step) * secondsPerPixel) / interval) - 1);
    let loudest = -1;
    for (let index = Math.max(0, first); index <= last && index < levels.length; index += 1) {
      loudest = Math.max(loudest, levels[index]!);
    }
    if (loudest >= 0) bars.push({ x, height: loudest / 100 });
  }
  return bars;
};

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A time as a screen reader says it in French: « 1 h 02 min 03,500 s ». */
export const spokenTime = (seconds: number) => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const rest = ms % 1000;
  const secondsText = rest === 0 ? `${s} s` : `${s},${String(rest).padStart(3, '0')} s`;
  if (h > 0) return `${h} h ${twoDigits(m)} min ${secondsText}`;
  return m > 0 ? `${m} min ${secondsText}` : secondsText;
};
