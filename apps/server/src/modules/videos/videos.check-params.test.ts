import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { likes, trendingSlots, videos } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { seedTag, seedVideo, videoRow } from './video-fixtures.test-helpers.ts';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, auth: Record<string, string> = {}, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth, payload });
const badIds = ['abc', '0', '-1', '99999999999', '1.5'];

const snapshot = async () => {
  const db = ctx.database.db;
  const [v] = await db.select({ n: count() }).from(videos);
  const [l] = await db.select({ n: count() }).from(likes);
  const [t] = await db.select({ n: count() }).from(trendingSlots);
  return { videos: v!.n, likes: l!.n, trending: t!.n };
};

describe('check params of single-video calls', () => {
  it('GET /videos/:id', async () => {
    for (const id of badIds) expect((await call('GET', `/api/videos/${id}`)).statusCode).toBe(400);
    expect((await call('GET', '/api/videos/999999')).statusCode).toBe(404);
    const id = await seedVideo(ctx.database.db);
    expect((await call('GET', `/api/videos/${id}`)).json().nResults).toBe(1);
  });

  it('POST /videos', async () => {
    const member = await ctx.createUser('plateau');
    const user = await ctx.createUser('user');
    const before = await snapshot();
    const post = (payload: object, auth: Record<string, string> = member.auth) =>
      call('POST', '/api/videos', auth, payload);
    expect((await post({ title: 'x' }, {})).statusCode).toBe(401);
    expect((await post({ title: 'x' }, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect((await post({ title: 'x' }, user.auth)).statusCode).toBe(403);
    const refused: [object, string][] = [
      [{}, 'title'],
      [{ title: '' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 42 }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'x', description: 3 }, 'description'],
      [{ title: 'x', privacy: 4 }, 'privacy'],
      [{ title: 'x', privacy: '1' }, 'privacy'],
      [{ title: 'x', gpa_restricted: 'yes' }, 'gpa_restricted'],
      [{ title: 'x', date: 'hier' }, 'date'],
      [{ title: 'x', date: '2024-02-31' }, 'date'],
      [{ title: 'x', promotion: 'abc' }, 'promotion'],
      [{ title: 'x', promotion: 10000 }, 'promotion'],
      [{ title: 'x', promotion: '-5' }, 'promotion'],
      [{ title: 'x', directId: 'abc' }, 'directId'],
      [{ title: 'x', directId: 0 }, 'directId'],
      [{ title: 'x', directId: '99999999999' }, 'directId'],
      [{ title: 'x', directId: 999999 }, 'directId'],
      [{ title: 'x', direct_id: '999999' }, 'direct_id'],
      [{ title: 'x', tagIds: ['a'] }, 'tagIds'],
      [{ title: 'x', tagIds: 5 }, 'tagIds'],
      [{ title: 'x', tagIds: [999999] }, 'tagIds'],
    ];
    for (const [payload, field] of refused) {
      const answer = await post(payload);
      expect({ payload, status: answer.statusCode }).toEqual({ payload, status: 400 });
      expect(answer.json().message).toContain(field);
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...member.auth, 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect((await post({ title: 'Correct' })).statusCode).toBe(201);
  });

  it('PUT /videos/:id', async () => {
    const db = ctx.database.db;
    const member = await ctx.createUser('plateau');
    const user = await ctx.createUser('user');
    const tag = await seedTag(db);
    const id = await seedVideo(db, { title: 'Avant', privacy: 1, tagIds: [tag] });
    const gda = await seedVideo(db, { privacy: 2, gpaRestricted: true });
    const original = await videoRow(db, id);
    const put = (
      target: number | string,
      payload: object,
      auth: Record<string, string> = member.auth,
    ) => call('PUT', `/api/videos/${target}`, auth, payload);

    expect((await put(id, { title: 'x' }, {})).statusCode).toBe(401);
    expect((await put(id, { title: 'x' }, user.auth)).statusCode).toBe(403);
    for (const bad of badIds) expect((await put(bad, { title: 'x' })).statusCode).toBe(400);
    expect((await put(999999, { title: 'x' })).statusCode).toBe(404);
    expect((await put(gda, { title: 'x' })).statusCode).toBe(403);
    for (const payload of [
      { title: '' },
      { description: 'sans titre' },
      { title: 'x', tagIds: [999999] },
      { title: 'x', direct_id: 999999 },
      { title: 'x', directId: 1, direct_id: 2 },
      { title: 'x', date: '2024-13-01' },
      { title: 'x', privacy: -1 },
    ]) {
      expect({ payload, status: (await put(id, payload)).statusCode }).toEqual({
        payload,
        status: 400,
      });
    }
    const malformed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/videos/${id}`,
      headers: { ...member.auth, 'content-type': 'application/json' },
      payload: '{"title": "x"',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await videoRow(db, id)).toEqual(original);
    expect((await videoRow(db, gda))!.title).toBe('Vidéo');
    expect((await put(id, { title: 'Après' })).json().title).toBe('Après');
  });

  it('DELETE /videos/:id', async () => {
    const db = ctx.database.db;
    const member = await ctx.createUser('plateau');
    const user = await ctx.createUser('user');
    const id = await seedVideo(db);
    const gda = await seedVideo(db, { privacy: 2, gpaRestricted: true });
    const before = await snapshot();
    const remove = (target: number | string, auth: Record<string, string> = member.auth) =>
      call('DELETE', `/api/videos/${target}`, auth);
    expect((await remove(id, {})).statusCode).toBe(401);
    expect((await remove(id, user.auth)).statusCode).toBe(403);
    for (const bad of badIds) expect((await remove(bad)).statusCode).toBe(400);
    expect((await remove(999999)).statusCode).toBe(404);
    expect((await remove(gda)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect((await remove(id)).json()).toEqual({ ok: true });
    expect((await remove(id)).statusCode).toBe(404);
  });

  it('GET, PUT and DELETE /videos/like/:videoId', async () => {
    const db = ctx.database.db;
    const user = await ctx.createUser('user');
    const member = await ctx.createUser('plateau');
    const id = await seedVideo(db);
    const hidden = await seedVideo(db, { privacy: 2 });
    const pending = await seedVideo(db, { processing: 1 });
    const before = await snapshot();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const like = (target: number | string, auth: Record<string, string> = user.auth) =>
        call(method, `/api/videos/like/${target}`, auth);
      expect((await like(id, {})).statusCode).toBe(401);
      for (const bad of badIds) expect((await like(bad)).statusCode).toBe(400);
      expect((await like(999999)).statusCode).toBe(404);
      expect((await like(hidden)).statusCode).toBe(403);
      expect((await like(pending)).statusCode).toBe(403);
      if (method !== 'GET') expect((await like(pending, member.auth)).statusCode).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
    expect((await call('PUT', `/api/videos/like/${id}`, user.auth)).json()).toEqual({
      liked: true,
      likeCount: 1,
    });
  });

  it('PUT /videos/history/:videoId', async () => {
    const db = ctx.database.db;
    const user = await ctx.createUser('user');
    const id = await seedVideo(db);
    const school = await seedVideo(db, { privacy: 1 });
    const hidden = await seedVideo(db, { privacy: 3 });
    const view = (target: number | string, auth: Record<string, string> = {}) =>
      call('PUT', `/api/videos/history/${target}`, auth);
    for (const bad of badIds) expect((await view(bad)).statusCode).toBe(400);
    expect((await view(999999)).statusCode).toBe(404);
    expect((await view(school)).statusCode).toBe(401);
    expect((await view(hidden, user.auth)).statusCode).toBe(403);
    expect((await view(id, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    for (const target of [id, school, hidden]) expect((await videoRow(db, target))!.views).toBe(0);
    expect((await view(school, user.auth)).json()).toEqual({ views: 1 });
  });
});
