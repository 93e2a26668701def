import { beforeAll, describe, expect, it } from 'vitest';
import type { Direct } from '@plateau/contract';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { getJson, ids, postDirect } from './directs.test-support.ts';

const ctx = useTestApp();

let geek: TestUser;
let user: TestUser;
let gala: Direct;
let soiree: Direct;
let theatre: Direct;
let jazz: Direct;
let hidden: Direct;
let percent: Direct;

beforeAll(async () => {
  geek = await ctx.createUser('geek');
  user = await ctx.createUser('user');
  const make = (title: string, description: string, privacy = 0) =>
    postDirect(ctx, geek, { title, description, privacy, date: '2020-01-01' });
  gala = await make('Gala', 'Le gala annuel : gala, gala !');
  soiree = await make('Soirées étudiantes', 'Une soirée où l’on parle aussi du gala');
  theatre = await make('Théâtre', 'Les concerts et le THÉÂTRE du campus');
  jazz = await make('Concert de jazz', 'Big band');
  hidden = await make('Gala privé', 'réservé aux membres', 2);
  percent = await make('Remise 100%', 'sans tiret_bas');
});

/** `null` searches as a visitor. */
const search = async (term: string, who: TestUser | null = geek) => {
  const url = `/api/directs/search/${encodeURIComponent(term)}`;
  const answer = await getJson(ctx, url, who ?? undefined);
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('directs: search', () => {
  it('ignores case and accents', async () => {
    expect(ids(await search('theatre'))).toEqual([theatre.id]);
    expect(ids(await search('THÉÂTRE'))).toEqual([theatre.id]);
    expect(ids(await search('soirees etudiantes'))).toEqual([soiree.id]);
  });

  it('matches stems and word prefixes, every word required', async () => {
    // "concert" stems "concerts" too; "jaz" is a prefix of "jazz".
    expect(ids(await search('concert')).sort()).toEqual([theatre.id, jazz.id].sort());
    expect(ids(await search('concert jaz'))).toEqual([jazz.id]);
    expect(ids(await search('soir'))).toEqual([soiree.id]);
    expect(ids(await search('étudiant'))).toEqual([soiree.id]);
    expect(ids(await search('campu'))).toEqual([theatre.id]);
  });

  it('puts the best match first and shows only visible directs', async () => {
    const all = await search('gala');
    expect(ids(all)[0]).toBe(gala.id);
    expect(ids(all).sort()).toEqual([gala.id, soiree.id, hidden.id].sort());
    expect(all.nResults).toBe(3);
    const forUser = await search('gala', user);
    expect(ids(forUser).sort()).toEqual([gala.id, soiree.id].sort());
    expect(forUser.nResults).toBe(2);
    expect((await search('gala', null)).nResults).toBe(2);
    const paged = await getJson(ctx, '/api/directs/search/gala?page=2&page_size=1', user);
    expect(paged.body.nResults).toBe(2);
    expect(paged.body.directs).toHaveLength(1);
  });

  it('treats search syntax as plain text and answers nothing for whitespace', async () => {
    expect(ids(await search('100%'))).toEqual([percent.id]);
    expect(ids(await search('tiret_bas'))).toEqual([percent.id]);
    expect(ids(await search('%'))).toEqual([percent.id]);
    expect(ids(await search('_'))).toEqual([percent.id]);
    expect(await search("gala:* | !'")).toMatchObject({ nResults: expect.any(Number) });
    expect(await search('le')).toMatchObject({ nResults: expect.any(Number) });
    expect(await search('   ')).toEqual({ directs: [], nResults: 0 });
    expect(await search('introuvablexyz')).toEqual({ directs: [], nResults: 0 });
  });

  it('follows renames', async () => {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/directs/${jazz.id}`,
      headers: geek.auth,
      payload: { title: 'Récital de piano', description: 'Big band' },
    });
    expect(put.statusCode).toBe(200);
    expect(ids(await search('jazz'))).toEqual([]);
    expect(ids(await search('recital'))).toEqual([jazz.id]);
  });
});
