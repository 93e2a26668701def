import { rungs, type Rung } from '@plateau/contract';
import type { ProbeResult } from './probe.ts';

/**
 * ffmpeg arguments as pure functions of what ffprobe read, unit-tested by comparing arrays.
 * One pass per video: decode once, `split` into every rung, x264 veryfast with 2-second
 * keyframes and a capped bitrate per rung, AAC, index at the front.
 */

/** Renditions, named by their shorter side (720 = 1280x720 landscape or 720x1280 portrait). */
export const RUNGS = rungs;
export type { Rung };

/** Peak bitrate per rung in kbit/s; the VBV buffer holds two seconds of it. */
const RUNG_MAXRATE_KBPS: Record<Rung, number> = {
  1080: 5000,
  720: 2800,
  480: 1400,
  240: 400,
};

const VIDEO_CRF = 23;
const AUDIO_BITRATE = '128k';
const KEYFRAME_SECONDS = 2;
/** Every ffmpeg run: no banner, no stdin, overwrite the temporary output, errors only. */
const QUIET = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
/** Used when ffprobe reports no usable frame rate (some variable-rate phone files). */
const FALLBACK_FPS = 30;

type SourceShape = Pick<ProbeResult, 'width' | 'height'>;

/** Every rung not above the source's shorter side, largest first; 240 always. */
export const planRungs = (source: SourceShape): Rung[] => {
  const shorter = Math.min(source.width, source.height);
  return RUNGS.filter((rung) => rung <= shorter || rung === 240);
};

/**
 * Scale to the rung on the shorter side; the other side follows the aspect ratio, rounded to an
 * even number (`-2`) as 4:2:0 chroma requires, whatever the source's size.
 */
export const scaleFilter = (source: SourceShape, rung: Rung): string =>
  source.height <= source.width ? `scale=-2:${rung}` : `scale=${rung}:-2`;

/** Frames between keyframes: two seconds at the source rate (60 fps -> 120). */
export const keyframeInterval = (frameRate: number): number => {
  const fps =
    Number.isFinite(frameRate) && frameRate > 0 && frameRate <= 240 ? frameRate : FALLBACK_FPS;
  return Math.max(1, Math.round(fps * KEYFRAME_SECONDS));
};

export interface RungOutput {
  rung: Rung;
  file: string;
}

type EncodeSource = Pick<ProbeResult, 'width' | 'height' | 'frameRate' | 'hasAudio'>;

/** The filter graph: one decode, split into one scaled yuv420p stream per output. */
export const buildFilterGraph = (source: EncodeSource, rungs: Rung[]): string => {
  const branches = rungs.map((_, index) => `[s${index}]`).join('');
  const scaled = rungs.map(
    (rung, index) => `[s${index}]${scaleFilter(source, rung)},format=yuv420p[v${index}]`,
  );
  return [`[0:v:0]split=${rungs.length}${branches}`, ...scaled].join(';');
};

const outputArgs = (source: EncodeSource, output: RungOutput, index: number): string[] => {
  const gop = String(keyframeInterval(source.frameRate));
  const maxrate = RUNG_MAXRATE_KBPS[output.rung];
  return [
    '-map',
    `[v${index}]`,
    ...(source.hasAudio ? ['-map', '0:a:0'] : []),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    String(VIDEO_CRF),
    '-maxrate',
    `${maxrate}k`,
    '-bufsize',
    `${maxrate * 2}k`,
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-pix_fmt',
    'yuv420p',
    ...(source.hasAudio ? ['-c:a', 'aac', '-b:a', AUDIO_BITRATE, '-ac', '2'] : ['-an']),
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output.file,
  ];
};

/** The whole command line after the binary, progress on stdout as `key=value` lines. */
export const buildEncodeArgs = (
  input: string,
  source: EncodeSource,
  outputs: RungOutput[],
): string[] => [
  ...QUIET,
  '-progress',
  'pipe:1',
  '-nostats',
  '-i',
  input,
  '-filter_complex',
  buildFilterGraph(
    source,
    outputs.map((output) => output.rung),
  ),
  ...outputs.flatMap((output, index) => outputArgs(source, output, index)),
];

/** Where the generated thumbnail is taken: a tenth into the video, past black intro frames. */
const thumbnailTime = (durationSeconds: number): number =>
  Number.isFinite(durationSeconds) && durationSeconds > 0
    ? Math.round(durationSeconds * 0.1 * 1000) / 1000
    : 0;

/** One JPEG frame at most 1280 pixels wide (input seeking: fast even in long videos). */
export const buildThumbnailArgs = (
  input: string,
  source: Pick<ProbeResult, 'durationSeconds'>,
  output: string,
): string[] => [
  ...QUIET,
  '-ss',
  String(thumbnailTime(source.durationSeconds)),
  '-i',
  input,
  '-map',
  '0:v:0',
  '-frames:v',
  '1',
  '-vf',
  "scale='min(1280,iw)':-2",
  '-q:v',
  '3',
  '-f',
  'image2',
  '-c:v',
  'mjpeg',
  output,
];
