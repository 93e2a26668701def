/**
 * « Montage » (issue 34): plain values and rules shared by the server and the web app (the
 * schemas are in `trim.ts`).
 */

/**
 * Where a video's cut stands: none asked; asked of a video not encoded yet, made by its encode
 * before it is published (`awaiting`); waiting for the worker, running, failed, applied.
 */
export const trimStates = ['none', 'awaiting', 'queued', 'running', 'failed', 'done'] as const;
export type TrimState = (typeof trimStates)[number];

/** The shortest video a cut may leave, in seconds. */
export const MIN_CUT_RESULT_SECONDS = 1;

/**
 * The shortest part a cut may keep: a few frames whatever the frame rate (a part of fewer
 * than three frames cannot be re-encoded with the others' picture delay).
 */
export const MIN_KEPT_RANGE_SECONDS = 0.5;

/**
 * How far a range may end past the picture: a player's duration counts the sound too, which
 * may outlast the last frame by a few AAC frames. Less than this removed is nothing removed.
 */
const EDGE_SECONDS = 0.1;

/** A range of a video to keep, in seconds on its timeline as it is now. */
export interface KeptSpan {
  start: number;
  end: number;
}

/**
 * Why these ranges cannot be applied to a video of `duration` seconds (French, as the server
 * answers it), or null: in order, not overlapping, inside the video, each at least a frame
 * long, not the whole video, and leaving at least MIN_CUT_RESULT_SECONDS.
 */
export const keptSpansProblem = (keep: KeptSpan[], duration: number): string | null => {
  if (keep.length === 0) return 'Gardez au moins une partie de la vidéo';
  let previousEnd = 0;
  for (const [position, span] of keep.entries()) {
    if (!(span.end > span.start)) return 'Chaque partie gardée doit finir après son début';
    if (span.end - span.start < MIN_KEPT_RANGE_SECONDS)
      return 'Chaque partie gardée doit durer au moins une demi-seconde';
    if (position > 0 && span.start < previousEnd)
      return 'Les parties gardées doivent se suivre sans se chevaucher';
    previousEnd = span.end;
  }
  if (previousEnd > duration + EDGE_SECONDS) return 'Une partie gardée dépasse la fin de la vidéo';
  const kept = keep.reduce((sum, span) => sum + span.end - span.start, 0);
  if (kept < MIN_CUT_RESULT_SECONDS) return 'Le montage doit garder au moins une seconde';
  const keptOfVideo = keep.reduce(
    (sum, span) => sum + Math.min(span.end, duration) - Math.min(span.start, duration),
    0,
  );
  if (duration - keptOfVideo <= EDGE_SECONDS) return 'Le montage ne retire rien';
  return null;
};

/** How long a video lasts once `keep` is applied. */
export const keptDuration = (keep: KeptSpan[]) =>
  keep.reduce((sum, span) => sum + span.end - span.start, 0);
