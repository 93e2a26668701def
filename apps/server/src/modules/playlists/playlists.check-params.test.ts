import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { library, playlists } from '../../db/schema.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { playlistFixtures } from './playlists.test-helpers.ts';

const ctx = useTestApp();
const fx = playlistFixtures(ctx);

let geek: TestUser;
let author: TestUser;
let otherMember: TestUser;
let user: TestUser;
let code: string;

const BAD_CODES = ['a'.repeat(33), 'a%2Fb', 'a.b', '%C3%A9', 'a%20b'];
/** `..` may be resolved by the URL parser before routing: refused either way, never a handler. */
const DOT_DOT = '%2e%2e';
const UNKNOWN_CODE = 'unknownCode';
const BAD_IDS = ['abc', '0', '-1', '99999999999', '1.5'];
const BAD_PAGING = ['page=0', 'page=-1', 'page=x', 'page_size=0', 'page_size=1000', 'page_size=x'];

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: TestUser | null | { authorization: string },
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url,
    headers: who === null ? {} : 'auth' in who ? who.auth : who,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const status = async (...args: Parameters<typeof send>) => (await send(...args)).statusCode;

const malformed = (method: 'POST' | 'PUT', url: string, who: TestUser) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...who.auth, 'content-type': 'application/json' },
    payload: '{"title": ',
  });

const snapshot = async () => ({
  playlists: await ctx.database.db.select().from(playlists).orderBy(playlists.id),
  library: await ctx.database.db.select({ n: count() }).from(library),
  order: await fx.storedOrder(code),
});

beforeAll(async () => {
  geek = await ctx.createUser('geek');
  author = await ctx.createUser('plateau');
  otherMember = await ctx.createUser('plateau');
  user = await ctx.createUser('user');
  code = (await fx.createPlaylist(author, { title: 'Départ' })).code;
  for (const id of [await fx.insertVideo(), await fx.insertVideo()]) {
    expect((await fx.addVideo(author, code, id)).statusCode).toBe(200);
  }
});

describe('playlists check-params', () => {
  it('POST /playlists', async () => {
    const before = await snapshot();
    const url = '/api/playlists';
    const ok = { title: 'Nouvelle', description: 'd', isPublic: false };
    expect(await status('POST', url, null, ok)).toBe(401);
    expect(await status('POST', url, { authorization: 'Bearer nope' }, ok)).toBe(401);
    expect(await status('POST', url, user, ok)).toBe(403);
    expect(await status('POST', url, author, { ...ok, isPublic: true })).toBe(403);
    for (const body of [
      { ...ok, title: '' },
      { ...ok, title: '   ' },
      { ...ok, title: 42 },
      { ...ok, title: 'x'.repeat(201) },
      { description: 'd' },
      { ...ok, description: 3 },
      { ...ok, isPublic: 'yes' },
      [ok],
    ]) {
      expect(await status('POST', url, author, body)).toBe(400);
    }
    const missing = await send('POST', url, author, { description: 'd' });
    expect(missing.json().message).toContain('title');
    expect((await malformed('POST', url, author)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);

    const created = await send('POST', url, author, ok);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{8,32}$/),
      title: 'Nouvelle',
      description: 'd',
      authorId: author.id,
      isPublic: false,
      inLibrary: false,
      videoCount: 0,
    });
  });

  it('GET /playlists/:code, /playlists/me and /playlists/public', async () => {
    expect(await status('GET', `/api/playlists/${code}`, null)).toBe(401);
    expect(await status('GET', '/api/playlists/me', null)).toBe(401);
    expect(await status('GET', '/api/playlists/public', null)).toBe(401);
    for (const bad of BAD_CODES) {
      expect(await status('GET', `/api/playlists/${bad}`, user)).toBe(400);
    }
    expect(await status('GET', `/api/playlists/a/b`, user)).toBe(404);
    expect([400, 404]).toContain(await status('GET', `/api/playlists/${DOT_DOT}`, user));
    expect([400, 404]).toContain(await status('GET', `/api/videos/playlist/${DOT_DOT}`, user));
    expect([400, 404]).toContain(await status('DELETE', `/api/playlists/${DOT_DOT}`, geek));
    expect([400, 404]).toContain(await status('GET', '/api/playlists/', user));
    expect(await status('GET', `/api/playlists/${UNKNOWN_CODE}`, user)).toBe(404);
    for (const paging of BAD_PAGING) {
      expect(await status('GET', `/api/playlists/me?${paging}`, user)).toBe(400);
      expect(await status('GET', `/api/playlists/public?${paging}`, user)).toBe(400);
    }
    const one = await send('GET', `/api/playlists/${code}`, user);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ playlists: [{ code, videoCount: 2 }], nResults: 1 });
    expect((await send('GET', '/api/playlists/me?page=1&page_size=100', user)).json()).toEqual({
      playlists: [],
      nResults: 0,
    });
    expect((await send('GET', '/api/playlists/public', user)).statusCode).toBe(200);
  });

  it('PUT /playlists/:code', async () => {
    const before = await snapshot();
    const url = `/api/playlists/${code}`;
    const ok = { title: 'Renommée', description: 'nouvelle', isPublic: false };
    expect(await status('PUT', url, null, ok)).toBe(401);
    expect(await status('PUT', url, user, ok)).toBe(403);
    expect(await status('PUT', url, otherMember, ok)).toBe(403);
    expect(await status('PUT', url, author, { ...ok, isPublic: true })).toBe(403);
    expect(await status('PUT', `/api/playlists/${UNKNOWN_CODE}`, author, ok)).toBe(404);
    for (const bad of BAD_CODES)
      expect(await status('PUT', `/api/playlists/${bad}`, author, ok)).toBe(400);
    for (const body of [
      { ...ok, title: '' },
      { ...ok, title: null },
      { ...ok, isPublic: 1 },
    ]) {
      expect(await status('PUT', url, author, body)).toBe(400);
    }
    expect((await malformed('PUT', url, author)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);

    const updated = await send('PUT', url, author, ok);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ code, title: 'Renommée', description: 'nouvelle' });
  });

  it('PUT /playlists/:code/addVideo/:videoId', async () => {
    const fresh = await fx.insertVideo();
    const hidden = await fx.insertVideo({ privacy: 2, gpaRestricted: true });
    const unpublished = await fx.insertVideo({ processing: 1 });
    const before = await snapshot();
    const url = (c: string, v: number | string) => `/api/playlists/${c}/addVideo/${v}`;
    expect(await status('PUT', url(code, fresh), null)).toBe(401);
    expect(await status('PUT', url(code, fresh), user)).toBe(403);
    expect(await status('PUT', url(code, fresh), otherMember)).toBe(403);
    for (const bad of BAD_IDS) expect(await status('PUT', url(code, bad), author)).toBe(400);
    for (const bad of BAD_CODES) expect(await status('PUT', url(bad, fresh), author)).toBe(400);
    expect(await status('PUT', url(code, 999999), author)).toBe(404);
    expect(await status('PUT', url(UNKNOWN_CODE, fresh), author)).toBe(404);
    expect(await status('PUT', url(code, hidden), author)).toBe(403);
    expect(await status('PUT', url(code, unpublished), author)).toBe(400);
    expect(await snapshot()).toEqual(before);

    const added = await send('PUT', url(code, fresh), author);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ code, videoCount: 3 });
    expect(await fx.storedOrder(code)).toEqual([...before.order, fresh]);
  });

  it('DELETE /playlists/:code/removeVideo/:videoId', async () => {
    const [first] = await fx.storedOrder(code);
    const notThere = await fx.insertVideo();
    const before = await snapshot();
    const url = (c: string, v: number | string) => `/api/playlists/${c}/removeVideo/${v}`;
    expect(await status('DELETE', url(code, first!), null)).toBe(401);
    expect(await status('DELETE', url(code, first!), user)).toBe(403);
    expect(await status('DELETE', url(code, first!), otherMember)).toBe(403);
    for (const bad of BAD_IDS) expect(await status('DELETE', url(code, bad), author)).toBe(400);
    for (const bad of BAD_CODES) expect(await status('DELETE', url(bad, first!), author)).toBe(400);
    expect(await status('DELETE', url(code, notThere), author)).toBe(404);
    expect(await status('DELETE', url(code, 999999), author)).toBe(404);
    expect(await status('DELETE', url(UNKNOWN_CODE, first!), author)).toBe(404);
    expect(await snapshot()).toEqual(before);

    const removed = await send('DELETE', url(code, first!), author);
    expect(removed.json()).toEqual({ ok: true });
    expect(await fx.storedOrder(code)).toEqual(before.order.slice(1));
  });

  it('PUT /playlists/:code/reorderVideos', async () => {
    const stranger = await fx.insertVideo();
    const before = await snapshot();
    const order = before.order;
    expect(order.length).toBeGreaterThanOrEqual(2);
    const reversed = [...order].reverse();
    const url = `/api/playlists/${code}/reorderVideos`;
    expect(await status('PUT', url, null, reversed)).toBe(401);
    expect(await status('PUT', url, user, reversed)).toBe(403);
    expect(await status('PUT', url, otherMember, reversed)).toBe(403);
    expect(
      await status('PUT', `/api/playlists/${UNKNOWN_CODE}/reorderVideos`, author, reversed),
    ).toBe(404);
    for (const bad of BAD_CODES) {
      expect(await status('PUT', `/api/playlists/${bad}/reorderVideos`, author, reversed)).toBe(
        400,
      );
    }
    for (const body of [
      { ids: reversed },
      reversed.map(String),
      [0, ...reversed],
      reversed.slice(1),
      [...reversed, stranger],
      [...reversed, reversed[0]],
      [reversed[0], reversed[0], ...reversed.slice(2)],
      [99999999999],
      [],
    ]) {
      expect(await status('PUT', url, author, body)).toBe(400);
    }
    expect((await malformed('PUT', url, author)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);

    expect((await send('PUT', url, author, reversed)).json()).toEqual({ ok: true });
    expect(await fx.storedOrder(code)).toEqual(reversed);
  });

  it('GET /videos/playlist/:code', async () => {
    const url = `/api/videos/playlist/${code}`;
    expect(await status('GET', url, null)).toBe(401);
    for (const bad of BAD_CODES)
      expect(await status('GET', `/api/videos/playlist/${bad}`, user)).toBe(400);
    for (const paging of [...BAD_PAGING, 'tag_filter=x', 'tag_filter=0']) {
      expect(await status('GET', `${url}?${paging}`, user)).toBe(400);
    }
    expect(await status('GET', `/api/videos/playlist/${UNKNOWN_CODE}`, user)).toBe(404);
    const listed = await send('GET', url, user);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().videos.map((v: { id: number }) => v.id)).toEqual(
      await fx.storedOrder(code),
    );
  });

  it('PUT and DELETE /library/:code', async () => {
    const before = await snapshot();
    for (const method of ['PUT', 'DELETE'] as const) {
      expect(await status(method, `/api/library/${code}`, null)).toBe(401);
      expect(await status(method, `/api/library/${code}`, author)).toBe(400);
      expect(await status(method, `/api/library/${UNKNOWN_CODE}`, user)).toBe(404);
      for (const bad of BAD_CODES)
        expect(await status(method, `/api/library/${bad}`, user)).toBe(400);
    }
    const own = await send('PUT', `/api/library/${code}`, author);
    expect(own.json().message).toMatch(/votre playlist/);
    expect(await snapshot()).toEqual(before);

    expect((await send('PUT', `/api/library/${code}`, user)).json()).toEqual({
      ok: true,
      inLibrary: true,
    });
    expect((await send('DELETE', `/api/library/${code}`, user)).json()).toEqual({
      ok: true,
      inLibrary: false,
    });
  });

  it('DELETE /playlists/:code', async () => {
    const before = await snapshot();
    const url = `/api/playlists/${code}`;
    expect(await status('DELETE', url, null)).toBe(401);
    expect(await status('DELETE', url, user)).toBe(403);
    expect(await status('DELETE', url, otherMember)).toBe(403);
    expect(await status('DELETE', `/api/playlists/${UNKNOWN_CODE}`, author)).toBe(404);
    for (const bad of BAD_CODES)
      expect(await status('DELETE', `/api/playlists/${bad}`, author)).toBe(400);
    expect(await snapshot()).toEqual(before);

    expect((await send('DELETE', url, author)).json()).toEqual({ ok: true });
    expect(await status('GET', url, author)).toBe(404);
  });
});
