import { execFileSync } from 'node:child_process';

/** The qualifying clip's x264 settings: a capped export with 2 s GOPs (what an editor writes). */
const FITS_1080 = [
  ...['-preset', 'faster', '-crf', '20', '-profile:v', 'high'],
  ...['-maxrate', '4500k', '-bufsize', '9000k', '-g', '60', '-keyint_min', '60'],
  ...['-sc_threshold', '0'],
];
/** Near-lossless with x264's default 250-frame GOP: decodes as a camera file costs. */
const CAMERA = ['-preset', 'ultrafast', '-crf', '12'];

export type BenchClip = 'fits' | 'camera';

/** A busy 1080p30 picture with stereo sound, `seconds` long (lavfi testsrc2 + sine). */
export const makeBenchClip = (
  ffmpeg: string,
  kind: BenchClip,
  seconds: number,
  file: string,
): void => {
  execFileSync(ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `testsrc2=size=1920x1080:rate=30:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', ...(kind === 'fits' ? FITS_1080 : CAMERA), '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-ac', '2', '-shortest', '-movflags', '+faststart', file],
  ]);
};
