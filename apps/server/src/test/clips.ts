import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { testTmpDir } from './test-env.ts';

const run = promisify(execFile);

/** Where generated clips are cached between test files (and runs): apps/server/.tmp/clips. */
export const clipsDir = path.join(testTmpDir, 'clips');

export type ClipKind =
  | '1080p-audio'
  | '360p'
  | 'no-audio'
  | 'portrait'
  | 'odd'
  | '60fps'
  | '720p-fits'
  | '720p-over-cap'
  | 'truncated'
  | 'text';

interface ClipRecipe {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  audio: boolean;
  /** Extra video encoder options (odd sizes need a chroma format without subsampling). */
  videoOptions?: string[];
  /** moov at the front (faststart) or at the end (the default mp4 muxer layout). */
  faststart: boolean;
}

/** What each real clip contains, so tests can assert probe results and renditions. */
export const clipRecipes: Record<Exclude<ClipKind, 'truncated' | 'text'>, ClipRecipe> = {
  '1080p-audio': { width: 1920, height: 1080, fps: 30, seconds: 2, audio: true, faststart: true },
  '360p': { width: 640, height: 360, fps: 30, seconds: 2, audio: true, faststart: true },
  'no-audio': { width: 1280, height: 720, fps: 30, seconds: 2, audio: false, faststart: true },
  portrait: { width: 1080, height: 1920, fps: 30, seconds: 2, audio: true, faststart: true },
  odd: {
    width: 1279,
    height: 719,
    fps: 30,
    seconds: 2,
    audio: true,
    faststart: true,
    // testsrc2 rounds sizes down to even: crop a 1280x720 source, in 4:4:4 so crop keeps odd.
    videoOptions: ['-vf', 'format=yuv444p,crop=1279:719:0:0', '-profile:v', 'high444'],
  },
  '60fps': { width: 1280, height: 720, fps: 60, seconds: 2, audio: true, faststart: true },
  // What an editor's capped export looks like: fits the 720 rung, so its video is copied.
  '720p-fits': {
    width: 1280,
    height: 720,
    fps: 30,
    seconds: 4,
    audio: true,
    faststart: true,
    videoOptions: [
      ...['-preset', 'veryfast', '-crf', '28', '-maxrate', '2000k', '-bufsize', '4000k'],
      ...['-g', '60', '-pix_fmt', 'yuv420p'],
    ],
  },
  // The same but near-lossless (~14 Mbit/s, as a camera writes): over the 720 rung's cap.
  '720p-over-cap': {
    width: 1280,
    height: 720,
    fps: 30,
    seconds: 4,
    audio: true,
    faststart: true,
    videoOptions: ['-crf', '10', '-g', '60', '-pix_fmt', 'yuv420p'],
  },
};

/** Bump when recipes change so stale cached files are not reused. */
const CACHE_VERSION = 3;

const ffmpegBinary = () => process.env.FFMPEG_PATH || 'ffmpeg';

const encode = async (recipe: ClipRecipe, target: string) => {
  const { width, height, fps, seconds, audio } = recipe;
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width + (width % 2)}x${height + (height % 2)}:rate=${fps}:duration=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '35',
    ...(recipe.videoOptions ?? ['-pix_fmt', 'yuv420p']),
    ...(audio ? ['-c:a', 'aac', '-b:a', '64k'] : ['-an']),
    ...(recipe.faststart ? ['-movflags', '+faststart'] : []),
    '-f',
    'mp4',
    target,
  ];
  await run(ffmpegBinary(), args, { timeout: 120_000 });
};

const build = async (kind: ClipKind, target: string) => {
  if (kind === 'text') {
    await writeFile(target, 'Ceci est un fichier texte, pas une vidéo.\n'.repeat(20));
    return;
  }
  if (kind === 'truncated') {
    // moov at the end: the first 30% holds only media data, so no player can read it.
    const whole = `${target}.whole.mp4`;
    try {
      await encode({ ...clipRecipes['360p'], faststart: false }, whole);
      const bytes = await readFile(whole);
      await writeFile(target, bytes.subarray(0, Math.floor(bytes.length * 0.3)));
    } finally {
      await rm(whole, { force: true });
    }
    return;
  }
  await encode(clipRecipes[kind], target);
};

const pending = new Map<string, Promise<string>>();

/**
 * Path of a generated test clip of `kind` under `dir` (usually `clipsDir`), made with ffmpeg's
 * lavfi sources (testsrc2 + sine) on first use and reused afterwards. Safe when several test
 * files ask at once: each writes a private file and renames it into place.
 */
export const makeClip = (dir: string, kind: ClipKind): Promise<string> => {
  const file = path.join(dir, `${kind}.v${CACHE_VERSION}.mp4`);
  const existing = pending.get(file);
  if (existing) return existing;
  const promise = (async () => {
    if (existsSync(file)) return file;
    await mkdir(dir, { recursive: true });
    const partial = path.join(dir, `.${kind}.${randomUUID()}.mp4`);
    try {
      await build(kind, partial);
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
    return file;
  })();
  pending.set(file, promise);
  promise.catch(() => pending.delete(file));
  return promise;
};
