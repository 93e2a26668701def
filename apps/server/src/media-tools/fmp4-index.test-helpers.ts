import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { SegmentIndex } from './fmp4-index.ts';

const run = promisify(execFile);

/**
 * What ffprobe (not our parser) says starts each indexed fragment: the first video packet whose
 * bytes lie in the fragment's range, its presentation time (ms) and whether it is a keyframe.
 */
export const fragmentStarts = async (ffprobe: string, file: string, index: SegmentIndex) => {
  const { stdout } = await run(
    ffprobe,
    [
      ...['-v', 'error', '-select_streams', 'v:0'],
      ...['-show_entries', 'packet=pts_time,pos,flags', '-of', 'csv=p=0', file],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const packets = stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [pts, pos, flags] = line.split(',');
      return { pts: Number(pts), pos: Number(pos), keyframe: flags!.startsWith('K') };
    });
  return index.segments.map(([offset, length]) => {
    const first = packets.find((p) => p.pos >= offset && p.pos < offset + length);
    return first
      ? { ms: Math.round(first.pts * 1000), keyframe: first.keyframe }
      : { ms: Number.NaN, keyframe: false };
  });
};
