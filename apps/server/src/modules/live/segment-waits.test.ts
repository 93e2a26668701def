import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testTmpDir } from '../../test/test-env.ts';
import { newestSequence } from './live-playlists.ts';
import { createSegmentWaits } from './segment-waits.ts';

const folder = mkdtempSync(path.join(testTmpDir, 'segment-waits-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A standard live playlist as ffmpeg writes it, segments `first`..`last`. */
const playlist = (first: number, last: number, ended = false) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:2',
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    ...Array.from(
      { length: last - first + 1 },
      (_, i) => `#EXTINF:2.000000,\nseg-1-${first + i}.ts`,
    ),
    ...(ended ? ['#EXT-X-ENDLIST'] : []),
    '',
  ].join('\n');

/** ffmpeg replaces its playlist whole (written aside, then renamed). */
const write = async (file: string, text: string) => {
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
};

const reading = (file: string) => {
  let reads = 0;
  return {
    read: async () => {
      reads += 1;
      return readFile(file, 'utf8').catch(() => null);
    },
    reads: () => reads,
  };
};

describe('blocking reloads of a standard playlist', () => {
  it('reads the newest segment a playlist lists', () => {
    expect(newestSequence(playlist(40, 45))).toBe(45);
    expect(newestSequence('#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:3\n')).toBe(2);
  });

  it('answers every player waiting for the next segment once it is listed, from one reader', async () => {
    const file = path.join(folder, 'next.m3u8');
    await write(file, playlist(0, 5));
    const disk = reading(file);
    const waits = createSegmentWaits({ read: disk.read, everyMs: 20 });
    const answered: number[] = [];
    const players = Array.from({ length: 50 }, () =>
      waits.listed(file, 6, 10_000).then((text) => answered.push(newestSequence(text!))),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toEqual([]);
    expect(waits.watching()).toBe(1);
    // Fifty players, one read of the file every 20 ms (not one per player).
    expect(disk.reads()).toBeLessThan(15);

    await write(file, playlist(0, 6));
    await Promise.all(players);
    expect(answered).toEqual(Array.from({ length: 50 }, () => 6));
    expect(waits.watching()).toBe(0);
  });

  it('answers with the playlist as it is after the wait, or at once when the live is over', async () => {
    const file = path.join(folder, 'quiet.m3u8');
    await write(file, playlist(0, 5));
    const waits = createSegmentWaits({ read: reading(file).read, everyMs: 20 });
    expect(newestSequence((await waits.listed(file, 6, 100))!)).toBe(5);

    const waiting = waits.listed(file, 6, 60_000);
    await write(file, playlist(0, 5, true));
    expect(await waiting).toContain('#EXT-X-ENDLIST');
    expect(waits.watching()).toBe(0);
  });
});
