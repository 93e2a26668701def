import { beforeAll, describe, expect, it } from 'vitest';
import { directs } from '../../db/schema.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';

const ctx = useTestApp();

let geek: TestUser;
let user: TestUser;
let plateau: TestUser;
let directId: number;

beforeAll(async () => {
  geek = await ctx.createUser('geek');
  user = await ctx.createUser('user');
  plateau = await ctx.createUser('plateau', { gdaAccess: true });
  const [row] = await ctx.database.db
    .insert(directs)
    .values({ title: 'Réglages', privacy: 0 })
    .returning({ id: directs.id });
  directId = row!.id;
});

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await ctx.app.inject({ url, headers });
  return { status: response.statusCode, body: response.json() };
};
const put = async (url: string, headers: Record<string, string> = geek.auth) => {
  const response = await ctx.app.inject({ method: 'PUT', url, headers });
  return { status: response.statusCode, body: response.json() };
};

/** Everything the settings calls can change. */
const state = async () => ({
  homeDisplay: (await get('/api/homeDisplay')).body,
  gpaPromo: (await get('/api/gpaPromo')).body,
  current: (await get('/api/currentDirect')).body,
});

describe('settings', () => {
  it('starts on the defaults, readable by anyone', async () => {
    expect(await get('/api/homeDisplay')).toEqual({ status: 200, body: { homeDisplay: 0 } });
    expect(await get('/api/gpaPromo', user.auth)).toEqual({ status: 200, body: { gpaPromo: -1 } });
    expect(await get('/api/currentDirect')).toEqual({
      status: 200,
      body: { directs: [], nResults: 0 },
    });
  });

  it('sets the home display and the GPA promotion as a geek', async () => {
    for (const n of [3, 2, 1, 0]) {
      expect(await put(`/api/homeDisplay/${n}`)).toEqual({ status: 200, body: { homeDisplay: n } });
      expect((await get('/api/homeDisplay')).body).toEqual({ homeDisplay: n });
    }
    for (const n of [2024, 0, 9999, -1]) {
      expect(await put(`/api/gpaPromo/${n}`)).toEqual({ status: 200, body: { gpaPromo: n } });
      expect((await get('/api/gpaPromo')).body).toEqual({ gpaPromo: n });
    }
  });

  it('refuses bad settings calls and changes nothing', async () => {
    await put('/api/homeDisplay/2');
    await put('/api/gpaPromo/2023');
    await put(`/api/currentDirect/${directId}`);
    const before = await state();
    const writes = ['/api/homeDisplay/1', '/api/gpaPromo/2030', '/api/currentDirect/-1'];
    for (const url of writes) {
      expect((await put(url, {})).status, url).toBe(401);
      expect((await put(url, { authorization: 'Bearer nope' })).status, url).toBe(401);
      expect((await put(url, user.auth)).status, url).toBe(403);
      expect((await put(url, plateau.auth)).status, url).toBe(403);
    }
    for (const n of ['4', '-1', 'abc', '1.5', '99999999999']) {
      expect((await put(`/api/homeDisplay/${n}`)).status, n).toBe(400);
    }
    for (const n of ['-2', '10000', 'abc', '1.5', '99999999999']) {
      expect((await put(`/api/gpaPromo/${n}`)).status, n).toBe(400);
    }
    for (const id of ['abc', '0', '-2', '1.5', '99999999999']) {
      expect((await put(`/api/currentDirect/${id}`)).status, id).toBe(400);
    }
    const unknown = await put('/api/currentDirect/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBeTruthy();
    expect(await state()).toEqual(before);
    expect((await put('/api/currentDirect/-1')).body).toEqual({
      currentDirect: -1,
      homeDisplay: 2,
    });
  });

  it('switches home display 0 to 1 when a current direct is set, in the same call', async () => {
    await put('/api/homeDisplay/0');
    await put('/api/currentDirect/-1');
    expect((await put('/api/currentDirect/999999')).status).toBe(404);
    expect((await get('/api/homeDisplay')).body).toEqual({ homeDisplay: 0 });
    expect((await put(`/api/currentDirect/${directId}`)).body).toEqual({
      currentDirect: directId,
      homeDisplay: 1,
    });
    expect((await get('/api/homeDisplay')).body).toEqual({ homeDisplay: 1 });
    expect((await get('/api/currentDirect')).body.directs[0].id).toBe(directId);
    await put('/api/homeDisplay/0');
    expect((await put('/api/currentDirect/-1')).body).toEqual({
      currentDirect: -1,
      homeDisplay: 0,
    });
  });
});
