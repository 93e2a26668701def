import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchResults, videos } from '../../db/schema.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { day, fetchVideoList, seedTag, seedVideo } from './video-fixtures.test-helpers.ts';

/**
 * Deep pages of the newest-first list are slices of windows shared through the database
 * (db/shared-results.ts): they must hold exactly what walking the order gives, across window
 * boundaries, with tag filters, and follow every write in the next read.
 */
const ctx = useTestApp();

/** 2,300 published videos, one a day from 2020 on; every third is private (privacy 2). */
const seedCatalogue = async (tag: number) => {
  await ctx.database.db.execute(sql`
    insert into videos (title, date, privacy, processing)
    select 'Archive ' || g, timestamp '2020-01-01' + g * interval '1 day',
           case when g % 3 = 0 then 2 else g % 2 end, 3
      from generate_series(1, 2300) g`);
  await ctx.database.db.execute(sql`
    insert into video_tags (video_id, tag_id)
    select id, ${tag} from videos where id % 2 = 0`);
};

/** What walking the order says: a `user`'s visible videos, newest first, with the tag or not. */
const walked = async (tag?: number) => {
  const rows = await ctx.database.db
    .select({ id: videos.id })
    .from(videos)
    .where(
      sql`${videos.processing} = 3 and ${videos.privacy} in (0, 1) ${
        tag === undefined ? sql`` : sql`and ${videos.id} % 2 = 0`
      }`,
    )
    .orderBy(sql`${videos.date} desc, ${videos.id} desc`);
  return rows.map((row) => row.id);
};

const page = (user: TestUser, n: number, extra = '') =>
  fetchVideoList(ctx, `/api/videos?page=${n}&page_size=48${extra}`, user.auth);

describe('deep pages of the newest-first list', () => {
  it('hold what walking the order gives, across windows and with a tag filter', async () => {
    const user = await ctx.createUser('user');
    const tag = await seedTag(ctx.database.db);
    await seedCatalogue(tag);
    const all = await walked();
    const tagged = await walked(tag);
    expect(all.length).toBeGreaterThan(1500);
    // Page 21 ends in the first window, page 22 starts past it, page 42 spans windows 1 and 2.
    for (const n of [21, 22, 31, 42]) {
      expect(await page(user, n)).toEqual({
        ids: all.slice((n - 1) * 48, n * 48),
        nResults: all.length,
      });
    }
    for (const n of [22, 24]) {
      expect(await page(user, n, `&tag_filter=${tag}`)).toEqual({
        ids: tagged.slice((n - 1) * 48, n * 48),
        nResults: tagged.length,
      });
    }
    const last = Math.ceil(all.length / 48);
    expect((await page(user, last)).ids).toEqual(all.slice((last - 1) * 48));
    expect(await page(user, last + 1)).toEqual({ ids: [], nResults: all.length });
  });

  it('follow a new, an unpublished, a hidden and a deleted video in the next read', async () => {
    const { db } = ctx.database;
    const user = await ctx.createUser('user');
    const geek = await ctx.createUser('geek');
    const tag = await seedTag(db);
    await seedCatalogue(tag);
    const deep = async () => {
      const seen = await page(user, 30);
      const all = await walked();
      expect(seen).toEqual({ ids: all.slice(29 * 48, 30 * 48), nResults: all.length });
      return seen.ids;
    };
    const before = await deep();

    // Newest of all: every deep page shifts by one.
    const newest = await seedVideo(db, { date: day(5000) });
    expect((await deep())[1]).toBe(before[0]);
    await db.update(videos).set({ processing: 1 }).where(eq(videos.id, newest));
    expect(await deep()).toEqual(before);
    const hidden = await ctx.app.inject({
      method: 'PUT',
      url: `/api/videos/${before[0]}`,
      headers: geek.auth,
      payload: { title: 'Archive', privacy: 2 },
    });
    expect(hidden.statusCode).toBe(200);
    expect((await deep())[0]).toBe(before[1]);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/${before[1]}`,
      headers: geek.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await deep())[0]).toBe(before[2]);
  });

  it('leave nothing stored for a page past the end', async () => {
    const user = await ctx.createUser('user');
    await seedCatalogue(await seedTag(ctx.database.db));
    expect((await page(user, 5000)).ids).toEqual([]);
    const keys = await ctx.database.db.select({ key: searchResults.key }).from(searchResults);
    expect(keys.map((row) => row.key)).toEqual([]);
    expect((await page(user, 30)).ids).toHaveLength(48);
    expect((await ctx.database.db.select().from(searchResults)).map((row) => row.key)).toEqual([
      '["latest","user",[]]#1',
    ]);
  });
});
