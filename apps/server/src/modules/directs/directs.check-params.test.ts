import { beforeAll, describe, expect, it } from 'vitest';
import type { Direct } from '@plateau/contract';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { getJson, postDirect } from './directs.test-support.ts';

const ctx = useTestApp();

let geek: TestUser;
let user: TestUser;
let plateau: TestUser;
let plateauGda: TestUser;
let direct: Direct;

const validBody = {
  title: 'Valide',
  description: 'ok',
  privacy: 1,
  gpa_restricted: false,
  date: '2024-05-06',
  promotion: 24,
  liveUrl: 'https://live.example.org',
};

/** Everything a refused call could have touched. */
const snapshot = async () => (await getJson(ctx, '/api/directs?page_size=100', geek)).body;

beforeAll(async () => {
  geek = await ctx.createUser('geek');
  user = await ctx.createUser('user');
  plateau = await ctx.createUser('plateau');
  plateauGda = await ctx.createUser('plateau', { gdaAccess: true });
  direct = await postDirect(ctx, geek, { ...validBody, title: 'Existant' });
});

const status = async (url: string, headers: Record<string, string> = {}) =>
  (await ctx.app.inject({ url, headers })).statusCode;

const badIds = ['abc', '0', '-1', '99999999999', '1.5'];
const badPaging = [
  'page=0',
  'page=-1',
  'page=x',
  'page_size=0',
  'page_size=-1',
  'page_size=1000',
  'page_size=x',
  'tag_filter=abc',
];

describe('directs: check params of the reads', () => {
  it('refuses malformed ids and answers 404 for unknown ones', async () => {
    for (const prefix of ['/api/directs/', '/api/directs/next/', '/api/directs/previous/']) {
      for (const id of badIds) expect(await status(`${prefix}${id}`), prefix + id).toBe(400);
      expect(await status(`${prefix}999999`, geek.auth)).toBe(404);
      expect(await status(`${prefix}${direct.id}`, geek.auth)).toBe(200);
    }
  });

  it('refuses absurd paging on every list', async () => {
    for (const list of ['/api/directs', '/api/directs/upcoming', '/api/directs/search/gala']) {
      for (const query of badPaging) expect(await status(`${list}?${query}`), query).toBe(400);
      expect(await status(`${list}?page=1000&page_size=100&tag_filter=1`)).toBe(200);
      const far = await getJson(ctx, `${list}?page=1000`);
      expect(far.body.directs).toEqual([]);
    }
    expect(await status(`/api/directs/search/${'a'.repeat(201)}`)).toBe(400);
    expect(await status(`/api/directs/search/${'a'.repeat(200)}`)).toBe(200);
  });

  it('refuses an invalid token everywhere, even on public reads', async () => {
    const bad = { authorization: 'Bearer nope' };
    for (const url of [
      '/api/directs',
      `/api/directs/${direct.id}`,
      '/api/directs/upcoming',
      '/api/directs/search/x',
      '/api/currentDirect',
      '/api/directs/currentDirect',
      '/api/currentLive',
    ]) {
      expect(await status(url, bad), url).toBe(401);
    }
  });
});

describe('directs: check params of the writes', () => {
  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = geek.auth,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const badBodies: [string, unknown][] = [
    ['no title', { ...validBody, title: undefined }],
    ['empty title', { ...validBody, title: '' }],
    ['blank title', { ...validBody, title: '   ' }],
    ['numeric title', { ...validBody, title: 42 }],
    ['long title', { ...validBody, title: 'x'.repeat(201) }],
    ['numeric description', { ...validBody, description: 3 }],
    ['privacy 4', { ...validBody, privacy: 4 }],
    ['privacy -1', { ...validBody, privacy: -1 }],
    ['privacy as text', { ...validBody, privacy: '1' }],
    ['gpa as text', { ...validBody, gpa_restricted: 'yes' }],
    ['date as words', { ...validBody, date: 'demain' }],
    ['impossible day', { ...validBody, date: '2026-02-31' }],
    ['month 13', { ...validBody, date: '2026-13-01' }],
    ['year 0', { ...validBody, date: '0000-01-01' }],
    ['numeric date', { ...validBody, date: 20240506 }],
    ['promotion -2', { ...validBody, promotion: -2 }],
    ['promotion text -5', { ...validBody, promotion: '-5' }],
    ['promotion P24', { ...validBody, promotion: 'P24' }],
    ['promotion 1.5', { ...validBody, promotion: 1.5 }],
    ['javascript link', { ...validBody, liveUrl: 'javascript:alert(1)' }],
    ['ftp link', { ...validBody, liveUrl: 'ftp://live.example.org' }],
    ['not a link', { ...validBody, liveUrl: 'pas un lien' }],
    ['relative link', { ...validBody, liveUrl: '/live' }],
    ['numeric link', { ...validBody, liveUrl: 42 }],
    ['array body', [validBody]],
  ];

  it('refuses to create without a geek token or with a bad body, and writes nothing', async () => {
    const before = await snapshot();
    expect((await send('POST', '/api/directs', validBody, {})).statusCode).toBe(401);
    for (const who of [user, plateau, plateauGda]) {
      expect((await send('POST', '/api/directs', validBody, who.auth)).statusCode).toBe(403);
    }
    for (const [name, body] of badBodies) {
      expect((await send('POST', '/api/directs', body)).statusCode, name).toBe(400);
    }
    const malformed = await send('POST', '/api/directs', '{"title": ', {
      ...geek.auth,
      'content-type': 'application/json',
    });
    expect(malformed.statusCode).toBe(400);
    expect(
      (await send('POST', '/api/directs', { ...validBody, title: undefined })).json().message,
    ).toContain('title');
    expect(await snapshot()).toEqual(before);
    expect((await send('POST', '/api/directs', validBody)).statusCode).toBe(201);
  });

  it('refuses bad updates and leaves the direct as it was', async () => {
    const url = `/api/directs/${direct.id}`;
    const before = await snapshot();
    expect((await send('PUT', url, validBody, {})).statusCode).toBe(401);
    for (const who of [user, plateau, plateauGda]) {
      expect((await send('PUT', url, validBody, who.auth)).statusCode).toBe(403);
    }
    for (const id of badIds) {
      expect((await send('PUT', `/api/directs/${id}`, validBody)).statusCode, id).toBe(400);
    }
    expect((await send('PUT', '/api/directs/999999', validBody)).statusCode).toBe(404);
    for (const [name, body] of badBodies) {
      expect((await send('PUT', url, body)).statusCode, name).toBe(400);
    }
    const malformed = await send('PUT', url, '{', {
      ...geek.auth,
      'content-type': 'application/json',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    const ok = await send('PUT', url, { ...validBody, title: 'Modifié' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: direct.id, title: 'Modifié' });
  });

  it('refuses bad deletes and keeps the direct', async () => {
    const victim = await postDirect(ctx, geek, validBody);
    const url = `/api/directs/${victim.id}`;
    const before = await snapshot();
    expect((await send('DELETE', url, undefined, {})).statusCode).toBe(401);
    for (const who of [user, plateau, plateauGda]) {
      expect((await send('DELETE', url, undefined, who.auth)).statusCode).toBe(403);
    }
    for (const id of badIds) {
      expect((await send('DELETE', `/api/directs/${id}`)).statusCode, id).toBe(400);
    }
    expect((await send('DELETE', '/api/directs/999999')).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect((await send('DELETE', url)).json()).toEqual({ ok: true });
  });
});
