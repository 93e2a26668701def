import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { fragmentStarts } from '../../media-tools/fmp4-index.test-helpers.ts';
import type { RenditionIndex } from '../../media-tools/rendition-index.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { clipsDir, makeClip, type ClipKind } from '../../test/clips.ts';
import type { TestUser } from '../../test/harness.ts';
import { useTestApp } from '../../test/harness.ts';
import { seedVideo, useEncodeWorker, waitForVideo } from './encoding.test-helpers.ts';

const ctx = useTestApp();
const encoder = useEncodeWorker(ctx);
let geek: TestUser;
let user: TestUser;
/** A members-only (privacy 1) video of the 720p clip: its 720 rung copied, 480 and 240 encoded. */
let school: number;

const encode = async (id: number, rungs: number[]) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/encode/${id}`,
    headers: geek.auth,
  });
  expect(response.statusCode).toBe(200);
  const done = await waitForVideo(ctx.database, id, (v) => v.processing !== 2);
  expect(done).toMatchObject({ processing: 3, rungs, encodingError: null });
};

const publish = async (kind: ClipKind, privacy: number, rungs: number[]) => {
  const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, kind), {
    privacy,
  });
  await encode(id, rungs);
  return id;
};

// After the worker's own beforeAll (registered first): these encode.
beforeAll(async () => {
  geek = await ctx.createUser('geek');
  user = await ctx.createUser('user');
  school = await publish('720p-fits', 1, [720, 480, 240]);
}, 180_000);

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });

const storedIndex = async (id: number, rung: number): Promise<RenditionIndex> =>
  JSON.parse(
    await readFile(ctx.storage.localFiles!.localPath(mediaKeys.rungIndex(id, rung, 0)), 'utf8'),
  );

/** The URIs of a playlist (its lines that are not tags), resolved against the playlist's URL. */
const urisOf = (text: string, base: string) =>
  text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const url = new URL(line, `http://plateau${base}`);
      return url.pathname + url.search;
    });

describe('renditions that are also segments', () => {
  it('cuts every rung into fragments starting on keyframes at the same times (ffprobe)', async () => {
    const starts = await Promise.all(
      [720, 480, 240].map(async (rung) =>
        fragmentStarts(
          encoder.binaries.ffprobe,
          ctx.storage.localFiles!.localPath(mediaKeys.rung(school, rung, 0)),
          await storedIndex(school, rung),
        ),
      ),
    );
    // A 4 s clip with keyframes every 2 s: two fragments, each opening on a keyframe.
    const [top] = starts;
    expect(top!.map((start) => start.keyframe)).toEqual([true, true]);
    expect(top![1]!.ms - top![0]!.ms).toBe(2000);
    expect(starts[1]).toEqual(top);
    expect(starts[2]).toEqual(top);
  });

  it('stores each rung’s index beside it, describing the file as it is', async () => {
    for (const rung of [720, 480, 240]) {
      const index = await storedIndex(school, rung);
      const file = (await ctx.storage.stat(mediaKeys.rung(school, rung, 0)))!;
      expect(index).toMatchObject({
        version: 1,
        rung,
        file: { size: file.size, headSha256: expect.stringMatching(/^[\w-]{43}$/) },
        height: rung,
      });
      const [lastOffset, lastLength] = index.segments.at(-1)!;
      expect(lastOffset + lastLength).toBeLessThanOrEqual(file.size);
    }
  });
});

describe('GET /api/media/hls/:id/master.m3u8 and /:rung.m3u8', () => {
  it('refuses a visitor a CS video’s playlists and segments, as its rendition', async () => {
    for (const url of [
      `/api/media/hls/${school}/master.m3u8`,
      `/api/media/hls/${school}/720.m3u8`,
      `/api/media/video/${school}/720`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
    }
    expect((await get(`/api/media/hls/${school}/master.m3u8?token=nope`)).statusCode).toBe(401);
  });

  it('answers the master playlist: one variant per rung, with bandwidth, size and codecs', async () => {
    const url = `/api/media/hls/${school}/master.m3u8`;
    const response = await get(url, user.auth);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const lines = response.body.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-INDEPENDENT-SEGMENTS',
    ]);
    const variants = lines.filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants.map((line) => /RESOLUTION=(\d+x\d+)/.exec(line)?.[1])).toEqual([
      '1280x720',
      '854x480',
      '426x240',
    ]);
    for (const line of variants) {
      expect(line).toMatch(/BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,/);
      expect(line).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"$/);
    }
    expect(urisOf(response.body, url)).toEqual([
      `/api/media/hls/${school}/720.m3u8?v=0`,
      `/api/media/hls/${school}/480.m3u8?v=0`,
      `/api/media/hls/${school}/240.m3u8?v=0`,
    ]);
  });

  it('answers a media playlist whose byte ranges are the rendition’s init and fragments', async () => {
    const url = `/api/media/hls/${school}/480.m3u8`;
    const response = await get(url, user.auth);
    expect(response.statusCode).toBe(200);
    const text = response.body;
    for (const tag of ['#EXT-X-VERSION:7', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-ENDLIST']) {
      expect(text).toContain(`${tag}\n`);
    }
    const index = await storedIndex(school, 480);
    const map = /#EXT-X-MAP:URI="([^"]+)",BYTERANGE="(\d+)@(\d+)"/.exec(text)!;
    expect(map.slice(2).map(Number)).toEqual([index.init.length, 0]);
    const ranges = [...text.matchAll(/#EXT-X-BYTERANGE:(\d+)@(\d+)/g)].map((m) => [
      Number(m[2]),
      Number(m[1]),
    ]);
    expect(ranges).toEqual(index.segments.map(([offset, length]) => [offset, length]));
    expect([...text.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]))).toEqual([2, 2]);

    // The URIs are the rendition's own route, which answers each range: ftyp, then moofs.
    const uris = urisOf(text, url);
    expect(new Set(uris)).toEqual(new Set([`/api/media/video/${school}/480?v=0`]));
    const rangeOf = async (offset: number, length: number) => {
      const part = await get(uris[0]!, {
        ...user.auth,
        range: `bytes=${offset}-${offset + length - 1}`,
      });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.length).toBe(length);
      return part.rawPayload.toString('latin1', 4, 8);
    };
    expect(await rangeOf(0, index.init.length)).toBe('ftyp');
    for (const [offset, length] of ranges) expect(await rangeOf(offset!, length!)).toBe('moof');
  });

  it('carries the token of the query into every URI, for players without headers', async () => {
    const token = encodeURIComponent(user.token);
    const master = await get(`/api/media/hls/${school}/master.m3u8?token=${token}`);
    expect(master.statusCode).toBe(200);
    expect(master.headers['cache-control']).toBe('private, no-store');
    const url = `/api/media/hls/${school}/240.m3u8?v=0&token=${token}`;
    expect(urisOf(master.body, url)).toContain(url);
    const media = await get(url);
    expect(media.statusCode).toBe(200);
    const uris = urisOf(media.body, url);
    expect(new Set(uris)).toEqual(new Set([`/api/media/video/${school}/240?v=0&token=${token}`]));
    expect(media.body).toContain(`#EXT-X-MAP:URI="../../video/${school}/240?v=0&token=${token}"`);
    const segment = await get(uris[0]!, { range: 'bytes=0-7' });
    expect(segment.statusCode).toBe(206);
  });

  it('revalidates by ETag, survives a copied file, and ignores an index that no longer describes its file', async () => {
    const url = `/api/media/hls/${school}/720.m3u8`;
    const first = await get(url, user.auth);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get(url, { ...user.auth, 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(`${url}?token=x`, { 'if-none-match': etag })).statusCode).toBe(401);
    // A copy of the same file (as a restored backup is) is the same layout: the same playlist.
    const file = ctx.storage.localFiles!.localPath(mediaKeys.rung(school, 720, 0));
    const copy = await ctx.storage.tempPath('.mp4');
    await copyFile(file, copy);
    await ctx.storage.commit(copy, mediaKeys.rung(school, 720, 0));
    const restored = await get(url, user.auth);
    expect(restored.statusCode).toBe(200);
    expect(restored.headers.etag).toBe(etag);
    // The file changed behind the index (same size, another head): no byte range is trusted.
    const bytes = await readFile(file);
    bytes[100] = bytes[100]! ^ 0xff;
    await writeFile(file, bytes);
    const stale = await get(url, user.auth);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toBe(
      'Pas de lecture adaptative pour cette vidéo : elle se lit en qualité fixe',
    );
    const master = await get(`/api/media/hls/${school}/master.m3u8`, user.auth);
    expect(urisOf(master.body, '/api/media/hls/x/master.m3u8')).toEqual([
      '/api/media/hls/x/480.m3u8?v=0',
      '/api/media/hls/x/240.m3u8?v=0',
    ]);
  });

  it('a public video’s playlists are revalidated by shared caches, unless a token is in them', async () => {
    const open = await publish('360p', 0, [240]);
    const plain = await get(`/api/media/hls/${open}/master.m3u8`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=0');
    const tokened = await get(`/api/media/hls/${open}/240.m3u8?token=${user.token}`);
    expect(tokened.headers['cache-control']).toBe('private, no-store');
    expect((await get(`/api/media/hls/${open}/720.m3u8`)).statusCode).toBe(404);

    // Encoded before fragmented renditions (no index): 404 in French, still played progressively.
    await ctx.storage.remove(mediaKeys.rungIndex(open, 240, 0));
    for (const url of [`/api/media/hls/${open}/master.m3u8`, `/api/media/hls/${open}/240.m3u8`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(
        'Pas de lecture adaptative pour cette vidéo : elle se lit en qualité fixe',
      );
    }
    expect((await get(`/api/media/video/${open}/240`, { range: 'bytes=0-99' })).statusCode).toBe(
      206,
    );

    // Encoded again: the index is back, with the playlist it gives.
    await encode(open, [240]);
    const again = await get(`/api/media/hls/${open}/240.m3u8`);
    expect(again.statusCode).toBe(200);
  });

  it('follows a replaced upload: rungs no longer made lose their playlists and indexes', async () => {
    const temp = await ctx.storage.tempPath('.mp4');
    await copyFile(await makeClip(clipsDir, '360p'), temp);
    await ctx.storage.commit(temp, mediaKeys.raw(school));
    await encode(school, [240]);
    for (const rung of [720, 480]) {
      expect(await ctx.storage.stat(mediaKeys.rungIndex(school, rung, 0))).toBeNull();
      expect((await get(`/api/media/hls/${school}/${rung}.m3u8`, user.auth)).statusCode).toBe(404);
    }
    const master = await get(`/api/media/hls/${school}/master.m3u8`, user.auth);
    expect(master.statusCode).toBe(200);
    expect(urisOf(master.body, '/api/media/hls/x/master.m3u8')).toEqual([
      '/api/media/hls/x/240.m3u8?v=0',
    ]);
    expect(master.body).toContain('RESOLUTION=426x240');
  });
});
