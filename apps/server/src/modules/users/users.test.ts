import { eq, inArray, ne, and } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  history,
  library,
  likes,
  playlists,
  playlistVideos,
  users,
  videos,
} from '../../db/schema.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';

const ctx = useTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });

const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/token', payload: { username, password } });

const createAccount = (geek: TestUser, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/users', headers: geek.auth, payload });

describe('users API', () => {
  it('creates, lists, fetches, updates and deletes accounts as a geek', async () => {
    const geek = await ctx.createUser('geek');
    const created = await createAccount(geek, {
      username: 'zoe.martin',
      password: 'premier-mot-de-passe',
      role: 'plateau',
      gda_access: true,
    });
    expect(created.statusCode).toBe(201);
    const zoe = created.json();
    expect(zoe).toEqual({
      id: expect.any(Number),
      username: 'zoe.martin',
      role: 'plateau',
      gdaAccess: true,
      sso: false,
      ssoSubject: null,
      hasPassword: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastLoginAt: null,
    });
    // Whether it has one, never the password or its hash.
    expect(created.body).not.toMatch(/argon2|"password(_?hash)?"/i);

    const defaults = await createAccount(geek, {
      username: 'Anna',
      password: 'encore-un-secret',
      role: 'user',
    });
    expect(defaults.json()).toMatchObject({ username: 'Anna', role: 'user', gdaAccess: false });

    const list = await ctx.app.inject({ url: '/api/users', headers: geek.auth });
    expect(list.statusCode).toBe(200);
    const names = list.json().users.map((u: { username: string }) => u.username);
    // By username, regardless of case.
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(names).toContain('zoe.martin');
    expect(list.json().nResults).toBe(names.length);
    expect(list.body).not.toMatch(/argon2|"password(_?hash)?"/i);

    const paged = await ctx.app.inject({
      url: '/api/users?page=2&page_size=1',
      headers: geek.auth,
    });
    expect(paged.json().users).toEqual([list.json().users[1]]);
    expect(paged.json().nResults).toBe(names.length);

    const fetched = await ctx.app.inject({ url: `/api/users/${zoe.id}`, headers: geek.auth });
    expect(fetched.json()).toEqual(zoe);

    expect((await login('zoe.martin', 'premier-mot-de-passe')).statusCode).toBe(200);
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${zoe.id}`,
      headers: geek.auth,
      payload: { password: 'second-mot-de-passe', role: 'geek', gda_access: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: zoe.id, role: 'geek', gdaAccess: false });
    expect(updated.json().lastLoginAt).not.toBeNull();
    expect((await login('zoe.martin', 'premier-mot-de-passe')).statusCode).toBe(401);
    expect((await login('zoe.martin', 'second-mot-de-passe')).statusCode).toBe(200);
    const [stored] = await ctx.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, zoe.id));
    expect(stored!.hash).toMatch(/^\$argon2id\$/);

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${zoe.id}`,
      headers: geek.auth,
      payload: { username: 'zoe' },
    });
    expect(renamed.json()).toMatchObject({ username: 'zoe', role: 'geek' });
    const unchanged = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${zoe.id}`,
      headers: geek.auth,
      payload: {},
    });
    expect(unchanged.json()).toEqual(renamed.json());

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${zoe.id}`,
      headers: geek.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect(
      (await ctx.app.inject({ url: `/api/users/${zoe.id}`, headers: geek.auth })).statusCode,
    ).toBe(404);
    expect((await login('zoe', 'second-mot-de-passe')).statusCode).toBe(401);
  });

  it('answers 409 for a username taken in another case, on create and on rename', async () => {
    const geek = await ctx.createUser('geek');
    const first = await createAccount(geek, {
      username: 'Camille',
      password: 'mot-de-passe',
      role: 'user',
    });
    expect(first.statusCode).toBe(201);
    const again = await createAccount(geek, {
      username: 'CAMILLE',
      password: 'autre-mot-de-passe',
      role: 'geek',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('CAMILLE');
    const other = await createAccount(geek, {
      username: 'Dominique',
      password: 'mot-de-passe',
      role: 'user',
    });
    const clash = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${other.json().id}`,
      headers: geek.auth,
      payload: { username: 'camille', role: 'geek' },
    });
    expect(clash.statusCode).toBe(409);
    const after = await ctx.app.inject({
      url: `/api/users/${other.json().id}`,
      headers: geek.auth,
    });
    expect(after.json()).toEqual(other.json());
  });

  it('never removes or demotes the last geek', async () => {
    const geek = await ctx.createUser('geek');
    await ctx.database.db.delete(users).where(and(eq(users.role, 'geek'), ne(users.id, geek.id)));
    const demote = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${geek.id}`,
      headers: geek.auth,
      payload: { role: 'plateau', username: 'renamed-geek' },
    });
    expect(demote.statusCode).toBe(409);
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${geek.id}`,
      headers: geek.auth,
    });
    expect(remove.statusCode).toBe(409);
    const self = await ctx.app.inject({ url: `/api/users/${geek.id}`, headers: geek.auth });
    expect(self.json()).toMatchObject({ role: 'geek', username: geek.username });
    // Staying geek is not a demotion.
    const keep = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${geek.id}`,
      headers: geek.auth,
      payload: { role: 'geek', gda_access: true },
    });
    expect(keep.json()).toMatchObject({ role: 'geek', gdaAccess: true });

    const second = await ctx.createUser('geek');
    const demoted = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${geek.id}`,
      headers: second.auth,
      payload: { role: 'plateau' },
    });
    expect(demoted.json()).toMatchObject({ role: 'plateau' });
    const last = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${second.id}`,
      headers: second.auth,
    });
    expect(last.statusCode).toBe(409);
    const third = await ctx.createUser('geek');
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${second.id}`,
      headers: third.auth,
    });
    expect(gone.json()).toEqual({ ok: true });
  });

  it('deleting an account removes its likes, history, library and playlists, keeps its videos', async () => {
    const geek = await ctx.createUser('geek');
    const leaving = await ctx.createUser('plateau');
    const staying = await ctx.createUser('user');
    const db = ctx.database.db;
    const [authored, liked] = await db
      .insert(videos)
      .values([
        { title: 'Sa vidéo', authorId: leaving.id, processing: 3 },
        { title: 'Vidéo aimée', authorId: staying.id, processing: 3, likeCount: 2 },
      ])
      .returning({ id: videos.id });
    await db.insert(likes).values([
      { userId: leaving.id, videoId: liked!.id },
      { userId: staying.id, videoId: liked!.id },
    ]);
    await db.insert(history).values({ userId: leaving.id, videoId: liked!.id });
    const [own, others] = await db
      .insert(playlists)
      .values([
        { code: `own-${leaving.id}`, title: 'La sienne', authorId: leaving.id },
        { code: `oth-${leaving.id}`, title: "L'autre", authorId: staying.id },
      ])
      .returning({ id: playlists.id });
    await db
      .insert(playlistVideos)
      .values({ playlistId: own!.id, videoId: authored!.id, position: 1 });
    await db.insert(library).values([
      { userId: leaving.id, playlistId: others!.id },
      { userId: staying.id, playlistId: own!.id },
    ]);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${leaving.id}`,
      headers: geek.auth,
    });
    expect(removed.json()).toEqual({ ok: true });

    const videoRows = await db
      .select({ id: videos.id, authorId: videos.authorId, likeCount: videos.likeCount })
      .from(videos)
      .where(inArray(videos.id, [authored!.id, liked!.id]));
    expect(videoRows).toContainEqual({ id: authored!.id, authorId: null, likeCount: 0 });
    expect(videoRows).toContainEqual({ id: liked!.id, authorId: staying.id, likeCount: 1 });
    expect(await db.select().from(likes).where(eq(likes.videoId, liked!.id))).toHaveLength(1);
    expect(await db.select().from(history).where(eq(history.userId, leaving.id))).toEqual([]);
    const playlistRows = await db
      .select({ id: playlists.id })
      .from(playlists)
      .where(inArray(playlists.id, [own!.id, others!.id]));
    expect(playlistRows).toEqual([{ id: others!.id }]);
    const libraryRows = await db
      .select({ userId: library.userId })
      .from(library)
      .where(inArray(library.userId, [leaving.id, staying.id]));
    expect(libraryRows).toEqual([]);
  });
});
