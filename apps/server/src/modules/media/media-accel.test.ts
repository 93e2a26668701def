import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { insertDirect, insertVideo, PNG_BYTES } from './media.test-helpers.ts';

/**
 * MEDIA_ACCEL_REDIRECT: Plateau checks access and nginx sends the bytes. The same database and
 * files are served by a second app in that mode, and every answer is compared with the normal
 * mode's: the same refusals, and for a granted read the header with no body.
 */
const ctx = useTestApp();
const LOCATION = '/_plateau_media/';
let accel: App;

const users: Record<'user' | 'plateau' | 'plateauGda' | 'geek', TestUser> = {} as never;
type Who = 'visitor' | keyof typeof users;
const everyone: Who[] = ['visitor', 'user', 'plateau', 'plateauGda', 'geek'];
const urls: string[] = [];

const putFile = async (key: string, content: Buffer) => {
  const temp = await ctx.storage.tempPath();
  await writeFile(temp, content);
  await ctx.storage.commit(temp, key);
};

beforeAll(async () => {
  accel = await buildApp({
    config: { ...ctx.config, mediaAccelRedirect: LOCATION },
    database: ctx.database,
    storage: ctx.storage,
  });
  await accel.ready();
  users.user = await ctx.createUser('user', { gdaAccess: true });
  users.plateau = await ctx.createUser('plateau');
  users.plateauGda = await ctx.createUser('plateau', { gdaAccess: true });
  users.geek = await ctx.createUser('geek');

  const bytes = randomBytes(4096);
  const restricted = await insertVideo(ctx, {
    privacy: 2,
    gpaRestricted: true,
    processing: 3,
    rungs: [720, 480],
  });
  await putFile(mediaKeys.raw(restricted), bytes);
  // 480 is listed but its file is missing.
  await putFile(mediaKeys.rung(restricted, 720, 0), bytes);
  await putFile(mediaKeys.thumbnail(restricted), PNG_BYTES);
  const school = await insertVideo(ctx, { privacy: 1, processing: 3, rungs: [240] });
  await putFile(mediaKeys.rung(school, 240, 0), bytes);
  const pending = await insertVideo(ctx, { privacy: 0, processing: 1 });
  await putFile(mediaKeys.raw(pending), bytes);
  const direct = await insertDirect(ctx, { privacy: 2, gpaRestricted: true, hasPoster: true });
  await putFile(mediaKeys.poster(direct), PNG_BYTES);

  for (const id of [restricted, school, pending]) {
    for (const resolution of [0, 1080, 720, 480, 240]) {
      urls.push(`/api/media/video/${id}/${resolution}`);
    }
    urls.push(`/api/media/video/download/${id}/1080`, `/api/media/thumbnail/${id}`);
  }
  urls.push(
    `/api/media/poster/${direct}`,
    '/api/media/video/999999/720',
    `/api/media/video/${school}/360`,
    `/api/media/video/${school}/abc`,
  );
});

afterAll(async () => {
  await accel?.close();
});

const headersOf = (who: Who) => (who === 'visitor' ? {} : users[who].auth);

describe('MEDIA_ACCEL_REDIRECT', () => {
  it('refuses exactly what the normal mode refuses, and answers a grant with the header only', async () => {
    let granted = 0;
    for (const url of urls) {
      for (const who of everyone) {
        const request = { url, headers: { ...headersOf(who), range: 'bytes=0-9' } };
        const normal = await ctx.app.inject(request);
        const viaNginx = await accel.inject(request);
        const what = `${who} ${url}`;
        if (normal.statusCode >= 400) {
          expect(viaNginx.statusCode, what).toBe(normal.statusCode);
          expect(viaNginx.json(), what).toEqual(normal.json());
          expect(viaNginx.headers['x-accel-redirect'], what).toBeUndefined();
          continue;
        }
        granted += 1;
        const key = new URL(url, 'http://plateau').pathname;
        expect([200, 206], what).toContain(normal.statusCode);
        expect(viaNginx.statusCode, what).toBe(200);
        expect(viaNginx.rawPayload.length, what).toBe(0);
        expect(viaNginx.headers['x-accel-redirect'], what).toMatch(
          new RegExp(`^${LOCATION}(videos|directs)/\\d+/`),
        );
        for (const header of ['content-type', 'cache-control', 'content-disposition']) {
          expect(viaNginx.headers[header], `${what} ${header} ${key}`).toBe(normal.headers[header]);
        }
      }
    }
    // Every kind of grant was compared: streams, raw, downloads, thumbnails and the poster.
    expect(granted).toBeGreaterThan(20);
  });

  it('points nginx at the file the normal mode sends', async () => {
    const id = await insertVideo(ctx, { privacy: 0, processing: 3, rungs: [480] });
    await putFile(mediaKeys.rung(id, 480, 0), randomBytes(100));
    const stream = await accel.inject({ url: `/api/media/video/${id}/480` });
    expect(stream.headers['x-accel-redirect']).toBe(`${LOCATION}videos/${id}/480.mp4`);
    expect(stream.headers['cache-control']).toBe('public, max-age=0');
    const download = await accel.inject({ url: `/api/media/video/download/${id}/1080` });
    expect(download.headers['x-accel-redirect']).toBe(`${LOCATION}videos/${id}/480.mp4`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="/);
    const head = await accel.inject({ method: 'HEAD', url: `/api/media/video/${id}/480` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-accel-redirect']).toBe(`${LOCATION}videos/${id}/480.mp4`);
  });
});
