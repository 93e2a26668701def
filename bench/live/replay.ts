import { cpSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseMediaPlaylist, type Segment } from './hls.ts';

/**
 * A finished copy of a live's HLS folder served as if it were live: each variant's playlist
 * is rewritten (write then rename, as ffmpeg does) to list one more of the copied segments
 * every segment duration, in a window of `window` entries. What a static server then does is
 * what it would do for a live, with the same files, and nothing is encoded meanwhile.
 */
export const startReplay = (
  source: string,
  target: string,
  variants: string[],
  { window = 20, listedAtStart = 4 } = {},
) => {
  const lists = new Map<string, Segment[]>();
  for (const variant of variants) {
    cpSync(path.join(source, variant), path.join(target, variant), { recursive: true });
    const text = readFileSync(path.join(source, variant, 'index.m3u8'), 'utf8');
    lists.set(variant, parseMediaPlaylist(text).segments);
  }
  const shortest = Math.min(...[...lists.values()].map((segments) => segments.length));
  let listed = Math.min(listedAtStart, shortest);
  const write = () => {
    for (const [variant, segments] of lists) {
      const shown = segments.slice(Math.max(0, listed - window), listed);
      const targetDuration = Math.ceil(Math.max(...segments.map((segment) => segment.duration)));
      const text = [
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        `#EXT-X-TARGETDURATION:${targetDuration}`,
        `#EXT-X-MEDIA-SEQUENCE:${shown[0]?.sequence ?? 0}`,
        '#EXT-X-INDEPENDENT-SEGMENTS',
        ...shown.flatMap((segment) => [`#EXTINF:${segment.duration.toFixed(6)},`, segment.uri]),
        '',
      ].join('\n');
      const file = path.join(target, variant, 'index.m3u8');
      writeFileSync(`${file}.tmp`, text);
      renameSync(`${file}.tmp`, file);
    }
  };
  write();
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    const duration = lists.values().next().value?.[listed - 1]?.duration ?? 2;
    timer = setTimeout(() => {
      if (listed >= shortest) return;
      listed += 1;
      write();
      next();
    }, duration * 1000);
  };
  next();
  return {
    /** Segments still to list (the replay stops growing when the copy runs out). */
    left: () => shortest - listed,
    stop: () => clearTimeout(timer),
  };
};
