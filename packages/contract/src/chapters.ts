import { fieldLimits } from './limits.ts';

/**
 * Chapters (issue 34): plain values and rules shared by the server and the web app (the
 * schemas are in `chapter.ts`).
 */

/** A chapter as the description lists it: its start in seconds, and its title. */
export interface DescribedChapter {
  start: number;
  title: string;
}

/** A `0:00`, `12:34` or `1:02:03` time at the start of a description's line, then its title. */
const DESCRIPTION_LINE = /^\s*(?:(\d{1,2}):)?(\d{1,2}):(\d{2})\s*[-–—:]?\s+(.+?)\s*$/;

/**
 * The chapters a description lists as YouTube's convention has them: one line each, its time
 * first (`0:00 Accueil`, `12:34 Acte II`), in increasing order, the first at 0:00, at least
 * three. Null when the description has no such list.
 */
export const chaptersFromDescription = (description: string): DescribedChapter[] | null => {
  const chapters: DescribedChapter[] = [];
  for (const line of description.split(/\r?\n/)) {
    const match = DESCRIPTION_LINE.exec(line);
    if (!match) continue;
    const [, hours, minutes, seconds, title] = match;
    if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) continue;
    const start = Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
    if (chapters.length > 0 && start <= chapters.at(-1)!.start) continue;
    chapters.push({ start, title: title!.slice(0, fieldLimits.chapterTitle) });
  }
  if (chapters.length < 3 || chapters[0]!.start !== 0) return null;
  return chapters.slice(0, fieldLimits.videoChapters);
};
