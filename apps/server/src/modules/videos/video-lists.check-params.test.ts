import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { seedDirect, seedVideo } from './video-fixtures.test-helpers.ts';

const ctx = useTestApp();

const status = async (url: string, auth: Record<string, string> = {}) =>
  (await ctx.app.inject({ url, headers: auth })).statusCode;

const absurdPaging = [
  'page=0',
  'page=-1',
  'page=x',
  'page=1.5',
  'page_size=0',
  'page_size=-1',
  'page_size=1000',
  'page_size=x',
  'tag_filter=abc',
  'tag_filter=0',
  'tag_filter=99999999999',
];

describe('check params of video lists', () => {
  it('refuses absurd paging on every list and accepts the correct call', async () => {
    const geek = await ctx.createUser('geek');
    const directId = await seedDirect(ctx.database.db);
    await seedVideo(ctx.database.db, { directId });
    const lists = [
      '/api/videos',
      '/api/videos/mostLiked',
      '/api/videos/mostViewed',
      '/api/videos/pending',
      '/api/videos/liked',
      '/api/videos/history',
      '/api/videos/trending',
      '/api/videos/random',
      `/api/videos/direct/${directId}`,
      '/api/videos/search/vid',
    ];
    for (const url of lists) {
      for (const paging of absurdPaging) {
        expect({ url, paging, status: await status(`${url}?${paging}`, geek.auth) }).toEqual({
          url,
          paging,
          status: 400,
        });
      }
      const ok = await ctx.app.inject({
        url: `${url}?page=1&page_size=100`,
        headers: geek.auth,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ videos: expect.any(Array), nResults: expect.any(Number) });
    }
  });

  it('asks for a token on personal lists and a member on pending', async () => {
    const user = await ctx.createUser('user');
    for (const url of ['/api/videos/liked', '/api/videos/history', '/api/videos/pending']) {
      expect(await status(url)).toBe(401);
      expect(await status(url, { authorization: 'Bearer nope' })).toBe(401);
    }
    expect(await status('/api/videos/liked', user.auth)).toBe(200);
    expect(await status('/api/videos/history', user.auth)).toBe(200);
    expect(await status('/api/videos/pending', user.auth)).toBe(403);
    // Public lists need no token, but a broken one is still refused.
    expect(await status('/api/videos')).toBe(200);
    expect(await status('/api/videos', { authorization: 'Bearer nope' })).toBe(401);
  });

  it('checks ids and terms of direct, random and search lists', async () => {
    for (const id of ['abc', '0', '-1', '99999999999']) {
      expect(await status(`/api/videos/direct/${id}`)).toBe(400);
    }
    expect(await status('/api/videos/direct/999999')).toBe(404);
    const directId = await seedDirect(ctx.database.db);
    for (const excluded of ['abc', '-2', '99999999999']) {
      expect(await status(`/api/videos/direct/${directId}?excluded_video=${excluded}`)).toBe(400);
      expect(await status(`/api/videos/random?excluded_video=${excluded}`)).toBe(400);
    }
    // Too long a term: refused by the router (414, over 100 characters) or the schema (400).
    expect([400, 414]).toContain(await status(`/api/videos/search/${'a'.repeat(201)}`));
    expect(
      await status(`/api/videos/search/${encodeURIComponent("'); drop table videos; --")}`),
    ).toBe(200);
    expect(await status('/api/videos/search/%20%20')).toBe(200);
  });
});
