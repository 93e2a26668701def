import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import {
  directRow,
  insertDirect,
  insertVideo,
  PNG_BYTES,
  storedFiles,
  tempFiles,
  upload,
  videoRow,
} from './media.test-helpers.ts';

/** PeerTube-style parameter checks for every media route; refused calls change nothing. */
const ctx = useTestApp();
let user: TestUser;
let member: TestUser;
let geek: TestUser;
let videoId = 0;
let directId = 0;

const badIds = ['abc', '0', '-1', '1.5', '99999999999'];
const unknownId = '999999';

beforeAll(async () => {
  user = await ctx.createUser('user');
  member = await ctx.createUser('plateau');
  geek = await ctx.createUser('geek');
  videoId = await insertVideo(ctx, { privacy: 0, processing: 3, rungs: [720] });
  directId = await insertDirect(ctx, { privacy: 0 });
});

const snapshot = async () => ({
  video: await videoRow(ctx, videoId),
  direct: await directRow(ctx, directId),
  files: storedFiles(ctx),
  temps: tempFiles(ctx),
});

const status = async (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
) => {
  if (method === 'POST') {
    const field = url.includes('/poster/')
      ? 'poster_upload'
      : url.includes('/thumbnail/')
        ? 'thumbnail_upload'
        : 'video_upload';
    return (await upload(ctx, url, headers, [{ field, content: PNG_BYTES }])).statusCode;
  }
  return (await ctx.app.inject({ method, url, headers })).statusCode;
};

describe('media parameters', () => {
  it('answers 400 for malformed ids and resolutions, 404 for unknown ids', async () => {
    const before = await snapshot();
    const routes: ['GET' | 'POST' | 'DELETE', (id: string) => string, TestUser][] = [
      ['GET', (id) => `/api/media/video/${id}/720`, geek],
      ['GET', (id) => `/api/media/video/download/${id}/1080`, geek],
      ['GET', (id) => `/api/media/thumbnail/${id}`, geek],
      ['GET', (id) => `/api/media/poster/${id}`, geek],
      ['POST', (id) => `/api/media/video/${id}`, geek],
      ['POST', (id) => `/api/media/thumbnail/${id}`, geek],
      ['POST', (id) => `/api/media/poster/${id}`, geek],
      ['DELETE', (id) => `/api/media/video/${id}`, geek],
    ];
    for (const [method, url, who] of routes) {
      for (const id of badIds) {
        expect(await status(method, url(id), who.auth), `${method} ${url(id)}`).toBe(400);
      }
      expect(await status(method, url(unknownId), who.auth), `${method} ${url(unknownId)}`).toBe(
        404,
      );
    }
    for (const resolution of ['360', '1', 'abc', '-1', '1080p', '99999999999']) {
      const url = `/api/media/video/${videoId}/${resolution}`;
      expect(await status('GET', url), url).toBe(400);
    }
    // Only /1080 is a download path; another rung there is no route at all.
    expect(await status('GET', `/api/media/video/download/${videoId}/720`)).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('asks for a token and the right role on every write', async () => {
    const before = await snapshot();
    const writes: ['POST' | 'DELETE', string, TestUser[]][] = [
      ['POST', `/api/media/video/${videoId}`, [user]],
      ['POST', `/api/media/thumbnail/${videoId}`, [user]],
      ['POST', `/api/media/poster/${directId}`, [user, member]],
      ['DELETE', `/api/media/video/${videoId}`, [user]],
    ];
    for (const [method, url, refused] of writes) {
      expect(await status(method, url), `${method} ${url}`).toBe(401);
      expect(await status(method, url, { authorization: 'Bearer faux' }), url).toBe(401);
      expect(await status(method, url, { authorization: 'Basic abc' }), url).toBe(401);
      for (const who of refused) {
        expect(await status(method, url, who.auth), `${who.role} ${method} ${url}`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers the reads of a public video without a token, and 404 for missing images', async () => {
    expect(await status('GET', `/api/media/thumbnail/${videoId}`)).toBe(404);
    expect(await status('GET', `/api/media/poster/${directId}`)).toBe(404);
    // Listed rung, but no file behind it.
    expect(await status('GET', `/api/media/video/${videoId}/720`)).toBe(404);
    expect(await status('GET', `/api/media/video/download/${videoId}/1080`)).toBe(404);
    expect(await status('GET', `/api/media/video/${videoId}/720`, { authorization: 'x' })).toBe(
      401,
    );
  });

  it('accepts the correct calls', async () => {
    expect(await status('POST', `/api/media/thumbnail/${videoId}`, member.auth)).toBe(200);
    expect(await status('GET', `/api/media/thumbnail/${videoId}`)).toBe(200);
    expect(await status('POST', `/api/media/poster/${directId}`, geek.auth)).toBe(200);
    expect(await status('GET', `/api/media/poster/${directId}`)).toBe(200);
    expect(await status('DELETE', `/api/media/video/${videoId}`, member.auth)).toBe(200);
    const row = await videoRow(ctx, videoId);
    expect([row.processing, row.hasThumbnail, row.rungs]).toEqual([0, false, []]);
    expect((await directRow(ctx, directId)).hasPoster).toBe(true);
    expect(tempFiles(ctx)).toEqual([]);
  });
});
