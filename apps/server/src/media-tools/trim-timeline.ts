import type { Cue } from './subtitles.ts';
import type { VideoPiece } from './trim-plan.ts';

/**
 * Where the times of a video go when it is cut: what is kept moves up to its place in the result,
 * what is removed has no time any more. Captions and chapters follow a cut through this.
 */

/** A kept stretch of the original, `[sourceStart, sourceEnd)`, and where it starts in the result. */
export interface KeptSpan {
  sourceStart: number;
  sourceEnd: number;
  outputStart: number;
}

/**
 * The spans of a planned cut (`planVideo`). The result shows its first picture where the
 * original did (`firstPicture`, the B-frame delay), each range right after the one before.
 */
export const keptSpans = (video: VideoPiece[][], firstPicture: number): KeptSpan[] => {
  const spans: KeptSpan[] = [];
  let outputStart = firstPicture;
  for (const range of video) {
    const first = range[0];
    if (!first) continue;
    const seconds = range.reduce((sum, piece) => sum + piece.seconds, 0);
    spans.push({ sourceStart: first.start, sourceEnd: first.start + seconds, outputStart });
    outputStart += seconds;
  }
  return spans;
};

/** The result's length: where its last kept span ends. */
export const cutDuration = (spans: KeptSpan[]): number => {
  const last = spans.at(-1);
  return last ? last.outputStart + last.sourceEnd - last.sourceStart : 0;
};

/** Shorter than this, what is left of a cue clipped by a cut is dropped (not readable). */
const SHORTEST_CUE = 0.1;

/**
 * The captions of the result: each cue moved with its span, clipped where a cut goes through
 * it, dropped where it was removed (or clipped to less than a tenth of a second). A cue that
 * spans a removed part comes out as one cue where its two pieces meet in the result.
 */
export const cutCues = (cues: Cue[], spans: KeptSpan[]): Cue[] => {
  const result: Cue[] = [];
  for (const cue of cues) {
    let last: Cue | undefined;
    for (const span of spans) {
      const start = Math.max(cue.start, span.sourceStart);
      const end = Math.min(cue.end, span.sourceEnd);
      if (end <= start) continue;
      const piece = {
        start: span.outputStart + start - span.sourceStart,
        end: span.outputStart + end - span.sourceStart,
        text: cue.text,
      };
      if (last && Math.abs(last.end - piece.start) < 0.001) last.end = piece.end;
      else {
        last = piece;
        result.push(piece);
      }
    }
  }
  return result
    .filter((cue) => cue.end - cue.start >= SHORTEST_CUE)
    .sort((a, b) => a.start - b.start);
};

/** A chapter: where it starts, and its title. */
export interface Chapter {
  start: number;
  title: string;
}

/**
 * The chapters of the result: each moved with its span; one whose start was removed starts
 * where what followed it resumes (the act still begins, only later), unless a later chapter
 * starts there too; none past the end. The first starts at 0, as players expect.
 */
export const cutChapters = (chapters: Chapter[], spans: KeptSpan[]): Chapter[] => {
  const moved: Chapter[] = [];
  for (const chapter of [...chapters].sort((a, b) => a.start - b.start)) {
    const span = spans.find((s) => chapter.start < s.sourceEnd);
    if (!span) continue;
    const start = span.outputStart + Math.max(0, chapter.start - span.sourceStart);
    if (moved.at(-1)?.start === start) moved.pop();
    moved.push({ start, title: chapter.title });
  }
  if (moved[0] && spans[0] && moved[0].start <= spans[0].outputStart) moved[0].start = 0;
  return moved;
};
