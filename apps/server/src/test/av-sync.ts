import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ffmpeg = () => process.env.FFMPEG_PATH || 'ffmpeg';

export interface FlashBeepClip {
  width: number;
  height: number;
  fps: number;
  sampleRate: number;
  seconds: number;
  /** Extra x264 options (a capped export that a rung may copy). */
  videoOptions?: string[];
}

/** Flashes and beeps every 2 s from 2 s on, each 40 ms long, on the same instant. */
const FLASH_EVERY = 2;
const FLASH_LENGTH = 0.04;
const flashing = (t: string) => `lt(mod(${t},${FLASH_EVERY}),${FLASH_LENGTH})*gte(${t},2)`;

/**
 * ffmpeg's inputs of a sync test card: a black picture that turns white and a 1 kHz beep that
 * sounds on the same frame, every two seconds from 2 s on (what a clapperboard gives an
 * editor), and the filter that draws the flashes (`-vf`).
 */
export const flashBeepInputs = (clip: Omit<FlashBeepClip, 'videoOptions'>): string[] => {
  const { width, height, fps, sampleRate, seconds } = clip;
  return [
    ...['-f', 'lavfi', '-i', `color=black:s=${width}x${height}:r=${fps}:d=${seconds}`],
    ...['-f', 'lavfi', '-i'],
    `aevalsrc='if(${flashing('t')},sin(2*PI*1000*t),0)':s=${sampleRate}:d=${seconds}`,
    ...['-vf', `drawbox=color=white:t=fill:enable='${flashing('t')}'`],
  ];
};

/** The test card as a file, its sound as PCM: exact to the sample. */
export const makeFlashBeepClip = async (target: string, clip: FlashBeepClip): Promise<void> => {
  await run(
    ffmpeg(),
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...flashBeepInputs(clip),
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
      ...(clip.videoOptions ?? []),
      ...['-c:a', 'pcm_s16le', '-f', 'mov', target],
    ],
    { timeout: 120_000 },
  );
};

const times = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((match) => Number(match[1]));

/**
 * When each flash is shown and each beep heard, in seconds on the file's own timeline, as a
 * player reads it: the first white picture after black (blackdetect), the first loud sample
 * after silence (silencedetect, to the sample).
 */
export const flashesAndBeeps = async (file: string, picture = '') => {
  const [video, audio] = await Promise.all([
    run(
      ffmpeg(),
      [
        ...['-hide_banner', '-nostats', '-i', file, '-map', '0:v:0'],
        ...['-vf', `${picture}blackdetect=d=0:pix_th=0.5:pic_th=0.9`, '-f', 'null', '-'],
      ],
      { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
    ),
    run(
      ffmpeg(),
      [
        ...['-hide_banner', '-nostats', '-i', file, '-map', '0:a:0'],
        ...['-af', 'silencedetect=n=-30dB:d=0.5', '-f', 'null', '-'],
      ],
      { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
    ),
  ]);
  return {
    // The last black stretch ends with the file, not with a flash.
    flashes: times(video.stderr, /black_end:([\d.]+)/g).slice(0, -1),
    beeps: times(audio.stderr, /silence_end: ([\d.]+)/g),
  };
};

/** How far each beep is from its flash, in milliseconds (positive: the sound comes late). */
export const beepOffsetsMs = async (file: string, picture = ''): Promise<number[]> => {
  const { flashes, beeps } = await flashesAndBeeps(file, picture);
  if (flashes.length === 0 || flashes.length > beeps.length) {
    throw new Error(`${file}: flashes ${flashes.join(' ')}, beeps ${beeps.join(' ')}`);
  }
  return flashes.map((flash, index) => Math.round((beeps[index]! - flash) * 1000));
};

/** Bits of the frame number drawn by the numbered card: 4096 frames, 2 min 43 s at 25 fps. */
const NUMBER_BITS = 12;

/** A longer numbered card's bits (and picture) over another source's, for benchmarks. */
export interface CardOptions {
  bits?: number;
  /** A lavfi source for the picture under the bits (black by default). */
  picture?: string;
}

/**
 * A numbered test card: each frame's number drawn in binary across the top half (white for 1),
 * and the clapperboard's flash in the bottom half with its beep (`NUMBERED_FLASHES` reads them).
 */
export const numberedCardInputs = (
  clip: Omit<FlashBeepClip, 'videoOptions'>,
  { bits: count = NUMBER_BITS, picture = 'color=black' }: CardOptions = {},
): string[] => {
  const { width, height, fps, sampleRate, seconds } = clip;
  const bit = Math.floor(width / count);
  const bits = Array.from(
    { length: count },
    (_, i) =>
      `drawbox=x=${i * bit}:y=0:w=${bit}:h=ih/2:color=white:t=fill:enable='mod(floor(n/${2 ** i}),2)'`,
  );
  const flash = `drawbox=x=0:y=ih/2:w=iw:h=ih/2:color=white:t=fill:enable='${flashing('t')}'`;
  return [
    ...[
      '-f',
      'lavfi',
      '-i',
      `${picture}${picture.includes('=') ? ':' : '='}s=${width}x${height}:r=${fps}:d=${seconds}`,
    ],
    ...['-f', 'lavfi', '-i'],
    `aevalsrc='if(${flashing('t')},sin(2*PI*1000*t),0)':s=${sampleRate}:d=${seconds}`,
    ...['-vf', ['drawbox=x=0:y=0:w=iw:h=ih/2:color=black:t=fill', ...bits, flash].join(',')],
  ];
};

/** The numbered card's flashes, for `beepOffsetsMs`: its bottom half only. */
export const NUMBERED_FLASHES = 'crop=iw:ih/2:0:ih/2,';

/** The number drawn in each frame of a numbered card, in the order the frames show. */
export const readFrameNumbers = async (
  file: string,
  { bits = NUMBER_BITS, from, frames }: { bits?: number; from?: number; frames?: number } = {},
): Promise<number[]> => {
  const [width, height] = [bits * 4, 8];
  const { stdout } = await run(
    ffmpeg(),
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...(from === undefined ? [] : ['-ss', String(from)]),
      ...['-i', file, '-map', '0:v:0'],
      ...(frames === undefined ? [] : ['-frames:v', String(frames)]),
      ...['-vf', `crop=iw:ih/2:0:0,scale=${width}:${height}:flags=area,format=gray`],
      // Each decoded frame once: no copies to fill the time before the first (B-frame delay).
      ...['-vsync', 'passthrough', '-f', 'rawvideo', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024, timeout: 120_000 },
  );
  const numbers: number[] = [];
  for (let at = 0; at + width * height <= stdout.length; at += width * height) {
    let number = 0;
    for (let i = 0; i < bits; i += 1) {
      if (stdout[at + (height / 2) * width + i * 4 + 2]! > 128) number += 2 ** i;
    }
    numbers.push(number);
  }
  return numbers;
};
