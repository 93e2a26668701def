import { describe, expect, it } from 'vitest';
import {
  currentSegmentSeconds,
  newestSegmentDurations,
  withCurrentTargetDuration,
} from './live-playlists.ts';

/** Every EXTINF duration of a media playlist, oldest first: what the newest must agree with. */
const segmentDurations = (playlist: string) =>
  [...playlist.matchAll(/^#EXTINF:([\d.]+)/gm)].map((match) => Number(match[1]));

/** A live media playlist as ffmpeg's HLS muxer writes it; `|` starts a new part (a reconnect). */
const playlistOf = (durations: (number | '|')[]) => {
  let part = 1;
  let sequence = 0;
  const lines: string[] = [];
  for (const duration of durations) {
    if (duration === '|') {
      part += 1;
      lines.push('#EXT-X-DISCONTINUITY');
      continue;
    }
    lines.push(
      `#EXTINF:${duration.toFixed(6)},`,
      `seg-${part}-${String(sequence).padStart(5, '0')}.ts`,
    );
    sequence += 1;
  }
  const written = Math.max(...durations.filter((d) => d !== '|').map((d) => Math.ceil(d)));
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${written}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-DISCONTINUITY',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...lines,
    '',
  ].join('\n');
};

const targetOf = (playlist: string) => Number(/^#EXT-X-TARGETDURATION:(\d+)$/m.exec(playlist)?.[1]);

/** The target duration served to a viewer joining after each segment of `durations`. */
const servedAlong = (durations: (number | '|')[]) =>
  durations.flatMap((duration, index) =>
    duration === '|'
      ? []
      : [targetOf(withCurrentTargetDuration(playlistOf(durations.slice(0, index + 1)), 2))],
  );

describe('the target duration a viewer is served', () => {
  it('is the same for a viewer who joins at the start and one who joins later, despite a 3.6 s first segment', () => {
    // What an encoder with 2 s keyframes gives while x264 warms up (measured: 3.633, 2.167, 1.8).
    const durations = [3.633, 2.167, 1.8, 2.2, 2, 2, 2, 2, 2, 2, 2, 2];
    expect(targetOf(playlistOf(durations)), 'ffmpeg writes the longest ever listed').toBe(4);
    expect(servedAlong(durations)).toEqual(durations.map(() => 2));
  });

  it('follows the encoder whatever its keyframe interval: 1 s, 2 s or 4 s', () => {
    // Cut at the first keyframe after 2 s: 1 s keyframes make 2 s segments, 4 s ones 4 s segments.
    expect(servedAlong([2.5, 2, 2, 2, 2, 2, 2, 2]).slice(1)).toEqual(Array(7).fill(2));
    expect(servedAlong([2, 2, 2, 2, 2, 2, 2, 2])).toEqual(Array(8).fill(2));
    expect(servedAlong([4.4, 4, 4, 4, 4, 4, 4, 4]).slice(1)).toEqual(Array(7).fill(4));
  });

  it('stays the same across a reconnect, its discontinuity and the long first segment of the new part', () => {
    const before = Array(20).fill(2);
    const durations = [...before, '|' as const, 3.6, 2.1, 2, 2, 2, 2, 2, 2];
    expect(targetOf(playlistOf(durations))).toBe(4);
    expect(servedAlong(durations)).toEqual(Array(28).fill(2));
  });

  it('is not held by the longest segment of the rewind window once the encoder changed', () => {
    // A long gap of 8 s segments an hour ago (OBS's automatic keyframes), 2 s ones since.
    const durations = [...Array(10).fill(8), ...Array(100).fill(2)];
    expect(targetOf(playlistOf(durations))).toBe(8);
    expect(targetOf(withCurrentTargetDuration(playlistOf(durations), 2))).toBe(2);
  });

  it('follows an encoder that sends irregular keyframes to the longer of its recent segments', () => {
    const durations = [2, 2, 2, 2, 2, 2, 2.1, 3.4, 2, 4.2, 2, 2];
    expect(currentSegmentSeconds(newestSegmentDurations(playlistOf(durations)))).toBe(3.4);
    expect(targetOf(withCurrentTargetDuration(playlistOf(durations), 2))).toBe(3);
  });

  it('never goes below the segment length asked of ffmpeg, whatever short segments a part starts with', () => {
    // Measured on a loaded machine: a published file's first segments came out at 2.0 and 1.3 s.
    expect(servedAlong([2, 1.3, 2, 2])).toEqual([2, 2, 2, 2]);
    expect(servedAlong([0.8, 1.2, 1.1])).toEqual([2, 2, 2]);
  });

  it('reads the newest segments back from the end, as the whole list says', () => {
    const durations = [3.633, 2.167, 1.8, 2.2, ...Array(3000).fill(2), 2.5, 1.9];
    const playlist = playlistOf(durations);
    expect(newestSegmentDurations(playlist)).toEqual(segmentDurations(playlist).slice(-6));
    expect(newestSegmentDurations(playlistOf([3.6, 2.1]))).toEqual([3.6, 2.1]);
    expect(newestSegmentDurations('#EXTM3U\n#EXT-X-TARGETDURATION:2\n')).toEqual([]);
  });

  it('changes nothing else in the playlist', () => {
    const written = playlistOf([3.633, 2.167, 1.8]);
    const served = withCurrentTargetDuration(written, 2);
    expect(served.replace('#EXT-X-TARGETDURATION:2', '#EXT-X-TARGETDURATION:4')).toBe(written);
  });
});
