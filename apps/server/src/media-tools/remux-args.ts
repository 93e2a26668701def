import { FRAGMENTED_MP4_OPTIONS } from './tee-targets.ts';

/**
 * ffmpeg arguments that rewrite an old rendition (a plain MP4, `+faststart`) into the layout new
 * encodes write (`tee-targets.ts`: a fragment at each keyframe, a global sidx) without touching
 * a single packet: `-c copy`, so the same pictures and sound, whatever its keyframes are.
 */

/** As the encode's: no banner, no stdin, overwrite the temporary output, errors only. */
const QUIET = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];

export interface RemuxOptions {
  hasAudio: boolean;
  /**
   * Seconds of media read per second of wall clock (`-readrate`, ffmpeg 5+); 0 for no limit. A
   * copy is disk-bound, not CPU-bound: this keeps the disk for the viewers.
   */
  readrate: number;
}

/** `-readrate` came with ffmpeg 5.0; a build that says no number (a git snapshot) is newer. */
export const supportsReadrate = (ffmpegVersion: string): boolean => {
  const major = /ffmpeg version n?(\d+)\./.exec(ffmpegVersion)?.[1];
  return major === undefined || Number(major) >= 5;
};

export const buildRemuxArgs = (input: string, output: string, options: RemuxOptions): string[] => [
  ...QUIET,
  '-progress',
  'pipe:1',
  '-nostats',
  ...(options.readrate > 0 ? ['-readrate', String(options.readrate)] : []),
  '-i',
  input,
  '-map',
  '0:v:0',
  ...(options.hasAudio ? ['-map', '0:a:0'] : []),
  '-c',
  'copy',
  '-map_metadata',
  '-1',
  ...FRAGMENTED_MP4_OPTIONS.flatMap(([name, value]) => [`-${name}`, value]),
  '-f',
  'mp4',
  output,
];
