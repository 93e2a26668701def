import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { history, likes } from '../../db/schema.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { fetchVideoList, seedVideo, videoRow } from './video-fixtures.test-helpers.ts';

const ctx = useTestApp();

const like = (method: 'GET' | 'PUT' | 'DELETE', id: number, user: TestUser) =>
  ctx.app.inject({ method, url: `/api/videos/like/${id}`, headers: user.auth });
const view = (id: number, auth: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'PUT', url: `/api/videos/history/${id}`, headers: auth });
const listIds = async (url: string, user: TestUser) =>
  (await fetchVideoList(ctx, url, user.auth)).ids;

const likeRows = async (videoId: number) =>
  Number(
    (
      await ctx.database.db
        .select({ n: sql<number>`count(*)` })
        .from(likes)
        .where(eq(likes.videoId, videoId))
    )[0]!.n,
  );

describe('likes', () => {
  it('likes and unlikes idempotently', async () => {
    const user = await ctx.createUser('user');
    const other = await ctx.createUser('user');
    const id = await seedVideo(ctx.database.db);
    expect((await like('GET', id, user)).json()).toEqual({ liked: false, likeCount: 0 });
    expect((await like('PUT', id, user)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await like('PUT', id, user)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await like('PUT', id, other)).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await like('GET', id, user)).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await like('DELETE', id, user)).json()).toEqual({ liked: false, likeCount: 1 });
    expect((await like('DELETE', id, user)).json()).toEqual({ liked: false, likeCount: 1 });
    expect((await like('GET', id, other)).json()).toEqual({ liked: true, likeCount: 1 });
    expect(await likeRows(id)).toBe(1);
  });

  it('keeps likeCount equal to the rows under 50 parallel likes and unlikes', async () => {
    const id = await seedVideo(ctx.database.db);
    const users = await Promise.all(Array.from({ length: 10 }, () => ctx.createUser('user')));
    const calls = Array.from({ length: 50 }, (_, i) =>
      like(i % 3 === 2 ? 'DELETE' : 'PUT', id, users[i % users.length]!),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const rows = await likeRows(id);
    expect((await videoRow(ctx.database.db, id))!.likeCount).toBe(rows);
    // A second wave of the same calls keeps the invariant.
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        like(i % 2 === 0 ? 'DELETE' : 'PUT', id, users[(i * 7) % users.length]!),
      ),
    );
    expect((await videoRow(ctx.database.db, id))!.likeCount).toBe(await likeRows(id));
  });

  it('lists liked videos most recently liked first', async () => {
    const user = await ctx.createUser('user');
    const a = await seedVideo(ctx.database.db);
    const b = await seedVideo(ctx.database.db);
    const c = await seedVideo(ctx.database.db);
    await like('PUT', b, user);
    await like('PUT', a, user);
    await like('PUT', c, user);
    await like('DELETE', c, user);
    expect(await listIds('/api/videos/liked', user)).toEqual([a, b]);
  });
});

describe('views and history', () => {
  it('counts views for anyone who may see the video', async () => {
    const id = await seedVideo(ctx.database.db, { privacy: 0 });
    expect((await view(id)).json()).toEqual({ views: 1 });
    const user = await ctx.createUser('user');
    expect((await view(id, user.auth)).json()).toEqual({ views: 2 });
    const school = await seedVideo(ctx.database.db, { privacy: 1 });
    expect((await view(school)).statusCode).toBe(401);
    expect((await videoRow(ctx.database.db, school))!.views).toBe(0);
    // A member previewing an unpublished video counts nothing.
    const member = await ctx.createUser('plateau');
    const pending = await seedVideo(ctx.database.db, { processing: 1 });
    expect((await view(pending, member.auth)).json()).toEqual({ views: 0 });
    expect(await listIds('/api/videos/history', member)).not.toContain(pending);
  });

  it('lists history most recent first, each video once', async () => {
    const user = await ctx.createUser('user');
    const other = await ctx.createUser('user');
    const a = await seedVideo(ctx.database.db);
    const b = await seedVideo(ctx.database.db);
    const c = await seedVideo(ctx.database.db);
    for (const id of [a, b, c, a, b, a]) await view(id, user.auth);
    await view(c, other.auth);
    expect(await listIds('/api/videos/history', user)).toEqual([a, b, c]);
    const rows = await ctx.database.db.select().from(history).where(eq(history.userId, user.id));
    expect(rows).toHaveLength(3);
    expect((await videoRow(ctx.database.db, a))!.views).toBe(3);
    expect(await listIds('/api/videos/history', other)).toEqual([c]);
  });
});
