import { appendFile, readFile } from 'node:fs/promises';
import { variantNames, type LiveLadder } from './live-args.ts';
import { liveKeys, type LiveFiles } from './live-files.ts';
import type { LiveRow } from './live.repository.ts';

/** `seg-3-00042.ts` -> its part and sequence (the caller has checked the shape). */
export const parseSegment = (name: string) => {
  const [, part, sequence] = /^seg-(\d+)-(\d+)\.ts$/.exec(name) ?? [];
  return { part: Number(part), sequence: Number(sequence) };
};

/** The segment files a variant's playlist lists, as ffmpeg names them (anything else: skipped). */
export const listedSegments = (playlist: string) =>
  playlist
    .split('\n')
    .filter((line) => /^seg-\d+-\d+\.ts$/.test(line.trim()))
    .map((line) => line.trim());

/** The media sequence number of the newest segment a playlist lists (-1 when none is). */
export const newestSequence = (playlist: string) => {
  const first = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)/m.exec(playlist)?.[1] ?? 0);
  return first + (playlist.match(/^#EXTINF:/gm)?.length ?? 0) - 1;
};

/**
 * A standard playlist served where its live is cut: players may hold their reload until the
 * next segment is listed (`segment-waits.ts`); players that do not know the tag ignore it.
 */
export const withBlockingReload = (playlist: string) =>
  playlist.replace(
    /^(#EXT-X-TARGETDURATION:\d+)$/m,
    '$1\n#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES',
  );

/** The live is over: players stop waiting for segments and offer the whole window. */
export const endPlaylists = async (
  files: LiveFiles,
  ladder: Pick<LiveLadder, 'heights'>,
  live: Pick<LiveRow, 'directId' | 'id'>,
) => {
  for (const variant of variantNames(ladder)) {
    const file = files.path(liveKeys.hlsFile(live.directId, live.id, variant));
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text !== null && !text.includes('#EXT-X-ENDLIST')) {
      await appendFile(file, '#EXT-X-ENDLIST\n');
    }
  }
};

/**
 * A playlist as served: each URI gets the reader's token, so a native HLS player (Safari),
 * which cannot send a header, fetches the variants and segments with the same access.
 */
export const withToken = (playlist: string, token: string | undefined) => {
  if (token === undefined) return playlist;
  const tokened = (uri: string) =>
    `${uri}${uri.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
  return (
    playlist
      .replace(/^(?!#)(\S+)$/gm, tokened)
      // Low latency names its parts, inits and hints in attributes.
      .replace(/URI="([^"]+)"/g, (_, uri: string) => `URI="${tokened(uri)}"`)
  );
};

/** The segments a newcomer's player starts among: the newest few. */
const RECENT_SEGMENTS = 6;

/**
 * The EXTINF durations of the newest `count` segments, read back from the playlist's end: a
 * 2-hour window lists 3,600 segments, and every viewer asks for the playlist every 2 s.
 */
export const newestSegmentDurations = (playlist: string, count = RECENT_SEGMENTS) => {
  const durations: number[] = [];
  let at = playlist.length;
  while (durations.length < count) {
    at = playlist.lastIndexOf('\n#EXTINF:', at - 1);
    if (at === -1) break;
    durations.unshift(Number.parseFloat(playlist.slice(at + 9, at + 30)));
  }
  return durations;
};

/**
 * How long the segments now being cut last: the longest of the newest few but one, so a single
 * long segment (the first of a part, while the encoder warms up; the one across a reconnect)
 * is not taken for the encoder's rhythm. Null until two segments are listed.
 */
export const currentSegmentSeconds = (durations: number[]): number | null => {
  const recent = durations.slice(-RECENT_SEGMENTS).sort((a, b) => b - a);
  return recent.length < 2 ? null : recent[1]!;
};

/**
 * A media playlist as served: its target duration follows the segments being cut now
 * (`nominalSeconds` until two are listed, and never below), not the longest one in the
 * two-hour rewind window.
 * ffmpeg writes the longest ever listed, so a 3.6 s first segment kept every later viewer's
 * player (which stays two target durations behind the edge) 8 s behind instead of 4; a
 * newcomer and a viewer there from the start now get the same target. An older segment of the
 * window may be longer than the target served (docs/live.md, "Every viewer at the same
 * distance").
 */
export const withCurrentTargetDuration = (playlist: string, nominalSeconds: number) => {
  const current = currentSegmentSeconds(newestSegmentDurations(playlist)) ?? nominalSeconds;
  // Segments are cut at the first keyframe after `nominalSeconds`: a shorter one is the end of
  // a part, or its start before the first keyframe, never the encoder's rhythm.
  const target = Math.max(nominalSeconds, Math.round(current));
  return playlist.replace(/^#EXT-X-TARGETDURATION:\d+$/m, `#EXT-X-TARGETDURATION:${target}`);
};
