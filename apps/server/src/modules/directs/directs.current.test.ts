import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { settings, videos } from '../../db/schema.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { getJson, postDirect, putCurrentDirect, putHomeDisplay } from './directs.test-support.ts';

const ctx = useTestApp();

let geek: TestUser;
let user: TestUser;

beforeAll(async () => {
  geek = await ctx.createUser('geek');
  user = await ctx.createUser('user');
});

const currentLive = async (who?: TestUser) => {
  const response = await ctx.app.inject({ url: '/api/currentLive', headers: who?.auth ?? {} });
  return { status: response.statusCode, body: response.json() };
};

/** A new direct, named current by the geek. */
const makeCurrent = async (body: Record<string, unknown>) => {
  const direct = await postDirect(ctx, geek, body);
  await putCurrentDirect(ctx, geek, direct.id);
  return direct;
};

describe('directs: current direct and live link', () => {
  it('answers an empty list and no live when no direct is current', async () => {
    await putCurrentDirect(ctx, geek, -1);
    const empty = { status: 200, body: { directs: [], nResults: 0 } };
    expect(await getJson(ctx, '/api/currentDirect')).toEqual(empty);
    expect(await getJson(ctx, '/api/directs/currentDirect', user)).toEqual(empty);
    const live = await currentLive(user);
    expect(live.status).toBe(404);
    expect(live.body.message).toContain("Il n'y a pas de DT en cours");
  });

  it('answers the current direct and its live link on both paths', async () => {
    const direct = await makeCurrent({
      title: 'En direct',
      privacy: 0,
      liveUrl: 'https://live.example.org/now',
    });
    const expected = { status: 200, body: { directs: [direct], nResults: 1 } };
    expect(await getJson(ctx, '/api/currentDirect')).toEqual(expected);
    expect(await getJson(ctx, '/api/directs/currentDirect', user)).toEqual(expected);
    expect(await currentLive()).toEqual({
      status: 200,
      body: { url: 'https://live.example.org/now' },
    });

    const noLink = await makeCurrent({ title: 'Sans lien', privacy: 0 });
    expect((await getJson(ctx, '/api/currentDirect')).body.directs).toEqual([noLink]);
    expect((await currentLive(geek)).status).toBe(404);
  });

  it('hides a current direct the viewer may not see', async () => {
    await makeCurrent({
      title: 'Pour les membres',
      privacy: 2,
      liveUrl: 'https://live.example.org/membres',
    });
    expect((await getJson(ctx, '/api/currentDirect')).status).toBe(401);
    expect((await getJson(ctx, '/api/directs/currentDirect', user)).status).toBe(403);
    expect((await currentLive()).status).toBe(401);
    expect((await currentLive(user)).status).toBe(403);
    expect((await currentLive(geek)).body).toEqual({ url: 'https://live.example.org/membres' });
  });

  it('switches the classic home to the theme display, and leaves other modes alone', async () => {
    const direct = await postDirect(ctx, geek, { title: 'Affiche', privacy: 0 });
    const homeDisplay = async () =>
      (await ctx.app.inject({ url: '/api/homeDisplay' })).json().homeDisplay;

    await putHomeDisplay(ctx, geek, 0);
    expect(await putCurrentDirect(ctx, geek, -1)).toEqual({ currentDirect: -1, homeDisplay: 0 });
    expect(await homeDisplay()).toBe(0);
    expect(await putCurrentDirect(ctx, geek, direct.id)).toEqual({
      currentDirect: direct.id,
      homeDisplay: 1,
    });
    expect(await homeDisplay()).toBe(1);
    for (const mode of [2, 3]) {
      await putHomeDisplay(ctx, geek, mode);
      expect(await putCurrentDirect(ctx, geek, direct.id)).toEqual({
        currentDirect: direct.id,
        homeDisplay: mode,
      });
      expect(await putCurrentDirect(ctx, geek, -1)).toEqual({
        currentDirect: -1,
        homeDisplay: mode,
      });
    }
  });
});

describe('directs: delete', () => {
  it('unlinks videos, clears the current direct and removes the poster', async () => {
    const direct = await postDirect(ctx, geek, { title: 'À supprimer', privacy: 0 });
    const other = await postDirect(ctx, geek, { title: 'À garder', privacy: 0 });
    const [video] = await ctx.database.db
      .insert(videos)
      .values({ title: 'Captation', directId: direct.id, processing: 3, privacy: 0 })
      .returning({ id: videos.id });
    const [kept] = await ctx.database.db
      .insert(videos)
      .values({ title: 'Autre', directId: other.id, processing: 3, privacy: 0 })
      .returning({ id: videos.id });
    const poster = ctx.storage.localFiles!.localPath(mediaKeys.poster(direct.id));
    const otherPoster = ctx.storage.localFiles!.localPath(mediaKeys.poster(other.id));
    for (const file of [poster, otherPoster]) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'png');
    }
    await putCurrentDirect(ctx, geek, direct.id);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/directs/${direct.id}`,
      headers: geek.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });

    expect((await getJson(ctx, `/api/directs/${direct.id}`, geek)).status).toBe(404);
    const directOf = async (id: number) =>
      (
        await ctx.database.db
          .select({ directId: videos.directId })
          .from(videos)
          .where(eq(videos.id, id))
      )[0]?.directId;
    expect(await directOf(video!.id)).toBeNull();
    expect(await directOf(kept!.id)).toBe(other.id);
    const videoJson = await ctx.app.inject({ url: `/api/videos/${video!.id}`, headers: geek.auth });
    expect(videoJson.statusCode).toBe(200);
    expect(videoJson.json().videos[0].directId).toBe(-1);
    expect(existsSync(poster)).toBe(false);
    expect(existsSync(otherPoster)).toBe(true);
    const [row] = await ctx.database.db.select().from(settings);
    expect(row?.currentDirectId).toBeNull();
    expect(await getJson(ctx, '/api/currentDirect')).toEqual({
      status: 200,
      body: { directs: [], nResults: 0 },
    });
  });

  it('deletes a direct that never had a poster', async () => {
    const direct = await postDirect(ctx, geek, { title: 'Sans affiche' });
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/directs/${direct.id}`,
      headers: geek.auth,
    });
    expect(removed.json()).toEqual({ ok: true });
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/directs/${direct.id}`,
      headers: geek.auth,
    });
    expect(again.statusCode).toBe(404);
  });
});
