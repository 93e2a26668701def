import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import {
  day,
  fetchVideoList,
  seedDirect,
  seedTag,
  seedVideo,
} from './video-fixtures.test-helpers.ts';

const ctx = useTestApp();

type Auth = Record<string, string>;
const ids = (url: string, auth: Auth = {}) => fetchVideoList(ctx, url, auth);

describe('video lists', () => {
  it('latest: published and visible, newest date first then highest id, paged', async () => {
    const db = ctx.database.db;
    const tag = await seedTag(db);
    const old = await seedVideo(db, { date: day(1), tagIds: [tag] });
    const sameDayA = await seedVideo(db, { date: day(5), tagIds: [tag] });
    const sameDayB = await seedVideo(db, { date: day(5), tagIds: [tag] });
    const newest = await seedVideo(db, { date: day(9), tagIds: [tag] });
    const school = await seedVideo(db, { date: day(7), privacy: 1, tagIds: [tag] });
    await seedVideo(db, { date: day(8), processing: 1, tagIds: [tag] });

    const url = `/api/videos?tag_filter=${tag}`;
    expect(await ids(url)).toEqual({ ids: [newest, sameDayB, sameDayA, old], nResults: 4 });
    const user = await ctx.createUser('user');
    expect((await ids(url, user.auth)).ids).toEqual([newest, school, sameDayB, sameDayA, old]);
    // Members see everything visible, but latest holds published videos only.
    const geek = await ctx.createUser('geek');
    expect((await ids(url, geek.auth)).nResults).toBe(5);
    expect(await ids(`${url}&page=2&page_size=2`)).toEqual({ ids: [sameDayA, old], nResults: 4 });
    expect(await ids(`${url}&page=3&page_size=2`)).toEqual({ ids: [], nResults: 4 });
  });

  it('tag_filter with two tags keeps videos carrying both', async () => {
    const db = ctx.database.db;
    const a = await seedTag(db);
    const b = await seedTag(db);
    const both = await seedVideo(db, { tagIds: [a, b] });
    await seedVideo(db, { tagIds: [a] });
    await seedVideo(db, { tagIds: [b] });
    expect(await ids(`/api/videos?tag_filter=${a}&tag_filter=${b}`)).toEqual({
      ids: [both],
      nResults: 1,
    });
    expect((await ids(`/api/videos?tag_filter=${a}`)).nResults).toBe(2);
  });

  it('mostLiked and mostViewed: by count, ties newest first', async () => {
    const db = ctx.database.db;
    const tag = await seedTag(db);
    const v = (likeCount: number, views: number, d: number) =>
      seedVideo(db, { likeCount, views, date: day(d), tagIds: [tag] });
    const a = await v(5, 10, 1);
    const b = await v(9, 1, 2);
    const c = await v(5, 10, 3);
    const d = await v(0, 50, 4);
    expect((await ids(`/api/videos/mostLiked?tag_filter=${tag}`)).ids).toEqual([b, c, a, d]);
    expect((await ids(`/api/videos/mostViewed?tag_filter=${tag}`)).ids).toEqual([d, c, a, b]);
  });

  it('pending: unpublished visible videos for members, newest first', async () => {
    const db = ctx.database.db;
    const tag = await seedTag(db);
    const first = await seedVideo(db, { processing: 0, date: day(1), tagIds: [tag] });
    const second = await seedVideo(db, { processing: 2, date: day(2), tagIds: [tag] });
    const gda = await seedVideo(db, {
      processing: 1,
      date: day(3),
      privacy: 2,
      gpaRestricted: true,
      tagIds: [tag],
    });
    await seedVideo(db, { processing: 3, date: day(4), tagIds: [tag] });
    const member = await ctx.createUser('plateau');
    const geek = await ctx.createUser('geek');
    expect((await ids(`/api/videos/pending?tag_filter=${tag}`, member.auth)).ids).toEqual([
      second,
      first,
    ]);
    expect((await ids(`/api/videos/pending?tag_filter=${tag}`, geek.auth)).ids).toEqual([
      gda,
      second,
      first,
    ]);
  });

  it('random: up to six distinct visible published videos, honouring excluded_video', async () => {
    const db = ctx.database.db;
    const tag = await seedTag(db);
    const all = [];
    for (let i = 0; i < 8; i += 1) all.push(await seedVideo(db, { tagIds: [tag] }));
    const hidden = await seedVideo(db, { privacy: 1, tagIds: [tag] });
    for (let round = 0; round < 5; round += 1) {
      const { ids: picked, nResults } = await ids(
        `/api/videos/random?tag_filter=${tag}&excluded_video=${all[0]}`,
      );
      expect(picked).toHaveLength(6);
      expect(new Set(picked).size).toBe(6);
      expect(picked).not.toContain(all[0]);
      expect(picked).not.toContain(hidden);
      expect(nResults).toBe(6);
    }
    expect((await ids(`/api/videos/random?tag_filter=${tag}&page_size=3`)).ids).toHaveLength(3);
  });

  it('direct: its published visible videos; 404 unknown, hidden direct refused', async () => {
    const db = ctx.database.db;
    const directId = await seedDirect(db, { privacy: 0 });
    const hiddenDirect = await seedDirect(db, { privacy: 2 });
    const a = await seedVideo(db, { directId, date: day(1) });
    const b = await seedVideo(db, { directId, date: day(2) });
    await seedVideo(db, { directId, processing: 1 });
    await seedVideo(db, { directId, privacy: 1 });
    await seedVideo(db);
    expect(await ids(`/api/videos/direct/${directId}`)).toEqual({ ids: [b, a], nResults: 2 });
    expect((await ids(`/api/videos/direct/${directId}?excluded_video=${b}`)).ids).toEqual([a]);
    expect((await ids(`/api/videos/direct/${directId}?excluded_video=-1`)).ids).toEqual([b, a]);
    const user = await ctx.createUser('user');
    expect((await ctx.app.inject({ url: `/api/videos/direct/${hiddenDirect}` })).statusCode).toBe(
      401,
    );
    expect(
      (await ctx.app.inject({ url: `/api/videos/direct/${hiddenDirect}`, headers: user.auth }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ url: '/api/videos/direct/999999' })).statusCode).toBe(404);
  });
});
