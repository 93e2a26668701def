import type { ProbeResult } from './probe.ts';

/**
 * Seek previews (issue 21): one JPEG sprite of small frames and a WebVTT track mapping each
 * time range to its tile with a media fragment (`storyboard.jpg#xywh=x,y,w,h`), the convention
 * players (Vidstack, video.js, PeerTube, JW Player) read.
 */

/** Tiles fit in this box: about 160x90, the size players show above a progress bar. */
export const STORYBOARD_TILE_BOX = { width: 160, height: 90 } as const;
/** At most this many tiles: the sprite stays near 1600x900 and a few hundred kB at most. */
export const STORYBOARD_MAX_TILES = 100;
export const STORYBOARD_COLUMNS = 10;
/** A video's last fraction of a second that gets no tile of its own (see storyboardLayout). */
const STORYBOARD_TAIL_SECONDS = 0.25;
/** The image's name as the stored VTT writes it: beside it in the video's folder. */
export const STORYBOARD_IMAGE_NAME = 'storyboard.jpg';

export interface StoryboardLayout {
  /** Seconds between two tiles (whole, at least 1). */
  interval: number;
  tiles: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  durationSeconds: number;
}

const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

/**
 * The sprite's shape for a video: one tile every `interval` seconds (the smallest whole number
 * keeping at most 100 tiles), each the video's picture scaled to fit 160x90 with its aspect
 * ratio (a portrait video gets narrow tiles, not black bars), even sizes for the JPEG encoder.
 */
export const storyboardLayout = (
  source: Pick<ProbeResult, 'durationSeconds' | 'width' | 'height'> &
    Partial<Pick<ProbeResult, 'pictureEndSeconds'>>,
): StoryboardLayout => {
  const durationSeconds =
    Number.isFinite(source.durationSeconds) && source.durationSeconds > 0
      ? source.durationSeconds
      : 0;
  // Tiles only where there is a picture: a container's sound may run on past the last frame
  // (a longer soundtrack, a cut), and a tile there would be black. A tail of the picture shorter
  // than a quarter second gets no tile of its own either; the last cue stretches to the end.
  const pictureEnd = Math.min(durationSeconds, source.pictureEndSeconds || durationSeconds);
  const pictured = Math.max(0, pictureEnd - STORYBOARD_TAIL_SECONDS);
  const interval = Math.max(1, Math.ceil(pictured / STORYBOARD_MAX_TILES));
  const tiles = Math.max(1, Math.ceil(pictured / interval));
  const columns = Math.min(STORYBOARD_COLUMNS, tiles);
  const rows = Math.ceil(tiles / columns);
  const scale = Math.min(
    STORYBOARD_TILE_BOX.width / source.width,
    STORYBOARD_TILE_BOX.height / source.height,
  );
  return {
    interval,
    tiles,
    columns,
    rows,
    tileWidth: Math.min(STORYBOARD_TILE_BOX.width, even(source.width * scale)),
    tileHeight: Math.min(STORYBOARD_TILE_BOX.height, even(source.height * scale)),
    durationSeconds,
  };
};

/**
 * One ffmpeg run: `fps` keeps one frame every `interval` seconds before anything is scaled (so
 * the decoder is nearly all the cost), `round=up` makes tile k the frame shown at k * interval
 * (the start of its cue), `tile` lays them out; the one image is written once complete.
 * Input is a small rendition: decoding 240p is cheap next to the encode that made it.
 */
export const buildStoryboardArgs = (
  input: string,
  layout: StoryboardLayout,
  output: string,
): string[] => [
  ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
  ...['-threads', '1'],
  ...['-i', input],
  ...['-map', '0:v:0', '-an', '-sn', '-dn'],
  '-vf',
  [
    `fps=fps=1/${layout.interval}:round=up`,
    `scale=${layout.tileWidth}:${layout.tileHeight}:flags=bilinear`,
    'setsar=1',
    `tile=${layout.columns}x${layout.rows}`,
  ].join(','),
  ...['-frames:v', '1', '-q:v', '5'],
  ...['-f', 'image2', '-update', '1', '-c:v', 'mjpeg'],
  output,
];

/** `HH:MM:SS.mmm`, WebVTT's timestamp. */
export const vttTimestamp = (seconds: number): string => {
  const ms = Math.round(Math.max(0, seconds) * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const secs = Math.floor((ms % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(ms % 1000, 3)}`;
};

/**
 * The WebVTT track: cue k spans [k * interval, (k + 1) * interval), the last one ending with
 * the video, and points at tile k, read left to right then top to bottom.
 */
export const buildStoryboardVtt = (
  layout: StoryboardLayout,
  image = STORYBOARD_IMAGE_NAME,
): string => {
  const cues: string[] = [];
  for (let k = 0; k < layout.tiles; k += 1) {
    const start = k * layout.interval;
    const end =
      k === layout.tiles - 1 && layout.durationSeconds > start
        ? layout.durationSeconds
        : start + layout.interval;
    const x = (k % layout.columns) * layout.tileWidth;
    const y = Math.floor(k / layout.columns) * layout.tileHeight;
    cues.push(
      `${vttTimestamp(start)} --> ${vttTimestamp(end)}\n` +
        `${image}#xywh=${x},${y},${layout.tileWidth},${layout.tileHeight}`,
    );
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
};

/**
 * The stored track with its image pointed at `href` (a URL relative to the track's own, and
 * the track's query such as `?token=`, so a player that had to put its token in the URL reaches
 * the image with it too).
 */
export const pointStoryboardAt = (vtt: string, href: string): string =>
  vtt.replaceAll(`\n${STORYBOARD_IMAGE_NAME}#xywh=`, `\n${href}#xywh=`);
