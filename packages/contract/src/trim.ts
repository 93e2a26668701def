import { Type, type Static } from '@sinclair/typebox';
import { fieldLimits } from './limits.ts';
import { trimStates } from './trims.ts';

/**
 * « Montage » (issue 34): the ranges of a video to keep, applied on the server without
 * re-encoding it; the version before stays for « Annuler le montage » for TRIM_UNDO_DAYS.
 */

const Seconds = Type.Number({ minimum: 0, maximum: 48 * 3600 });

/** A range to keep, in seconds (to the millisecond) on the video's timeline as it is now. */
export const KeptRange = Type.Object(
  { start: Seconds, end: Seconds },
  { additionalProperties: false },
);
export type KeptRange = Static<typeof KeptRange>;

/** `POST videos/{id}/trim`: the ranges to keep, in order, not overlapping. */
export const TrimRequest = Type.Object(
  { keep: Type.Array(KeptRange, { minItems: 1, maxItems: fieldLimits.keptRanges }) },
  { additionalProperties: false },
);
export type TrimRequest = Static<typeof TrimRequest>;

/** `GET videos/{id}/trim`: the video's last cut, and whether it can be undone. */
export const TrimStatus = Type.Object({
  state: Type.Union(trimStates.map((state) => Type.Literal(state))),
  /** The ranges of the running or last cut, on the timeline before it; empty for `none`. */
  keep: Type.Array(KeptRange),
  /** Percent done while `running`, else null. */
  progress: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]),
  /** Why the last cut failed (French), when `failed`. */
  error: Type.Union([Type.String(), Type.Null()]),
  /** Until when « Annuler le montage » brings the version before back (ISO date), or null. */
  undoUntil: Type.Union([Type.String(), Type.Null()]),
});
export type TrimStatus = Static<typeof TrimStatus>;

/**
 * `GET media/loudness/{id}.json`: the sound's loudness along the video, one level every
 * `interval` seconds, 0 (silence, -60 dBFS and under) to 100 (0 dBFS); empty without sound.
 */
export const Loudness = Type.Object({
  interval: Type.Number(),
  levels: Type.Array(Type.Integer({ minimum: 0, maximum: 100 })),
});
export type Loudness = Static<typeof Loudness>;

/** A cut on its way or that failed lately, as `/pending` and Système list them. */
export const TrimActivity = Type.Object({
  videoId: Type.Integer(),
  title: Type.String(),
  state: Type.Union([
    Type.Literal('awaiting'),
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('failed'),
  ]),
  progress: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  /** When it was asked, started, moved on or failed (ISO date). */
  updatedAt: Type.String(),
});
export type TrimActivity = Static<typeof TrimActivity>;

/** `GET videos/trims` (members): the cuts running or waiting, then those failed this week. */
export const TrimActivityList = Type.Object({ cuts: Type.Array(TrimActivity) });
export type TrimActivityList = Static<typeof TrimActivityList>;
