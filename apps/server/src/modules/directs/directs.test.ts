import { beforeAll, describe, expect, it } from 'vitest';
import type { Direct } from '@plateau/contract';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { getJson, ids, postDirect } from './directs.test-support.ts';

const ctx = useTestApp();

let geek: TestUser;
let user: TestUser;
let plateau: TestUser;
let plateauGda: TestUser;

beforeAll(async () => {
  geek = await ctx.createUser('geek');
  user = await ctx.createUser('user');
  plateau = await ctx.createUser('plateau');
  plateauGda = await ctx.createUser('plateau', { gdaAccess: true });
});

describe('directs: create, read, update', () => {
  it('creates a direct with its fields normalised and reads it back in the list shape', async () => {
    const created = await postDirect(ctx, geek, {
      title: '  Gala 2026  ',
      description: 'La soirée de gala',
      privacy: 2,
      gpa_restricted: true,
      date: '2026-11-21',
      promotion: '24',
      liveUrl: ' https://live.example.org/gala ',
    });
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Gala 2026',
      description: 'La soirée de gala',
      date: '2026-11-21T00:00:00.000Z',
      privacy: 2,
      promotion: 24,
      gpaRestricted: true,
      liveUrl: 'https://live.example.org/gala',
      hasPoster: false,
      chat: false,
    });
    const fetched = await getJson(ctx, `/api/directs/${created.id}`, geek);
    expect(fetched).toEqual({ status: 200, body: { directs: [created], nResults: 1 } });
  });

  it('applies defaults and keeps GDA-only only on privacy 2', async () => {
    const before = Date.now();
    const created = await postDirect(ctx, geek, { title: 'Sans rien', gpa_restricted: true });
    expect(created).toMatchObject({
      description: '',
      privacy: 1,
      promotion: -1,
      gpaRestricted: false,
      liveUrl: '',
    });
    expect(Date.parse(created.date)).toBeGreaterThanOrEqual(before - 1000);
    const offset = await postDirect(ctx, geek, {
      title: 'Heure locale',
      date: '2026-06-01T20:30:00+02:00',
      promotion: 2025,
    });
    expect(offset.date).toBe('2026-06-01T18:30:00.000Z');
    expect(offset.promotion).toBe(2025);
  });

  it('updates a direct, keeping the fields the body leaves out', async () => {
    const created = await postDirect(ctx, geek, {
      title: 'Avant',
      description: 'desc',
      privacy: 2,
      gpa_restricted: true,
      date: '2025-01-02T10:00:00Z',
      promotion: 23,
      liveUrl: 'http://live.example.org',
    });
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/directs/${created.id}`,
        headers: geek.auth,
        payload,
      });
    const renamed = await put({ title: 'Après' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...created, title: 'Après' });

    // Leaving privacy 2 drops GDA-only; an empty live link clears it.
    const moved = (await put({ title: 'Après', privacy: 1, liveUrl: '' })).json();
    expect(moved).toMatchObject({ privacy: 1, gpaRestricted: false, liveUrl: '' });
    const back = (await put({ title: 'Après', privacy: 2, gpa_restricted: true })).json();
    expect(back).toMatchObject({ privacy: 2, gpaRestricted: true, promotion: 23 });
    expect((await getJson(ctx, `/api/directs/${created.id}`, geek)).body.directs[0]).toEqual(back);
  });
});

describe('directs: visibility per role', () => {
  const cases: { name: string; privacy: number; gpa?: boolean }[] = [
    { name: 'public', privacy: 0 },
    { name: 'cs', privacy: 1 },
    { name: 'plateau', privacy: 2 },
    { name: 'gda', privacy: 2, gpa: true },
    { name: 'archived', privacy: 3 },
  ];
  const created: Record<string, Direct> = {};

  beforeAll(async () => {
    for (const c of cases) {
      created[c.name] = await postDirect(ctx, geek, {
        title: `Visibilité ${c.name}`,
        privacy: c.privacy,
        gpa_restricted: c.gpa ?? false,
        date: '1990-01-01',
      });
    }
  });

  const expectations: [string, () => TestUser | undefined, string[]][] = [
    ['visitor', () => undefined, ['public']],
    ['user', () => user, ['public', 'cs']],
    ['plateau without GDA', () => plateau, ['public', 'cs', 'plateau', 'archived']],
    ['plateau with GDA', () => plateauGda, ['public', 'cs', 'plateau', 'gda', 'archived']],
    ['geek', () => geek, ['public', 'cs', 'plateau', 'gda', 'archived']],
  ];

  it.each(expectations)('%s sees exactly the allowed directs', async (_, viewer, allowed) => {
    const who = viewer();
    const latest = await getJson(ctx, '/api/directs?page_size=100', who);
    const mine = Object.values(created).map((d) => d.id);
    const listed = ids(latest.body).filter((id) => mine.includes(id));
    expect(listed.sort()).toEqual(allowed.map((name) => created[name]!.id).sort());

    const search = await getJson(ctx, '/api/directs/search/visibilite?page_size=100', who);
    expect(ids(search.body).sort()).toEqual(allowed.map((name) => created[name]!.id).sort());

    for (const c of cases) {
      const single = await getJson(ctx, `/api/directs/${created[c.name]!.id}`, who);
      const expected = allowed.includes(c.name) ? 200 : who ? 403 : 401;
      expect(single.status, `${c.name}`).toBe(expected);
    }
  });
});

describe('directs: ordering, neighbours, upcoming', () => {
  it('lists newest first, ties by highest id, with paging and a total count', async () => {
    const a = await postDirect(ctx, geek, { title: 'A', privacy: 0, date: '2990-01-01' });
    const b = await postDirect(ctx, geek, { title: 'B', privacy: 0, date: '2990-03-01' });
    const c = await postDirect(ctx, geek, { title: 'C', privacy: 0, date: '2990-03-01' });
    const d = await postDirect(ctx, geek, { title: 'D', privacy: 0, date: '2990-02-01' });
    const first = await getJson(ctx, '/api/directs?page_size=2', geek);
    const second = await getJson(ctx, '/api/directs?page=2&page_size=2&tag_filter=3', geek);
    expect(ids(first.body)).toEqual([c.id, b.id]);
    expect(ids(second.body)).toEqual([d.id, a.id]);
    const all = await getJson(ctx, '/api/directs?page_size=100', geek);
    expect(first.body.nResults).toBe(all.body.directs.length);
    expect(second.body.nResults).toBe(first.body.nResults);
    const visitor = await getJson(ctx, '/api/directs?page_size=100');
    expect(visitor.body.nResults).toBe(visitor.body.directs.length);
    expect(visitor.body.nResults).toBeLessThan(first.body.nResults);
    const defaults = await getJson(ctx, '/api/directs', geek);
    expect(defaults.body.directs.length).toBe(Math.min(32, all.body.directs.length));
  });

  it('finds next and previous among visible directs only', async () => {
    const make = (title: string, date: string, privacy: number) =>
      postDirect(ctx, geek, { title, date, privacy });
    const d1 = await make('N1', '1980-01-01T10:00:00Z', 1);
    const d2 = await make('N2', '1980-01-02T10:00:00Z', 2);
    const d3 = await make('N3', '1980-01-02T10:00:00Z', 1);
    const d4 = await make('N4', '1980-01-03T10:00:00Z', 3);
    const next = async (id: number, who?: TestUser) =>
      ids((await getJson(ctx, `/api/directs/next/${id}`, who)).body);
    const previous = async (id: number, who?: TestUser) =>
      ids((await getJson(ctx, `/api/directs/previous/${id}`, who)).body);

    // Same date: the lower id comes first.
    expect(await next(d1.id, geek)).toEqual([d2.id]);
    expect(await next(d2.id, geek)).toEqual([d3.id]);
    expect(await next(d3.id, geek)).toEqual([d4.id]);
    expect(await previous(d4.id, geek)).toEqual([d3.id]);
    expect(await previous(d3.id, geek)).toEqual([d2.id]);
    // A user does not see d2 (privacy 2) or d4 (archived): they are skipped.
    expect(await next(d1.id, user)).toEqual([d3.id]);
    expect(await previous(d3.id, user)).toEqual([d1.id]);
    const after = await getJson(ctx, `/api/directs/next/${d3.id}`, user);
    expect(after.body.directs.every((d) => d.privacy <= 1)).toBe(true);
    expect(after.body.nResults).toBe(after.body.directs.length);
    // Nothing older than the oldest direct of the whole file.
    const oldest = await make('N0', '1900-01-01', 0);
    expect((await getJson(ctx, `/api/directs/previous/${oldest.id}`)).body).toEqual({
      directs: [],
      nResults: 0,
    });
    expect((await getJson(ctx, `/api/directs/next/${d2.id}`, user)).status).toBe(403);
    expect((await getJson(ctx, `/api/directs/previous/${d1.id}`)).status).toBe(401);
    expect((await getJson(ctx, '/api/directs/next/999999', geek)).status).toBe(404);
    expect((await getJson(ctx, '/api/directs/previous/999999', geek)).status).toBe(404);
  });

  it('lists upcoming directs, soonest first, visible only', async () => {
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const past = await postDirect(ctx, geek, { title: 'Passé', privacy: 0, date: '2001-01-01' });
    const second = await postDirect(ctx, geek, { title: 'Demain', privacy: 0, date: later });
    const first = await postDirect(ctx, geek, { title: 'Bientôt', privacy: 0, date: soon });
    const hidden = await postDirect(ctx, geek, { title: 'Caché', privacy: 3, date: soon });
    const mine = [past.id, second.id, first.id, hidden.id];
    const visitor = await getJson(ctx, '/api/directs/upcoming?page_size=100');
    expect(ids(visitor.body).filter((id) => mine.includes(id))).toEqual([first.id, second.id]);
    expect(visitor.body.directs.every((d) => Date.parse(d.date) >= Date.now() - 60_000)).toBe(true);
    const member = await getJson(ctx, '/api/directs/upcoming?page_size=100', plateau);
    expect(ids(member.body).filter((id) => mine.includes(id))).toEqual([
      first.id,
      hidden.id,
      second.id,
    ]);
    const dates = member.body.directs.map((d) => Date.parse(d.date));
    expect(dates).toEqual([...dates].sort((x, y) => x - y));
  });
});
