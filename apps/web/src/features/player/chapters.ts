import type { Chapter } from '@plateau/contract';

/**
 * Chapters in the player (issue 34): which one is playing, and where the next and previous
 * ones start, as a viewer moves between a gala's acts.
 */

/** Past this far into a chapter, « previous » goes back to its own start first (as YouTube). */
const RESTART_SECONDS = 3;

/** The index of the chapter playing at `time`: the last one started by then; -1 before any. */
export const chapterAt = (chapters: readonly Chapter[], time: number): number => {
  let index = -1;
  for (const [i, chapter] of chapters.entries()) if (chapter.start <= time + 0.001) index = i;
  return index;
};

/** Where a jump to the next (1) or previous (-1) chapter lands; null when there is none. */
export const chapterJump = (
  chapters: readonly Chapter[],
  time: number,
  direction: 1 | -1,
): number | null => {
  const index = chapterAt(chapters, time);
  if (direction === 1) return chapters[index + 1]?.start ?? null;
  if (index < 0) return null;
  if (time - chapters[index]!.start > RESTART_SECONDS) return chapters[index]!.start;
  return chapters[index - 1]?.start ?? chapters[index]!.start;
};
