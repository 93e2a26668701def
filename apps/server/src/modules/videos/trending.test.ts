import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { fetchVideoList, seedVideo } from './video-fixtures.test-helpers.ts';

const ctx = useTestApp();

const trendingIds = async (auth: Record<string, string> = {}) =>
  (await fetchVideoList(ctx, '/api/videos/trending', auth)).ids;

describe('trending slots', () => {
  it('lists slots in order, skipping empty and invisible ones, and moves a video', async () => {
    const db = ctx.database.db;
    const geek = await ctx.createUser('geek');
    const user = await ctx.createUser('user');
    const put = (slot: number, videoId: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/videos/trending/${slot}/${videoId}`,
        headers: geek.auth,
      });
    const a = await seedVideo(db, { privacy: 0 });
    const b = await seedVideo(db, { privacy: 1 });
    const c = await seedVideo(db, { privacy: 0 });
    expect((await put(4, a)).statusCode).toBe(200);
    await put(1, b);
    const answer = await put(2, c);
    expect(answer.json().videos.map((v: { id: number }) => v.id)).toEqual([b, c, a]);

    expect(await trendingIds()).toEqual([c, a]);
    expect(await trendingIds(user.auth)).toEqual([b, c, a]);

    // Each says its slot, so the slot editors can show the empty ones between.
    const slotsOf = async () =>
      (await ctx.app.inject({ url: '/api/videos/trending', headers: user.auth }))
        .json()
        .videos.map((v: { id: number; trendingSlot: number }) => [v.id, v.trendingSlot]);
    expect(await slotsOf()).toEqual([
      [b, 1],
      [c, 2],
      [a, 4],
    ]);
    const other = await ctx.app.inject({
      url: `/api/videos/${await seedVideo(db, { privacy: 0 })}`,
    });
    expect(other.json().videos[0].trendingSlot).toBeNull();

    // One video in a second slot leaves the first one.
    await put(5, c);
    expect(await trendingIds(user.auth)).toEqual([b, a, c]);
    // Replacing and clearing.
    await put(1, a);
    expect(await trendingIds(user.auth)).toEqual([a, c]);
    expect((await put(5, -1)).statusCode).toBe(200);
    expect(await trendingIds(user.auth)).toEqual([a]);
  });

  it('refuses unpublished videos, unknown videos and other roles', async () => {
    const db = ctx.database.db;
    const geek = await ctx.createUser('geek');
    const member = await ctx.createUser('plateau');
    const put = (slot: number | string, videoId: number | string, auth: object = geek.auth) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/videos/trending/${slot}/${videoId}`,
        headers: auth as Record<string, string>,
      });
    const published = await seedVideo(db);
    const pending = await seedVideo(db, { processing: 1 });
    await put(3, published);
    const before = await trendingIds(geek.auth);

    expect((await put(2, pending)).statusCode).toBe(400);
    expect((await put(2, 999999)).statusCode).toBe(404);
    expect((await put(2, published, {})).statusCode).toBe(401);
    expect((await put(2, published, member.auth)).statusCode).toBe(403);
    for (const slot of [0, 6, -1, 'x', 99999999999])
      expect((await put(slot, published)).statusCode).toBe(400);
    for (const id of [0, -2, 'abc', 99999999999]) expect((await put(2, id)).statusCode).toBe(400);
    expect(await trendingIds(geek.auth)).toEqual(before);
  });
});
