import { Type, type Static } from '@sinclair/typebox';
import { fieldLimits } from './limits.ts';

/**
 * Chapters (issue 34): named times of a video (a gala's acts, a conference's talks), shown on
 * the player's progress bar, in its « Chapitres » menu and as a WebVTT chapters track.
 */

/** Where a chapter starts, in seconds on the video's timeline (to the millisecond). */
export const ChapterStart = Type.Number({ minimum: 0, maximum: 48 * 3600 });

export const Chapter = Type.Object({
  start: ChapterStart,
  title: Type.String({ minLength: 1, maxLength: fieldLimits.chapterTitle }),
});
export type Chapter = Static<typeof Chapter>;

/** A video's chapters in order of their start; sent whole to replace them. */
export const ChapterList = Type.Object({
  chapters: Type.Array(Chapter, { maxItems: fieldLimits.videoChapters }),
});
export type ChapterList = Static<typeof ChapterList>;
