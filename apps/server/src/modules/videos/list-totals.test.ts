import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, videos } from '../../db/schema.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { fetchVideoList, seedTag, seedVideo } from './video-fixtures.test-helpers.ts';

/**
 * Totals that are kept (per tag and tag pair, per user list) or shared (search results) instead
 * of counted on each request: every write must show in the very next read's nResults.
 */
const ctx = useTestApp();

const total = async (url: string, user: TestUser) =>
  (await fetchVideoList(ctx, url, user.auth)).nResults;

const tagged = (tags: number[]) =>
  `/api/videos?page_size=2&${tags.map((t) => `tag_filter=${t}`).join('&')}`;

/** What counting the rows says: published, privacy 0 or 1 (a `user`), every tag. */
const counted = async (filter: number[]) => {
  const tags = [...new Set(filter)];
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(videos)
    .where(
      sql`${videos.processing} = 3 and ${videos.privacy} in (0, 1) and (select count(*) from video_tags vt where vt.video_id = ${videos.id} and vt.tag_id in (${sql.join(
        tags.map((t) => sql`${t}`),
        sql`, `,
      )})) = ${tags.length}`,
    );
  return row!.n;
};

const put = (id: number, geek: TestUser, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/videos/${id}`,
    headers: geek.auth,
    payload: { title: 'Vidéo', ...payload },
  });

describe('tag filter totals', () => {
  it('follow publishing, privacy, tag links and deletes in the next read', async () => {
    const { db } = ctx.database;
    const geek = await ctx.createUser('geek');
    const user = await ctx.createUser('user');
    const [a, b, c] = [await seedTag(db), await seedTag(db), await seedTag(db)];
    const filters = [[a], [b], [a, b], [b, a, a], [a, b, c]] as number[][];
    const check = async (expected: number[]) => {
      const seen = [];
      for (const tags of filters) seen.push(await total(tagged(tags), user));
      expect(seen).toEqual(expected);
      for (const tags of filters) expect(await total(tagged(tags), user)).toBe(await counted(tags));
    };
    const ab = await seedVideo(db, { tagIds: [a, b] });
    const abc = await seedVideo(db, { tagIds: [a, b, c], privacy: 1 });
    const pending = await seedVideo(db, { tagIds: [a, b], processing: 1 });
    await seedVideo(db, { tagIds: [a], privacy: 2 });
    await check([2, 2, 2, 2, 1]);

    await db.update(videos).set({ processing: 3 }).where(eq(videos.id, pending));
    await check([3, 3, 3, 3, 1]);
    expect((await put(ab, geek, { privacy: 2 })).statusCode).toBe(200);
    await check([2, 2, 2, 2, 1]);
    expect((await put(ab, geek, { privacy: 0, tagIds: [b, c] })).statusCode).toBe(200);
    await check([2, 3, 2, 2, 1]);
    expect((await put(abc, geek, { privacy: 1, tagIds: [] })).statusCode).toBe(200);
    await check([1, 2, 1, 1, 0]);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/${pending}`,
      headers: geek.auth,
    });
    expect(removed.statusCode).toBe(200);
    await check([0, 1, 0, 0, 0]);
  });

  it('stay exact under concurrent tag and privacy changes', async () => {
    const { db } = ctx.database;
    const geek = await ctx.createUser('geek');
    const user = await ctx.createUser('user');
    const tags = [await seedTag(db), await seedTag(db), await seedTag(db)];
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) => seedVideo(db, { tagIds: tags.slice(i % 3) })),
    );
    const answers = await Promise.all(
      ids.map((id, i) => put(id, geek, { privacy: i % 4, tagIds: tags.slice(0, 1 + (i % 3)) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    for (const filter of [[tags[0]!], [tags[1]!], [tags[0]!, tags[2]!], [tags[1]!, tags[2]!]]) {
      expect(await total(tagged(filter), user)).toBe(await counted(filter));
    }
  });
});

describe('history and liked totals', () => {
  it('follow views, likes, privacy, publishing and deletes in the next read', async () => {
    const { db } = ctx.database;
    const geek = await ctx.createUser('geek');
    const user = await ctx.createUser('user');
    const other = await ctx.createUser('user');
    const ids = [await seedVideo(db), await seedVideo(db), await seedVideo(db, { privacy: 1 })];
    const totals = async () => [
      await total('/api/videos/history?page_size=1', user),
      await total('/api/videos/liked?page_size=1', user),
    ];
    const act = async (method: string, url: string, by: TestUser = user) =>
      expect((await ctx.app.inject({ method, url, headers: by.auth })).statusCode).toBe(200);

    for (const id of ids) await act('PUT', `/api/videos/history/${id}`);
    await act('PUT', `/api/videos/history/${ids[0]}`);
    await act('PUT', `/api/videos/history/${ids[0]}`, other);
    await act('PUT', `/api/videos/like/${ids[1]}`);
    await act('PUT', `/api/videos/like/${ids[2]}`);
    expect(await totals()).toEqual([3, 2]);

    await act('DELETE', `/api/videos/like/${ids[1]}`);
    expect(await totals()).toEqual([3, 1]);
    expect((await put(ids[2]!, geek, { privacy: 2 })).statusCode).toBe(200);
    expect(await totals()).toEqual([2, 0]);
    await db.update(videos).set({ processing: 1, privacy: 0 }).where(eq(videos.id, ids[2]!));
    expect(await totals()).toEqual([2, 0]);
    await db.update(videos).set({ processing: 3 }).where(eq(videos.id, ids[2]!));
    expect(await totals()).toEqual([3, 1]);
    await act('DELETE', `/api/videos/${ids[0]}`, geek);
    expect(await totals()).toEqual([2, 1]);
    // The other viewer's history lost the deleted video too, and nothing else.
    expect(await total('/api/videos/history', other)).toBe(0);
    await db.delete(users).where(eq(users.id, other.id));
    expect(await total('/api/videos/history', user)).toBe(2);
  });
});

describe('search totals and order', () => {
  const search = (term: string, user: TestUser, extra = '') =>
    fetchVideoList(ctx, `/api/videos/search/${encodeURIComponent(term)}${extra}`, user.auth);

  it('follow new videos, title, privacy, tag and tag name changes in the next read', async () => {
    const { db } = ctx.database;
    const geek = await ctx.createUser('geek');
    const user = await ctx.createUser('user');
    const first = await seedVideo(db, { title: 'Grande cérémonie' });
    expect(await search('ceremonie', user)).toEqual({ ids: [first], nResults: 1 });
    const second = await seedVideo(db, { title: 'Cérémonies et fêtes', privacy: 1 });
    expect((await search('ceremonie', user)).nResults).toBe(2);
    expect((await put(second, geek, { title: 'Autre chose', privacy: 1 })).statusCode).toBe(200);
    expect(await search('ceremonie', user)).toEqual({ ids: [first], nResults: 1 });
    expect((await put(first, geek, { title: 'Grande cérémonie', privacy: 3 })).statusCode).toBe(
      200,
    );
    expect((await search('ceremonie', user)).nResults).toBe(0);
    const tag = await seedTag(db, 'Gala');
    expect((await put(second, geek, { title: 'Autre chose', tagIds: [tag] })).statusCode).toBe(200);
    expect(await search('gala', user)).toEqual({ ids: [second], nResults: 1 });
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tags/${tag}`,
      headers: geek.auth,
      payload: { name: 'Cérémonie officielle' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await search('ceremonie', user)).toEqual({ ids: [second], nResults: 1 });
    // Results of older catalogue versions are dropped when newer ones are stored.
    const stale = await db.execute(
      sql`select count(*)::int as n from search_results s, video_data_version v where s.version < v.n`,
    );
    expect((stale as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('pages best match first, ties newest first, past the shared head without gap or repeat', async () => {
    const { db } = ctx.database;
    const user = await ctx.createUser('user');
    // 1,020 weak matches (one word in a long description) over 1,020 days, and two strong ones.
    await db.execute(sql`
      insert into videos (title, description, date, privacy, processing)
      select 'Archive ' || g, 'Un long texte sans rapport qui parle une fois de trombone et de bien d''autres choses',
             timestamp '2020-01-01' + g * interval '1 day', 0, 3
        from generate_series(1, 1020) g`);
    const strong = await seedVideo(db, { title: 'Trombone', description: 'Trombone, trombone' });
    const older = await seedVideo(db, {
      title: 'Trombone',
      description: 'Trombone, trombone',
      date: new Date('2001-01-01'),
    });
    const seen: number[] = [];
    for (let page = 1; page <= 11; page += 1) {
      const { ids, nResults } = await search('trombone', user, `?page=${page}&page_size=100`);
      expect(nResults).toBe(1022);
      seen.push(...ids);
    }
    expect(seen.slice(0, 2)).toEqual([strong, older]);
    expect(new Set(seen).size).toBe(1022);
    const dates = await db
      .select({ id: videos.id, date: videos.date })
      .from(videos)
      .where(
        sql`${videos.id} in (${sql.join(
          seen.slice(2).map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    const dateOf = new Map(dates.map((row) => [row.id, new Date(row.date).getTime()]));
    const weak = seen.slice(2).map((id) => dateOf.get(id)!);
    expect(weak).toEqual([...weak].sort((x, y) => y - x));
  });
});
