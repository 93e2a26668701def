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
export const withToken = (playlist: string, token: string | undefined) =>
  token === undefined
    ? playlist
    : playlist.replace(
        /^(?!#)(\S+)$/gm,
        (uri) => `${uri}${uri.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`,
      );
