import { rungs, type Rung } from '@plateau/contract';
import type { ProbeResult } from './probe.ts';
import { teeTargets } from './tee-targets.ts';

/**
 * ffmpeg arguments as pure functions of what ffprobe read, unit-tested by comparing arrays.
 * One pass per video: decode once, `split` into every re-encoded rung (x264 veryfast, 2-second
 * keyframes, a capped bitrate per rung), one AAC encode shared by every rung through the `tee`
 * muxer, each a fragmented MP4 with its index at the front (`tee-targets.ts`). A source that
 * already fits the top rung gives that rung its own video stream, copied (`video-copy.ts`).
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
export const QUIET = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];
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

const usableFps = (frameRate: number): number =>
  Number.isFinite(frameRate) && frameRate > 0 && frameRate <= 240 ? frameRate : FALLBACK_FPS;

/** Frames between keyframes: two seconds at the source rate (60 fps -> 120). */
export const keyframeInterval = (frameRate: number): number =>
  Math.max(1, Math.round(usableFps(frameRate) * KEYFRAME_SECONDS));

/** The same keyframe interval in seconds, and how long one frame lasts at that rate. */
export const keyframeTiming = (frameRate: number) => ({
  gopSeconds: keyframeInterval(frameRate) / usableFps(frameRate),
  frameSeconds: 1 / usableFps(frameRate),
});

/**
 * Frames between the first decoded and the first shown in an encoded rung: FFmpeg's libx264
 * wrapper declares 2 when B-frames are pyramided (x264's `veryfast` does: 3 B-frames, pyramid
 * normal). Fragmented renditions carry no edit list to hide it, so a copied stream must have the
 * same delay (`video-copy.ts`), or its fragments would start two frames apart from the other
 * rungs', and the sound is delayed to match (`audioAlignFilter`).
 */
export const ENCODED_PRESENTATION_DELAY_FRAMES = 2;

/** AAC starts with one frame of encoder priming: 1024 samples before the first real one. */
export const AAC_PRIMING_SAMPLES = 1024;

/**
 * What puts the sound on the picture in every rendition. Each track of a fragmented rendition
 * starts at 0 and no player is told to skip anything: the first picture shows after the B-frame
 * delay (80 ms at 25 fps), the first real sound after AAC's priming (21 ms at 48 kHz), so left
 * alone the sound runs 59 ms ahead, past the 45 ms viewers notice. The sound is delayed by the
 * difference, counted in its own samples (trimmed instead where the priming is the longer);
 * null when they already agree. `decodedPriming`: samples of an earlier AAC encode's priming
 * that the decoder of the input hands over as sound (a fragmented rendition has no edit list to
 * drop them), when a rendition's sound is encoded again.
 */
export const audioAlignFilter = (
  source: Pick<ProbeResult, 'frameRate' | 'audioSampleRate'>,
  decodedPriming = 0,
): string | null => {
  const rate = source.audioSampleRate;
  if (!(rate > 0)) return null;
  const pictureDelay = ENCODED_PRESENTATION_DELAY_FRAMES / usableFps(source.frameRate);
  const samples = Math.round(pictureDelay * rate) - AAC_PRIMING_SAMPLES - decodedPriming;
  if (samples > 0) return `adelay=${samples}S:all=1`;
  if (samples < 0) return `atrim=start_sample=${-samples},asetpts=PTS-STARTPTS`;
  return null;
};

export interface RungOutput {
  rung: Rung;
  file: string;
}

export interface EncodeOptions {
  /** The first output (the top rung) takes the source's video stream as it is. */
  copyTopRung?: boolean;
}

type EncodeSource = Pick<
  ProbeResult,
  'width' | 'height' | 'frameRate' | 'hasAudio' | 'audioSampleRate'
>;

/** The peak bitrate of a rung's video, in kbit/s (its VBV buffer holds two seconds of it). */
export const rungMaxrateKbps = (rung: Rung): number => RUNG_MAXRATE_KBPS[rung];

/** The filter graph: one decode, split into one scaled yuv420p stream per re-encoded rung. */
export const buildFilterGraph = (source: EncodeSource, rungs: Rung[]): string => {
  const branches = rungs.map((_, index) => `[s${index}]`).join('');
  const scaled = rungs.map(
    (rung, index) => `[s${index}]${scaleFilter(source, rung)},format=yuv420p[v${index}]`,
  );
  return [`[0:v:0]split=${rungs.length}${branches}`, ...scaled].join(';');
};

/** x264 settings shared by every re-encoded rung; the per-rung cap follows per stream. */
const x264Args = (source: Pick<EncodeSource, 'frameRate'>): string[] => {
  const gop = String(keyframeInterval(source.frameRate));
  return [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    String(VIDEO_CRF),
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-pix_fmt',
    'yuv420p',
  ];
};

/** The cap of output video stream `index`, or its copy (a later `:v:N` option wins over `:v`). */
const rungVideoArgs = (rung: Rung, index: number, copy: boolean): string[] => {
  if (copy) return [`-c:v:${index}`, 'copy'];
  const maxrate = RUNG_MAXRATE_KBPS[rung];
  return [`-maxrate:v:${index}`, `${maxrate}k`, `-bufsize:v:${index}`, `${maxrate * 2}k`];
};

/**
 * One rung's video encoder, as the encode configures it for that rung (x264 settings, GOP, cap):
 * frames encoded again for a rendition (a cut's edges) join its copied GOPs as one stream, with
 * the same parameter sets.
 */
export const rungEncoderArgs = (rung: Rung, source: Pick<ProbeResult, 'frameRate'>): string[] => [
  ...x264Args(source),
  ...rungVideoArgs(rung, 0, false),
];

/**
 * The AAC encode of a rendition's sound (one shared by every rung of an encode), delayed onto
 * the picture; `decodedPriming` as in `audioAlignFilter`.
 */
export const aacArgs = (
  source: Pick<ProbeResult, 'frameRate' | 'audioSampleRate'>,
  decodedPriming = 0,
): string[] => {
  const align = audioAlignFilter(source, decodedPriming);
  return [
    ...(align ? ['-filter:a', align] : []),
    ...['-c:a', 'aac', '-b:a', AUDIO_BITRATE, '-ac', '2'],
  ];
};

/**
 * The whole command line after the binary, progress on stdout as `key=value` lines. Output
 * stream N is rung N's video, the audio comes last, and each tee slave takes its rung's video
 * and the one audio stream. `global_header` because the tee muxer does not ask for it as mp4
 * does: without it x264 repeats its headers before every keyframe.
 */
export const buildEncodeArgs = (
  input: string,
  source: EncodeSource,
  outputs: RungOutput[],
  { copyTopRung = false }: EncodeOptions = {},
): string[] => {
  const copied = copyTopRung ? outputs.slice(0, 1) : [];
  const encoded = outputs.slice(copied.length);
  const videoMaps = [
    ...copied.flatMap(() => ['-map', '0:v:0']),
    ...encoded.flatMap((_, index) => ['-map', `[v${index}]`]),
  ];
  return [
    ...QUIET,
    '-progress',
    'pipe:1',
    '-nostats',
    '-i',
    input,
    ...(encoded.length > 0
      ? [
          '-filter_complex',
          buildFilterGraph(
            source,
            encoded.map((output) => output.rung),
          ),
        ]
      : []),
    ...videoMaps,
    ...(source.hasAudio ? ['-map', '0:a:0'] : []),
    ...(encoded.length > 0 ? x264Args(source) : []),
    ...outputs.flatMap((output, index) => rungVideoArgs(output.rung, index, index < copied.length)),
    ...(source.hasAudio ? aacArgs(source) : []),
    '-flags',
    '+global_header',
    '-map_metadata',
    '-1',
    '-f',
    'tee',
    teeTargets(
      outputs.map((output) => output.file),
      source.hasAudio,
    ),
  ];
};

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
