/**
 * Seek previews (issue 21): the storyboard track is WebVTT whose cue k spans a time range and
 * points at tile k of a sprite with a media fragment (`{id}.jpg?token=…#xywh=x,y,w,h`), the
 * convention players (video.js, Vidstack, PeerTube) read. A few lines parse it here rather than
 * a WebVTT library on the watch page.
 */

export interface StoryboardTile {
  /** Seconds. */
  start: number;
  end: number;
  /** The sprite's absolute URL, resolved against the track's own and without the fragment. */
  image: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `hh:mm:ss.ttt` or `mm:ss.ttt` (WebVTT timestamps); NaN for anything else. */
const parseTimestamp = (text: string): number => {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})[.,](\d{1,3})$/.exec(text.trim());
  if (!match) return Number.NaN;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match;
  return (
    Number(hours) * 3600 +
    Number(minutes) * 60 +
    Number(seconds) +
    Number(fraction.padEnd(3, '0')) / 1000
  );
};

/** `x,y,w,h` or `pixel:x,y,w,h` (Media Fragments URI); percentages mean nothing for a sprite. */
const XYWH = /^(?:pixel:)?(\d+),(\d+),(\d+),(\d+)$/;

const parseTile = (
  start: number,
  end: number,
  text: string,
  trackUrl: string,
): StoryboardTile | null => {
  let url: URL;
  try {
    url = new URL(text.trim(), trackUrl);
  } catch {
    return null;
  }
  const fragment = new URLSearchParams(url.hash.slice(1)).get('xywh');
  const match = fragment === null ? null : XYWH.exec(fragment);
  if (!match) return null;
  const [x, y, width, height] = match.slice(1).map(Number) as [number, number, number, number];
  if (width === 0 || height === 0) return null;
  url.hash = '';
  return { start, end, image: url.href, x, y, width, height };
};

/**
 * The tiles of a storyboard track, in time order. `trackUrl` is the absolute URL the track was
 * read from: cue texts are relative to it. Cues without a usable `#xywh=` are left out, so a
 * track that is not a storyboard gives no tiles rather than an error.
 */
export const parseStoryboard = (text: string, trackUrl: string): StoryboardTile[] => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const tiles: StoryboardTile[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const timing = /^\s*(\S+)\s+-->\s+(\S+)/.exec(lines[i] ?? '');
    if (!timing) continue;
    const start = parseTimestamp(timing[1] ?? '');
    const end = parseTimestamp(timing[2] ?? '');
    const payload = lines[i + 1]?.trim();
    if (!Number.isFinite(start) || !Number.isFinite(end) || !payload) continue;
    const tile = parseTile(start, end, payload, trackUrl);
    if (tile) tiles.push(tile);
    i += 1;
  }
  return tiles.sort((a, b) => a.start - b.start);
};

/**
 * The tile shown at `time`: the last one starting at or before it. Before the first cue the
 * first tile, past the last cue the last one (a container's duration may run a little beyond).
 */
export const tileAt = (tiles: readonly StoryboardTile[], time: number): StoryboardTile | null => {
  if (tiles.length === 0) return null;
  let low = 0;
  let high = tiles.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (tiles[middle]!.start <= time) low = middle;
    else high = middle - 1;
  }
  return tiles[low]!;
};

/**
 * Where a bubble `width` wide, centred on `pointer`, starts so that it stays between `min` and
 * `max` (the player's edges, in the same coordinates), a `margin` inside them. A player
 * narrower than the bubble gets it at its left edge.
 */
export const clampPreview = (
  pointer: number,
  width: number,
  min: number,
  max: number,
  margin = 0,
): number => {
  const left = pointer - width / 2;
  const highest = max - margin - width;
  const lowest = min + margin;
  return Math.max(lowest, Math.min(highest, left));
};
