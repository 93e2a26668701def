import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaKeys } from '../../storage/media-storage.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { storedKeys } from '../../test/stored-media.ts';
import {
  expectBytes,
  insertDirect,
  insertVideo,
  PNG_BYTES,
  setVideo,
  upload,
  videoRow,
} from './media.test-helpers.ts';

/**
 * Who reaches which media file: the visibility rule on every media route, the raw upload for
 * members only, `?token=` for players, and downloads named after the title.
 */
const ctx = useTestApp();

let rung720: Buffer;
let rung1080: Buffer;
const users: Record<'user' | 'plateau' | 'plateauGda' | 'geek', TestUser> = {} as never;
/** privacy 2, gpa_restricted, published, with raw, 720, 240, thumbnail; and such a direct. */
let restricted = 0;
let restrictedDirect = 0;
/** public, published, 720 only, an accented title. */
let open = 0;
/** public but still pending (processing 1), raw only. */
let pending = 0;

const putFile = async (key: string, content: Buffer | string) => {
  const temp = await ctx.storage.tempPath();
  if (typeof content === 'string') await copyFile(content, temp);
  else await writeFile(temp, content);
  await ctx.storage.commit(temp, key);
};

beforeAll(async () => {
  const clip360 = await makeClip(clipsDir, '360p');
  const clip1080 = await makeClip(clipsDir, '1080p-audio');
  rung720 = await readFile(clip360);
  rung1080 = await readFile(clip1080);
  users.user = await ctx.createUser('user', { gdaAccess: true });
  users.plateau = await ctx.createUser('plateau');
  users.plateauGda = await ctx.createUser('plateau', { gdaAccess: true });
  users.geek = await ctx.createUser('geek');

  restricted = await insertVideo(ctx, {
    privacy: 2,
    gpaRestricted: true,
    processing: 3,
    rungs: [720, 240],
  });
  for (const key of [
    mediaKeys.raw(restricted),
    mediaKeys.rung(restricted, 720, 0),
    mediaKeys.rung(restricted, 240, 0),
  ]) {
    await putFile(key, clip360);
  }
  await putFile(mediaKeys.thumbnail(restricted), PNG_BYTES);
  restrictedDirect = await insertDirect(ctx, { privacy: 2, gpaRestricted: true, hasPoster: true });
  await putFile(mediaKeys.poster(restrictedDirect), PNG_BYTES);

  open = await insertVideo(ctx, {
    title: "Soirée d'été à Paris",
    privacy: 0,
    processing: 3,
    rungs: [720, 480],
  });
  await putFile(mediaKeys.rung(open, 720, 0), clip360);

  pending = await insertVideo(ctx, { privacy: 0, processing: 1 });
  await putFile(mediaKeys.raw(pending), clip360);
});

type Who = 'visitor' | keyof typeof users;
const everyone: Who[] = ['visitor', 'user', 'plateau', 'plateauGda', 'geek'];
const headersOf = (who: Who) => (who === 'visitor' ? {} : users[who].auth);
const get = (who: Who, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { ...headersOf(who), ...headers } });

describe('visibility on every media route', () => {
  it('applies privacy 2 + gpa_restricted to streams, downloads, thumbnails and posters', async () => {
    // A plateau member without gda_access is refused like a user; with it, or a geek, reads.
    const hidden: Record<Who, number> = {
      visitor: 401,
      user: 403,
      plateau: 403,
      plateauGda: 200,
      geek: 200,
    };
    const urls = [
      `/api/media/video/${restricted}/720`,
      `/api/media/video/${restricted}/240`,
      `/api/media/video/${restricted}/0`,
      `/api/media/video/download/${restricted}/1080`,
      `/api/media/thumbnail/${restricted}`,
      `/api/media/poster/${restrictedDirect}`,
    ];
    for (const url of urls) {
      for (const who of everyone) {
        const response = await get(who, url);
        expect(response.statusCode, `${who} ${url}`).toBe(hidden[who]);
        if (response.statusCode === 200) {
          expect(response.headers['cache-control'], url).toMatch(/^private/);
        }
      }
    }
  });

  it('refuses uploads and media removal on a video the member cannot see', async () => {
    const before = await storedKeys(ctx);
    const row = await videoRow(ctx, restricted);
    for (const who of ['visitor', 'user', 'plateau'] as const) {
      const expected = who === 'visitor' ? 401 : 403;
      const video = await upload(ctx, `/api/media/video/${restricted}`, headersOf(who), [
        { field: 'video_upload', content: rung720 },
      ]);
      expect(video.statusCode, who).toBe(expected);
      const thumb = await upload(ctx, `/api/media/thumbnail/${restricted}`, headersOf(who), [
        { field: 'thumbnail_upload', content: PNG_BYTES },
      ]);
      expect(thumb.statusCode, who).toBe(expected);
      const poster = await upload(ctx, `/api/media/poster/${restrictedDirect}`, headersOf(who), [
        { field: 'poster_upload', content: PNG_BYTES },
      ]);
      expect(poster.statusCode, who).toBe(expected);
      const removal = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/media/video/${restricted}`,
        headers: headersOf(who),
      });
      expect(removal.statusCode, who).toBe(expected);
    }
    expect(await storedKeys(ctx)).toEqual(before);
    expect(await videoRow(ctx, restricted)).toEqual(row);
  });

  it('keeps the raw upload for members, and pending videos from visitors', async () => {
    expect((await get('visitor', `/api/media/video/${open}/0`)).statusCode).toBe(401);
    expect((await get('user', `/api/media/video/${open}/0`)).statusCode).toBe(403);
    // A member may ask, but this video has no raw file.
    expect((await get('plateau', `/api/media/video/${open}/0`)).statusCode).toBe(404);

    for (const url of [`/api/media/video/${pending}/0`, `/api/media/video/${pending}/720`]) {
      expect((await get('visitor', url)).statusCode, url).toBe(401);
      expect((await get('user', url)).statusCode, url).toBe(403);
    }
    const raw = await get('plateau', `/api/media/video/${pending}/0`);
    expect(raw.statusCode).toBe(200);
    expectBytes(raw.rawPayload, rung720);
    // Not published: nothing to download, even for a member.
    expect((await get('geek', `/api/media/video/download/${pending}/1080`)).statusCode).toBe(404);
  });
});

describe('streaming the rungs', () => {
  it('serves a public video to anyone, with 404 for a rung that is not there', async () => {
    const response = await get('visitor', `/api/media/video/${open}/720`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['cache-control']).toMatch(/^public/);
    expectBytes(response.rawPayload, rung720);
    const part = await get('visitor', `/api/media/video/${open}/720`, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expectBytes(part.rawPayload, rung720.subarray(0, 100));
    const head = await ctx.app.inject({ method: 'HEAD', url: `/api/media/video/${open}/720` });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(rung720.length);
    // 1080 was never encoded; 480 is listed but its file is missing.
    expect((await get('visitor', `/api/media/video/${open}/1080`)).statusCode).toBe(404);
    expect((await get('visitor', `/api/media/video/${open}/480`)).statusCode).toBe(404);
  });

  it('accepts the token as ?token= on media reads, and refuses an invalid one', async () => {
    const tokenUrl = (who: keyof typeof users, url: string) => `${url}?token=${users[who].token}`;
    const stream = `/api/media/video/${restricted}/720`;
    expect((await get('visitor', tokenUrl('plateauGda', stream))).statusCode).toBe(200);
    const ranged = await get('visitor', tokenUrl('geek', stream), { range: 'bytes=10-19' });
    expect(ranged.statusCode).toBe(206);
    expectBytes(ranged.rawPayload, rung720.subarray(10, 20));
    expect((await get('visitor', tokenUrl('user', stream))).statusCode).toBe(403);
    expect((await get('visitor', `${stream}?token=pas-un-jeton`)).statusCode).toBe(401);
    const thumb = `/api/media/thumbnail/${restricted}`;
    expect((await get('visitor', tokenUrl('geek', thumb))).statusCode).toBe(200);
    // Writes never read a token from the URL.
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: tokenUrl('geek', `/api/media/video/${restricted}`),
    });
    expect(removal.statusCode).toBe(401);
    expect(await storedKeys(ctx)).toContain(mediaKeys.raw(restricted));
  });
});

describe('downloads', () => {
  it('names the attachment after the title, accents kept, and falls back to the best rung', async () => {
    const url = `/api/media/video/download/${open}/1080`;
    const fallback = await get('visitor', url);
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['content-type']).toBe('video/mp4');
    expect(fallback.headers['content-disposition']).toBe(
      "attachment; filename=\"Soiree d'ete a Paris.mp4\"; filename*=UTF-8''Soir%C3%A9e%20d%27%C3%A9t%C3%A9%20%C3%A0%20Paris.mp4",
    );
    expectBytes(fallback.rawPayload, rung720);

    await putFile(mediaKeys.rung(open, 1080, 0), await makeClip(clipsDir, '1080p-audio'));
    await setVideo(ctx, open, { rungs: [1080, 720] });
    const best = await get('visitor', url);
    expect(best.statusCode).toBe(200);
    expectBytes(best.rawPayload, rung1080);
  });

  it('drops path separators, quotes and control characters from the file name', async () => {
    const id = await insertVideo(ctx, {
      title: 'AC/DC \\ "live"\n\u0007',
      privacy: 0,
      processing: 3,
      rungs: [240],
    });
    await putFile(mediaKeys.rung(id, 240, 0), PNG_BYTES);
    const response = await get('visitor', `/api/media/video/download/${id}/1080`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ACDC _live_.mp4"; filename*=UTF-8''ACDC%20%22live%22.mp4`,
    );
    const nothing = await insertVideo(ctx, { privacy: 0, processing: 3, rungs: [] });
    const missing = await get('visitor', `/api/media/video/download/${nothing}/1080`);
    expect(missing.statusCode).toBe(404);
  });
});
