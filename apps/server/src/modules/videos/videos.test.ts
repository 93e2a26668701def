import { mkdir, writeFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  history,
  likes,
  playlists,
  playlistVideos,
  trendingSlots,
  videoTags,
} from '../../db/schema.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { useTestApp } from '../../test/harness.ts';
import { seedDirect, seedTag, seedVideo, videoRow } from './video-fixtures.test-helpers.ts';

const ctx = useTestApp();

const send = (method: 'POST' | 'PUT', url: string, auth: object, payload: object) =>
  ctx.app.inject({ method, url, headers: auth as Record<string, string>, payload });

describe('single videos', () => {
  it('creates a video with tags and a direct, answering 201 with the Video', async () => {
    const member = await ctx.createUser('plateau');
    const tagA = await seedTag(ctx.database.db);
    const tagB = await seedTag(ctx.database.db);
    const directId = await seedDirect(ctx.database.db);
    const created = await send('POST', '/api/videos', member.auth, {
      title: '  Gala 2024 ',
      description: 'La soirée',
      date: '2024-03-02',
      promotion: '2024',
      directId: String(directId),
      tagIds: [tagB, tagA, tagA],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      id: expect.any(Number),
      title: 'Gala 2024',
      description: 'La soirée',
      date: '2024-03-02T00:00:00.000Z',
      promotion: 2024,
      views: 0,
      likeCount: 0,
      privacy: 1,
      gpaRestricted: false,
      processing: 0,
      directId,
      tagIds: [tagA, tagB].sort((a, b) => a - b),
      authorId: member.id,
    });
    // Unpublished: the member sees it (preview), a user does not.
    const id = created.json().id;
    const asMember = await ctx.app.inject({ url: `/api/videos/${id}`, headers: member.auth });
    expect(asMember.json()).toEqual({ videos: [expect.objectContaining({ id })], nResults: 1 });
    const user = await ctx.createUser('user');
    expect(
      (await ctx.app.inject({ url: `/api/videos/${id}`, headers: user.auth })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ url: `/api/videos/${id}` })).statusCode).toBe(401);
  });

  it('applies defaults: privacy 1, no promotion, no direct, now', async () => {
    const geek = await ctx.createUser('geek');
    const before = Date.now();
    const created = await send('POST', '/api/videos', geek.auth, { title: 'Nue' });
    expect(created.statusCode).toBe(201);
    const video = created.json();
    expect(video).toMatchObject({
      privacy: 1,
      promotion: -1,
      directId: -1,
      tagIds: [],
      description: '',
    });
    expect(Date.parse(video.date)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('gets a published video for a visitor when public, hides others', async () => {
    const db = ctx.database.db;
    const pub = await seedVideo(db, { privacy: 0 });
    const school = await seedVideo(db, { privacy: 1 });
    const gda = await seedVideo(db, { privacy: 2, gpaRestricted: true });
    const user = await ctx.createUser('user');
    const member = await ctx.createUser('plateau');
    const gdaMember = await ctx.createUser('plateau', { gdaAccess: true });
    const get = (id: number, auth = {}) =>
      ctx.app.inject({ url: `/api/videos/${id}`, headers: auth });

    expect((await get(pub)).json().videos[0].id).toBe(pub);
    expect((await get(school)).statusCode).toBe(401);
    expect((await get(school, user.auth)).statusCode).toBe(200);
    expect((await get(gda, user.auth)).statusCode).toBe(403);
    expect((await get(gda, member.auth)).statusCode).toBe(403);
    expect((await get(gda, gdaMember.auth)).statusCode).toBe(200);
    expect((await get(999999)).statusCode).toBe(404);
    // Every viewer learns which rungs exist; encoding details only for members.
    expect((await get(pub)).json().videos[0]).toMatchObject({ rungs: [] });
    expect((await get(pub)).json().videos[0]).not.toHaveProperty('encodingProgress');
    expect((await get(pub, member.auth)).json().videos[0]).toHaveProperty('encodingProgress');
  });

  it('updates fields, replaces tags and accepts direct_id', async () => {
    const db = ctx.database.db;
    const member = await ctx.createUser('plateau');
    const oldTag = await seedTag(db);
    const newTag = await seedTag(db);
    const directId = await seedDirect(db);
    const id = await seedVideo(db, { privacy: 1, tagIds: [oldTag], promotion: 2020 });
    const updated = await send('PUT', `/api/videos/${id}`, member.auth, {
      title: 'Nouveau titre',
      description: 'Nouvelle description',
      date: '2023-05-06T10:00:00Z',
      direct_id: directId,
      tagIds: [newTag],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id,
      title: 'Nouveau titre',
      description: 'Nouvelle description',
      date: '2023-05-06T10:00:00.000Z',
      promotion: 2020,
      privacy: 1,
      directId,
      tagIds: [newTag],
    });
    // -1 unlinks the direct; tags untouched when tagIds is left out.
    const unlinked = await send('PUT', `/api/videos/${id}`, member.auth, {
      title: 'Nouveau titre',
      directId: '-1',
    });
    expect(unlinked.json()).toMatchObject({ directId: -1, tagIds: [newTag] });
  });

  it('keeps privacy rules: only a geek picks 0 or 3 or changes a public video', async () => {
    const db = ctx.database.db;
    const member = await ctx.createUser('plateau');
    const geek = await ctx.createUser('geek');
    const pub = await seedVideo(db, { privacy: 0 });
    const school = await seedVideo(db, { privacy: 1 });
    const put = (auth: object, id: number, body: object) =>
      send('PUT', `/api/videos/${id}`, auth, { title: 'T', ...body });

    expect((await put(member.auth, school, { privacy: 0 })).statusCode).toBe(403);
    expect((await put(member.auth, school, { privacy: 3 })).statusCode).toBe(403);
    expect((await put(member.auth, pub, { privacy: 1 })).statusCode).toBe(403);
    expect((await videoRow(db, school))!.privacy).toBe(1);
    expect((await videoRow(db, pub))!.privacy).toBe(0);
    // Keeping the privacy of a public video is not a change.
    expect((await put(member.auth, pub, { privacy: 0, description: 'ok' })).statusCode).toBe(200);
    expect((await put(member.auth, school, { privacy: 2 })).json().privacy).toBe(2);
    expect((await put(geek.auth, school, { privacy: 3 })).json().privacy).toBe(3);
    expect((await put(geek.auth, pub, { privacy: 1 })).json().privacy).toBe(1);
    // Creating: same rule.
    expect(
      (await send('POST', '/api/videos', member.auth, { title: 'x', privacy: 0 })).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/api/videos', member.auth, { title: 'x', privacy: 3 })).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/api/videos', geek.auth, { title: 'x', privacy: 0 })).statusCode,
    ).toBe(201);
  });

  it('stores gpa_restricted only from someone with GDA access on privacy 2', async () => {
    const db = ctx.database.db;
    const member = await ctx.createUser('plateau');
    const gdaMember = await ctx.createUser('plateau', { gdaAccess: true });
    const geek = await ctx.createUser('geek');
    const post = async (auth: object, body: object) =>
      (await send('POST', '/api/videos', auth, { title: 'GDA', ...body })).json();

    expect((await post(member.auth, { privacy: 2, gpa_restricted: true })).gpaRestricted).toBe(
      false,
    );
    expect((await post(geek.auth, { privacy: 2, gpa_restricted: true })).gpaRestricted).toBe(false);
    expect((await post(gdaMember.auth, { privacy: 1, gpa_restricted: true })).gpaRestricted).toBe(
      false,
    );
    const kept = await post(gdaMember.auth, { privacy: 2, gpa_restricted: true });
    expect(kept.gpaRestricted).toBe(true);

    // Moving it off privacy 2 clears the flag.
    const moved = await send('PUT', `/api/videos/${kept.id}`, gdaMember.auth, {
      title: 'GDA',
      privacy: 1,
    });
    expect(moved.json()).toMatchObject({ privacy: 1, gpaRestricted: false });
    expect((await videoRow(db, kept.id))!.gpaRestricted).toBe(false);
  });

  it('deletes the video, its links and its media files', async () => {
    const db = ctx.database.db;
    const member = await ctx.createUser('plateau');
    const user = await ctx.createUser('user');
    const tag = await seedTag(db);
    const id = await seedVideo(db, { tagIds: [tag] });
    await db.insert(likes).values({ userId: user.id, videoId: id });
    await db.insert(history).values({ userId: user.id, videoId: id });
    await db.delete(trendingSlots).where(eq(trendingSlots.slot, 5));
    await db.insert(trendingSlots).values({ slot: 5, videoId: id });
    const [playlist] = await db
      .insert(playlists)
      .values({ code: `pl-${id}`, title: 'P', authorId: member.id })
      .returning({ id: playlists.id });
    await db.insert(playlistVideos).values({ playlistId: playlist!.id, videoId: id, position: 1 });
    const raw = ctx.storage.localFiles!.localPath(mediaKeys.raw(id));
    await mkdir(ctx.storage.localFiles!.localPath(mediaKeys.videoFolder(id)), { recursive: true });
    await writeFile(raw, 'bytes');

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/videos/${id}`,
      headers: member.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect(await videoRow(db, id)).toBeUndefined();
    expect(await ctx.storage.stat(mediaKeys.raw(id))).toBeNull();
    const left = await db.execute<{ n: number }>(sql`select
      (select count(*) from ${likes} where video_id = ${id})
      + (select count(*) from ${history} where video_id = ${id})
      + (select count(*) from ${videoTags} where video_id = ${id})
      + (select count(*) from ${trendingSlots} where video_id = ${id})
      + (select count(*) from ${playlistVideos} where video_id = ${id}) as n`);
    expect(Number((left as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
    expect((await ctx.app.inject({ url: `/api/videos/${id}` })).statusCode).toBe(404);
  });
});
