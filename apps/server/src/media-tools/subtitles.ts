/**
 * Subtitle files as members send them (SRT from most editors, WebVTT from YouTube or Subtitle
 * Edit) made into the one form Plateau keeps and serves: WebVTT of plain text. Nothing of the
 * sender's markup survives, so no cue can carry a tag, a style or a script to the player.
 */

export interface Cue {
  /** Seconds. */
  start: number;
  end: number;
  /** Plain text, lines joined by "\n". */
  text: string;
}

/** Past this, a file is not a video's subtitles (or not one Plateau could show). */
const MAX_CUES = 20_000;
const MAX_SECONDS = 48 * 3600;

const TIMING =
  /^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})/;

/** "01:02:03,450", "02:03.450" or "1:02:03.45" in seconds. */
const seconds = (time: string) => {
  const [clock, fraction] = time.split(/[.,]/) as [string, string];
  const parts = clock.split(':').map(Number);
  const [h, m, s] = parts.length === 3 ? parts : [0, ...parts];
  return h! * 3600 + m! * 60 + s! + Number(`0.${fraction}`);
};

/** UTF-8 when it is valid UTF-8; otherwise Windows-1252, what French SRT files often are. */
export const decodeSubtitleBytes = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
};

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '',
  rlm: '',
};

/** A cue's text as plain text: elements that hold code go with their content, tags go. */
export const plainCueText = (raw: string): string =>
  raw
    .replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, '')
    // Tags (<i>, <font ...>, </b>, <v Name>, <c.yellow>) and WebVTT's inline times; a lone
    // "<" in a sentence ("5 < 6") stays.
    .replace(/<\/?[a-z][^>]*>|<\d{1,2}:[\d:.]+>/gi, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 31 && code < 0x110000 ? String.fromCodePoint(code) : '';
    })
    // SRT's {\an8}-style position codes, and control characters.
    .replace(/\{\\[^}]*\}/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');

/**
 * The cues of an SRT or WebVTT text, in time order, with plain text; null when it holds none
 * (not a subtitle file). WebVTT's NOTE, STYLE and REGION blocks have no timing: they go.
 */
export const parseSubtitles = (text: string): Cue[] | null => {
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  const cues: Cue[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => TIMING.test(line));
    if (at === -1 || at > 1) continue;
    const [, from, to] = TIMING.exec(lines[at]!)!;
    const start = seconds(from!);
    const end = seconds(to!);
    if (!(end > start) || end > MAX_SECONDS) continue;
    const cueText = plainCueText(lines.slice(at + 1).join('\n'));
    if (cueText === '') continue;
    cues.push({ start, end, text: cueText });
    if (cues.length > MAX_CUES) return null;
  }
  if (cues.length === 0) return null;
  return cues.sort((a, b) => a.start - b.start || a.end - b.end);
};

const timestamp = (value: number) => {
  const ms = Math.round(value * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** WebVTT's three reserved characters, so the text stays text (no tag, no timing arrow). */
const escapeCueText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const toWebVtt = (cues: Cue[]): string =>
  `WEBVTT\n\n${cues
    .map((cue) => `${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${escapeCueText(cue.text)}\n`)
    .join('\n')}`;

/** A received subtitle file as the WebVTT Plateau keeps; null when it is not one. */
export const cleanSubtitles = (bytes: Uint8Array): string | null => {
  const cues = parseSubtitles(decodeSubtitleBytes(bytes));
  return cues && toWebVtt(cues);
};
