import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { rawKeyOf, readStored, scratchFiles, storedKeys } from '../../test/stored-media.ts';
import {
  directRow,
  expectBytes,
  GIF_BYTES,
  insertDirect,
  insertVideo,
  JPEG_BYTES,
  PNG_BYTES,
  setVideo,
  upload,
  uploadVideo,
  videoRow,
} from './media.test-helpers.ts';

const ctx = useTestApp();
let member: TestUser;
let clip: string;
let clipBytes: Buffer;

beforeAll(async () => {
  member = await ctx.createUser('plateau');
  clip = await makeClip(clipsDir, '360p');
  clipBytes = await readFile(clip);
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { ...member.auth, ...headers } });

describe('video upload', () => {
  it('stores the upload, sets processing 1 and streams the raw file with byte ranges', async () => {
    const id = await insertVideo(ctx, { encodingError: 'ancienne erreur', encodingProgress: 40 });
    const response = await uploadVideo(ctx, id, member.auth, clip);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const row = await videoRow(ctx, id);
    expect(row.processing).toBe(1);
    expect(row.encodingError).toBeNull();
    expect(row.encodingProgress).toBeNull();
    expect(await scratchFiles(ctx)).toEqual([]);
    expectBytes((await readStored(ctx, await rawKeyOf(ctx.database.db, id)))!, clipBytes);

    const url = `/api/media/video/${id}/0`;
    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toMatch(/^private/);
    expectBytes(whole.rawPayload, clipBytes);
    const etag = whole.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(whole.headers['last-modified']).toBeTruthy();

    const part = await get(url, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${clipBytes.length}`);
    expectBytes(part.rawPayload, clipBytes.subarray(100, 1100));

    const tail = await get(url, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expectBytes(tail.rawPayload, clipBytes.subarray(clipBytes.length - 10));

    const beyond = await get(url, { range: `bytes=${clipBytes.length}-${clipBytes.length + 10}` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${clipBytes.length}`);

    const staleIfRange = await get(url, { range: 'bytes=0-9', 'if-range': '"autre-version"' });
    expect(staleIfRange.statusCode).toBe(200);
    expectBytes(staleIfRange.rawPayload, clipBytes);
    const freshIfRange = await get(url, { range: 'bytes=0-9', 'if-range': etag });
    expect(freshIfRange.statusCode).toBe(206);
    expectBytes(freshIfRange.rawPayload, clipBytes.subarray(0, 10));

    const head = await ctx.app.inject({ method: 'HEAD', url, headers: member.auth });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(clipBytes.length);
    expect(head.rawPayload.length).toBe(0);

    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('refuses a text file and a truncated MP4 with 400, keeping nothing', async () => {
    const id = await insertVideo(ctx);
    for (const kind of ['text', 'truncated'] as const) {
      const file = await makeClip(clipsDir, kind);
      const response = await uploadVideo(ctx, id, member.auth, file);
      expect(response.statusCode, kind).toBe(400);
      expect(response.json().message).toBe("Le fichier n'est pas une vidéo MP4 lisible");
      expect(await scratchFiles(ctx)).toEqual([]);
      expect((await videoRow(ctx, id)).processing).toBe(0);
      expect((await storedKeys(ctx)).filter((f) => f.startsWith(`videos/${id}/`))).toEqual([]);
    }
  });

  it('refuses a bad replacement of a published video and keeps its raw file and state', async () => {
    const id = await insertVideo(ctx);
    await uploadVideo(ctx, id, member.auth, clip);
    await setVideo(ctx, id, { processing: 3, rungs: [240] });
    const text = await makeClip(clipsDir, 'text');
    const refused = await uploadVideo(ctx, id, member.auth, text);
    expect(refused.statusCode).toBe(400);
    expect((await videoRow(ctx, id)).processing).toBe(3);
    expectBytes((await readStored(ctx, await rawKeyOf(ctx.database.db, id)))!, clipBytes);

    // A real replacement sends it back to the pending queue.
    const other = await makeClip(clipsDir, 'no-audio');
    const replaced = await uploadVideo(ctx, id, member.auth, other);
    expect(replaced.statusCode).toBe(200);
    expect((await videoRow(ctx, id)).processing).toBe(1);
    expectBytes(
      (await readStored(ctx, await rawKeyOf(ctx.database.db, id)))!,
      await readFile(other),
    );
  });

  it('refuses an upload while the video is encoding (409), changing nothing', async () => {
    const id = await insertVideo(ctx, { processing: 2 });
    const response = await uploadVideo(ctx, id, member.auth, clip);
    expect(response.statusCode).toBe(409);
    expect((await videoRow(ctx, id)).processing).toBe(2);
    expect((await storedKeys(ctx)).filter((f) => f.startsWith(`videos/${id}/`))).toEqual([]);
    expect(await scratchFiles(ctx)).toEqual([]);
  });

  it('answers 400 for a wrong field, no file, two files or a non-multipart body', async () => {
    const id = await insertVideo(ctx);
    const url = `/api/media/video/${id}`;
    const cases = [
      await upload(ctx, url, member.auth, [{ field: 'video', content: clipBytes }]),
      await upload(ctx, url, member.auth, []),
      await upload(ctx, url, member.auth, [
        { field: 'video_upload', content: clipBytes },
        { field: 'video_upload', content: clipBytes },
      ]),
      await ctx.app.inject({ method: 'POST', url, headers: member.auth, payload: { a: 1 } }),
      await ctx.app.inject({ method: 'POST', url, headers: member.auth }),
      await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...member.auth, 'content-type': 'multipart/form-data; boundary=xyz' },
        payload:
          '--xyz\r\nContent-Disposition: form-data; name="video_upload"; filename="a"\r\n\r\nabc',
      }),
    ];
    for (const [index, response] of cases.entries()) {
      expect(response.statusCode, `case ${index}: ${response.body}`).toBe(400);
    }
    expect((await videoRow(ctx, id)).processing).toBe(0);
    expect((await storedKeys(ctx)).filter((f) => f.startsWith(`videos/${id}/`))).toEqual([]);
    expect(await scratchFiles(ctx)).toEqual([]);
  });
});

describe('thumbnails and posters', () => {
  it('accepts PNG and JPEG thumbnails, serves them with ETag and 304, refuses GIF and text', async () => {
    const id = await insertVideo(ctx);
    const url = `/api/media/thumbnail/${id}`;
    expect((await get(url)).statusCode).toBe(404);

    const png = await upload(ctx, url, member.auth, [
      { field: 'thumbnail_upload', content: PNG_BYTES, filename: 'a.jpg' },
    ]);
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json()).toEqual({ ok: true });
    expect((await videoRow(ctx, id)).hasThumbnail).toBe(true);
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expectBytes(served.rawPayload, PNG_BYTES);
    const etag = served.headers.etag as string;
    expect(etag).toBeTruthy();
    const notModified = await get(url, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);

    const jpeg = await upload(ctx, url, member.auth, [
      { field: 'thumbnail_upload', content: JPEG_BYTES, filename: 'a.png' },
    ]);
    expect(jpeg.statusCode).toBe(200);
    const replaced = await get(url, { 'if-none-match': etag });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.headers['content-type']).toBe('image/jpeg');
    expectBytes(replaced.rawPayload, JPEG_BYTES);

    for (const content of [GIF_BYTES, Buffer.from('pas une image')]) {
      const refused = await upload(ctx, url, member.auth, [
        { field: 'thumbnail_upload', content, filename: 'x.png' },
      ]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("Le fichier n'est pas une image PNG ou JPEG");
      expect(await scratchFiles(ctx)).toEqual([]);
    }
    expectBytes((await get(url)).rawPayload, JPEG_BYTES);
  });

  it('lets a geek upload a poster, served by content type', async () => {
    const geek = await ctx.createUser('geek');
    const id = await insertDirect(ctx, { privacy: 0 });
    const url = `/api/media/poster/${id}`;
    expect((await ctx.app.inject({ url })).statusCode).toBe(404);
    const refused = await upload(ctx, url, member.auth, [
      { field: 'poster_upload', content: PNG_BYTES },
    ]);
    expect(refused.statusCode).toBe(403);
    const wrong = await upload(ctx, url, geek.auth, [
      { field: 'poster_upload', content: GIF_BYTES },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect((await directRow(ctx, id)).hasPoster).toBe(false);
    const response = await upload(ctx, url, geek.auth, [
      { field: 'poster_upload', content: JPEG_BYTES },
    ]);
    expect(response.statusCode).toBe(200);
    expect((await directRow(ctx, id)).hasPoster).toBe(true);
    const served = await ctx.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toMatch(/^public/);
    expectBytes(served.rawPayload, JPEG_BYTES);
    expect(await scratchFiles(ctx)).toEqual([]);
  });
});

describe('removing the media of a video', () => {
  it('removes every file and resets the video to "no upload"', async () => {
    const id = await insertVideo(ctx);
    await uploadVideo(ctx, id, member.auth, clip);
    await upload(ctx, `/api/media/thumbnail/${id}`, member.auth, [
      { field: 'thumbnail_upload', content: PNG_BYTES },
    ]);
    await setVideo(ctx, id, { processing: 3, rungs: [240] });
    expect((await storedKeys(ctx)).filter((f) => f.startsWith(`videos/${id}/`)).length).toBe(2);

    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/media/video/${id}`,
      headers: member.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const row = await videoRow(ctx, id);
    expect([row.processing, row.hasThumbnail, row.rungs]).toEqual([0, false, []]);
    expect((await storedKeys(ctx)).filter((f) => f.startsWith(`videos/${id}/`))).toEqual([]);
    expect((await get(`/api/media/video/${id}/0`)).statusCode).toBe(404);
    expect((await get(`/api/media/thumbnail/${id}`)).statusCode).toBe(404);
  });

  it('refuses while the video is encoding (409) and keeps its files', async () => {
    const id = await insertVideo(ctx);
    await uploadVideo(ctx, id, member.auth, clip);
    await setVideo(ctx, id, { processing: 2 });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/media/video/${id}`,
      headers: member.auth,
    });
    expect(response.statusCode).toBe(409);
    expect((await videoRow(ctx, id)).processing).toBe(2);
    expect(await storedKeys(ctx)).toContain(await rawKeyOf(ctx.database.db, id));
  });
});
