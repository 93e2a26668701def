/**
 * A chapter's start as members type it: `m:ss` or `h:mm:ss`, with milliseconds when a cut
 * placed it between two seconds (`1:35.250`). Written back the same way, so a list saved
 * unchanged keeps every start to the millisecond.
 */
const TIME = /^\s*(?:(\d{1,2}):)?(\d{1,3}):(\d{2})(?:[.,](\d{1,3}))?\s*$/;

/** Seconds, or null when the text is not a time. */
export const parseChapterTime = (text: string): number | null => {
  const match = TIME.exec(text);
  if (!match) return null;
  const [, hours, minutes, seconds, fraction] = match;
  if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) return null;
  const millis = fraction === undefined ? 0 : Number(fraction.padEnd(3, '0'));
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) + millis / 1000;
};

export const formatChapterTime = (seconds: number): string => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  const rest = ms % 1000 === 0 ? '' : `.${String(ms % 1000).padStart(3, '0')}`;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}${rest}` : `${m}:${s}${rest}`;
};
