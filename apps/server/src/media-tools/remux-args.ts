import { FRAGMENTED_MP4_OPTIONS } from './tee-targets.ts';

/**
 * ffmpeg arguments that rewrite an old rendition (a plain MP4, `+faststart`, or a fragmented one
 * whose sound runs ahead) into what new encodes write (`tee-targets.ts`: a fragment at each
 * keyframe, a global sidx, the sound on the picture) without touching a single picture: the
 * video is copied packet for packet whatever its keyframes are; the sound, a few kbit/s of AAC,
 * may be encoded again to be delayed onto it (`aacArgs`).
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
  /** The sound's own encode (`aacArgs`), else it is copied. */
  audio?: string[];
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
  ...(options.hasAudio ? (options.audio ?? []) : []),
  '-map_metadata',
  '-1',
  ...FRAGMENTED_MP4_OPTIONS.flatMap(([name, value]) => [`-${name}`, value]),
  '-f',
  'mp4',
  output,
];
