import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { library, playlists, playlistVideos, tags, videos } from '../../db/schema.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { playlistFixtures } from './playlists.test-helpers.ts';

const ctx = useTestApp();
const fx = playlistFixtures(ctx);

const put = (who: TestUser, url: string, payload?: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url,
    headers: who.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const del = (who: TestUser, url: string) =>
  ctx.app.inject({ method: 'DELETE', url, headers: who.auth });
const get = (who: TestUser, url: string) => ctx.app.inject({ url, headers: who.auth });
const ids = (response: { json(): { videos: { id: number }[] } }) =>
  response.json().videos.map((v) => v.id);
const codes = (response: { json(): { playlists: { code: string }[] } }) =>
  response.json().playlists.map((p) => p.code);

describe('playlists', () => {
  it('lets the author or a geek edit and delete, and only a geek feature', async () => {
    const author = await ctx.createUser('plateau');
    const other = await ctx.createUser('plateau');
    const geek = await ctx.createUser('geek');
    const { code } = await fx.createPlaylist(author, { title: '  Soirée  ', description: 'd' });
    const url = `/api/playlists/${code}`;

    const seen = (await fx.getPlaylist(other, code)).json();
    expect(seen).toEqual({
      playlists: [
        {
          code,
          title: 'Soirée',
          description: 'd',
          authorId: author.id,
          isPublic: false,
          inLibrary: false,
          videoCount: 0,
        },
      ],
      nResults: 1,
    });

    expect((await put(other, url, { title: 'Volée' })).statusCode).toBe(403);
    const edited = await put(author, url, { title: 'Gala', description: 'e', isPublic: false });
    expect(edited.json()).toMatchObject({ title: 'Gala', description: 'e', isPublic: false });
    // Omitted fields keep their value.
    expect((await put(author, url, { title: 'Gala 2' })).json()).toMatchObject({
      title: 'Gala 2',
      description: 'e',
    });

    const featured = await put(geek, url, { title: 'Gala', description: 'e', isPublic: true });
    expect(featured.json()).toMatchObject({ isPublic: true, authorId: author.id });
    // The author may keep editing a featured playlist, but not un-feature it.
    expect((await put(author, url, { title: 'Gala !', isPublic: true })).statusCode).toBe(200);
    expect((await put(author, url, { title: 'Gala', isPublic: false })).statusCode).toBe(403);
    expect(codes(await get(other, '/api/playlists/public'))).toContain(code);

    const geekOwn = await fx.createPlaylist(geek, { title: 'À la une', isPublic: true });
    expect(geekOwn.isPublic).toBe(true);

    expect((await del(other, url)).statusCode).toBe(403);
    expect((await del(geek, url)).json()).toEqual({ ok: true });
    expect((await fx.getPlaylist(author, code)).statusCode).toBe(404);
    expect((await del(author, url)).statusCode).toBe(404);
  });

  it('keeps the order the author set and accepts only the full set to reorder', async () => {
    const author = await ctx.createUser('plateau');
    const { code } = await fx.createPlaylist(author);
    const [a, b, c] = [await fx.insertVideo(), await fx.insertVideo(), await fx.insertVideo()];
    for (const id of [b, a, c]) expect((await fx.addVideo(author, code, id)).statusCode).toBe(200);
    expect(ids(await fx.listVideos(author, code))).toEqual([b, a, c]);

    // Adding again is harmless and keeps the place.
    const again = await fx.addVideo(author, code, b);
    expect(again.statusCode).toBe(200);
    expect(again.json().videoCount).toBe(3);
    expect(ids(await fx.listVideos(author, code))).toEqual([b, a, c]);

    const url = `/api/playlists/${code}/reorderVideos`;
    expect((await put(author, url, [c, b])).statusCode).toBe(400);
    expect((await put(author, url, [c, b, a, a])).statusCode).toBe(400);
    expect(ids(await fx.listVideos(author, code))).toEqual([b, a, c]);
    expect((await put(author, url, [c, b, a])).statusCode).toBe(200);
    expect(ids(await fx.listVideos(author, code))).toEqual([c, b, a]);

    expect((await del(author, `/api/playlists/${code}/removeVideo/${b}`)).statusCode).toBe(200);
    expect((await fx.addVideo(author, code, b)).statusCode).toBe(200);
    expect(ids(await fx.listVideos(author, code))).toEqual([c, a, b]);

    // Paging follows the same order.
    const page2 = await fx.listVideos(author, code, '?page=2&page_size=2');
    expect(page2.json()).toMatchObject({ nResults: 3 });
    expect(ids(page2)).toEqual([b]);
  });

  it('lets a geek add to any playlist, but a member only to their own', async () => {
    const author = await ctx.createUser('plateau');
    const geek = await ctx.createUser('geek');
    const { code } = await fx.createPlaylist(author);
    const video = await fx.insertVideo();
    expect((await fx.addVideo(geek, code, video)).statusCode).toBe(200);
    expect(await fx.storedOrder(code)).toEqual([video]);
  });

  it('gives two parallel adds distinct places', async () => {
    const author = await ctx.createUser('plateau');
    const { code } = await fx.createPlaylist(author);
    const added: number[] = [];
    for (let i = 0; i < 8; i++) added.push(await fx.insertVideo());
    const answers = await Promise.all(added.map((id) => fx.addVideo(author, code, id)));
    expect(answers.map((r) => r.statusCode)).toEqual(added.map(() => 200));
    const positions = await ctx.database.db
      .select({ position: playlistVideos.position })
      .from(playlistVideos)
      .innerJoin(playlists, eq(playlists.id, playlistVideos.playlistId))
      .where(eq(playlists.code, code));
    const stored = await fx.storedOrder(code);
    expect([...stored].sort((x, y) => x - y)).toEqual(added);
    expect(positions).toHaveLength(8);
    expect(new Set(positions.map((p) => p.position)).size).toBe(8);
  });

  it('lists own and library playlists by title, and manages the library', async () => {
    const me = await ctx.createUser('plateau');
    const other = await ctx.createUser('plateau');
    const zebra = await fx.createPlaylist(me, { title: 'zèbre' });
    const alpha = await fx.createPlaylist(other, { title: 'alpha' });
    const beta = await fx.createPlaylist(other, { title: 'Beta' });
    await fx.createPlaylist(other, { title: 'Absente' });

    const add = await put(me, `/api/library/${beta.code}`);
    expect(add.json()).toEqual({ ok: true, inLibrary: true });
    expect((await put(me, `/api/library/${beta.code}`)).json()).toEqual({
      ok: true,
      inLibrary: true,
    });
    await put(me, `/api/library/${alpha.code}`);
    expect((await fx.getPlaylist(me, beta.code)).json().playlists[0].inLibrary).toBe(true);
    expect((await fx.getPlaylist(other, beta.code)).json().playlists[0].inLibrary).toBe(false);

    const mine = await get(me, '/api/playlists/me');
    expect(codes(mine)).toEqual([alpha.code, beta.code, zebra.code]);
    expect(mine.json().nResults).toBe(3);
    const page = await get(me, '/api/playlists/me?page=2&page_size=2');
    expect(codes(page)).toEqual([zebra.code]);
    expect(page.json().nResults).toBe(3);

    expect((await del(me, `/api/library/${beta.code}`)).json()).toEqual({
      ok: true,
      inLibrary: false,
    });
    expect((await del(me, `/api/library/${beta.code}`)).statusCode).toBe(200);
    expect(codes(await get(me, '/api/playlists/me'))).toEqual([alpha.code, zebra.code]);

    // Deleting a playlist takes it out of every library.
    expect((await del(other, `/api/playlists/${alpha.code}`)).statusCode).toBe(200);
    expect(codes(await get(me, '/api/playlists/me'))).toEqual([zebra.code]);
    expect(await ctx.database.db.select().from(library).where(eq(library.userId, me.id))).toEqual(
      [],
    );
  });

  it('lists and counts only the entries the viewer may see', async () => {
    const geek = await ctx.createUser('geek');
    const member = await ctx.createUser('plateau');
    const gdaMember = await ctx.createUser('plateau', { gdaAccess: true });
    const user = await ctx.createUser('user');
    const { code } = await fx.createPlaylist(geek, { isPublic: true });
    const open = await fx.insertVideo({ privacy: 0 });
    const school = await fx.insertVideo({ privacy: 1 });
    const restricted = await fx.insertVideo({ privacy: 2, gpaRestricted: true });
    const reencoding = await fx.insertVideo({ privacy: 1 });
    for (const id of [open, restricted, school, reencoding]) {
      expect((await fx.addVideo(geek, code, id)).statusCode).toBe(200);
    }
    // A published video sent back to processing (a new upload) leaves the users' lists.
    await ctx.database.db.update(videos).set({ processing: 1 }).where(eq(videos.id, reencoding));

    const expected: [TestUser, number[]][] = [
      [geek, [open, restricted, school, reencoding]],
      [gdaMember, [open, restricted, school, reencoding]],
      [member, [open, school, reencoding]],
      [user, [open, school]],
    ];
    for (const [viewer, visible] of expected) {
      const listed = await fx.listVideos(viewer, code);
      expect(ids(listed)).toEqual(visible);
      expect(listed.json().nResults).toBe(visible.length);
      expect((await fx.getPlaylist(viewer, code)).json().playlists[0].videoCount).toBe(
        visible.length,
      );
      const featured = (await get(viewer, '/api/playlists/public')).json().playlists;
      expect(featured.find((p: { code: string }) => p.code === code).videoCount).toBe(
        visible.length,
      );
    }
  });

  it('reorders what the author sees and leaves hidden entries in place', async () => {
    const author = await ctx.createUser('plateau');
    const geek = await ctx.createUser('geek');
    const { code } = await fx.createPlaylist(author);
    const [a, b] = [await fx.insertVideo(), await fx.insertVideo()];
    const hidden = await fx.insertVideo({ privacy: 2, gpaRestricted: true });
    await fx.addVideo(author, code, a);
    await fx.addVideo(geek, code, hidden);
    await fx.addVideo(author, code, b);

    const url = `/api/playlists/${code}/reorderVideos`;
    expect((await put(author, url, [b, hidden, a])).statusCode).toBe(400);
    expect((await put(author, url, [b, a])).statusCode).toBe(200);
    expect(await fx.storedOrder(code)).toEqual([b, hidden, a]);
    expect((await put(geek, url, [hidden, a, b])).statusCode).toBe(200);
    expect(await fx.storedOrder(code)).toEqual([hidden, a, b]);
  });

  it('filters the videos of a playlist by tag', async () => {
    const geek = await ctx.createUser('geek');
    const [tag] = await ctx.database.db
      .insert(tags)
      .values({ name: 'Playlist-tag' })
      .returning({ id: tags.id });
    const tagged = await fx.insertVideo({}, [tag!.id]);
    const plain = await fx.insertVideo();
    const { code } = await fx.createPlaylist(geek);
    await fx.addVideo(geek, code, plain);
    await fx.addVideo(geek, code, tagged);
    const listed = await fx.listVideos(geek, code, `?tag_filter=${tag!.id}`);
    expect(ids(listed)).toEqual([tagged]);
    expect(listed.json().nResults).toBe(1);
  });

  it('drops a deleted video from every playlist', async () => {
    const author = await ctx.createUser('plateau');
    const { code } = await fx.createPlaylist(author);
    const second = await fx.createPlaylist(author, { title: 'Autre' });
    const [kept, gone] = [await fx.insertVideo(), await fx.insertVideo()];
    for (const c of [code, second.code]) {
      await fx.addVideo(author, c, gone);
      await fx.addVideo(author, c, kept);
    }
    await ctx.database.db.delete(videos).where(eq(videos.id, gone));
    expect(ids(await fx.listVideos(author, code))).toEqual([kept]);
    expect(await fx.storedOrder(second.code)).toEqual([kept]);
    expect((await fx.getPlaylist(author, code)).json().playlists[0].videoCount).toBe(1);
    const reorder = await put(author, `/api/playlists/${code}/reorderVideos`, [kept]);
    expect(reorder.statusCode).toBe(200);
  });
});
