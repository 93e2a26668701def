import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { directs, playlists, tags, users, videos } from './db/schema.ts';
import { wrongCredentialsMessage } from './modules/auth/auth.service.ts';
import { seedDirect, seedTag, seedVideo } from './modules/videos/video-fixtures.test-helpers.ts';
import { useTestApp, type TestUser } from './test/harness.ts';

/**
 * Every text a client can send, given a NUL byte and a value one character too long: a 4xx
 * naming the field, never a 5xx, and nothing written. Search terms are the exception: their
 * control characters are dropped and the search runs.
 */

const ctx = useTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });

let geek: TestUser;
let ids: { video: number; direct: number; tag: number; user: number; playlist: string };

const NUL = 'a\u0000b';
const tooLong = (max: number) => 'x'.repeat(max + 1);

interface Write {
  call: string;
  method: 'POST' | 'PUT';
  url: () => string;
  /** A body the call accepts; each row changes one field of it. */
  valid: () => Record<string, unknown>;
  /** Text fields and their maximum length. */
  fields: Record<string, number>;
  /** The answer to a NUL in that field, when it is not a 400 naming the field. */
  nulAnswer?: Record<string, [number, string]>;
}

const writes: Write[] = [
  {
    call: 'POST /videos',
    method: 'POST',
    url: () => '/api/videos',
    valid: () => ({ title: 'Valide' }),
    fields: { title: 200, description: 10000 },
  },
  {
    call: 'PUT /videos/:video',
    method: 'PUT',
    url: () => `/api/videos/${ids.video}`,
    valid: () => ({ title: 'Valide' }),
    fields: { title: 200, description: 10000 },
  },
  {
    call: 'POST /directs',
    method: 'POST',
    url: () => '/api/directs',
    valid: () => ({ title: 'Valide' }),
    fields: { title: 200, description: 10000, liveUrl: 2000 },
  },
  {
    call: 'PUT /directs/:direct',
    method: 'PUT',
    url: () => `/api/directs/${ids.direct}`,
    valid: () => ({ title: 'Valide' }),
    fields: { title: 200, description: 10000, liveUrl: 2000 },
  },
  {
    call: 'POST /playlists',
    method: 'POST',
    url: () => '/api/playlists',
    valid: () => ({ title: 'Valide' }),
    fields: { title: 200, description: 10000 },
  },
  {
    call: 'PUT /playlists/:playlist',
    method: 'PUT',
    url: () => `/api/playlists/${ids.playlist}`,
    valid: () => ({ title: 'Valide' }),
    fields: { title: 200, description: 10000 },
  },
  {
    call: 'POST /tags',
    method: 'POST',
    url: () => '/api/tags',
    valid: () => ({ name: 'valide' }),
    fields: { name: 60 },
  },
  {
    call: 'PUT /tags/:tag',
    method: 'PUT',
    url: () => `/api/tags/${ids.tag}`,
    valid: () => ({ name: 'valide' }),
    fields: { name: 60 },
  },
  {
    call: 'POST /users',
    method: 'POST',
    url: () => '/api/users',
    valid: () => ({ username: 'valide', password: 'motdepasse', role: 'user' }),
    fields: { username: 64, password: 256 },
  },
  {
    call: 'PUT /users/:user',
    method: 'PUT',
    url: () => `/api/users/${ids.user}`,
    valid: () => ({ username: 'valide2' }),
    fields: { username: 64, password: 256 },
  },
  {
    call: 'POST /token',
    method: 'POST',
    url: () => '/api/token',
    valid: () => ({ username: 'personne', password: 'motdepasse' }),
    fields: { username: 256, password: 1024 },
    // Any password may be tried: a NUL in it is only a wrong password.
    nulAnswer: { password: [401, wrongCredentialsMessage] },
  },
];

/** Fields of videos and directs that are text on the wire but hold a date or a number. */
const datedFields = {
  date: ['9999-12-31T23:59:59-14:00', '1899-12-31', '2026-11-21\u0000'],
  promotion: ['2\u00000'],
};

const named = (field: string): [number, string] => [400, `« body.${field} »`];

const rows = writes.flatMap((write) => [
  ...Object.entries(write.fields).flatMap(([field, max]) => [
    { write, field, label: 'NUL', value: NUL, answer: write.nulAnswer?.[field] ?? named(field) },
    { write, field, label: `${max + 1} caractères`, value: tooLong(max), answer: named(field) },
  ]),
  ...Object.entries(/videos|directs/.test(write.call) ? datedFields : {}).flatMap(
    ([field, values]) =>
      values.map((value) => ({
        write,
        field,
        label: JSON.stringify(value),
        value,
        answer: named(field),
      })),
  ),
]);

/** What the calls above could have written. */
const snapshot = async () => {
  const { db } = ctx.database;
  return {
    videos: await db.select().from(videos).orderBy(asc(videos.id)),
    directs: await db.select().from(directs).orderBy(asc(directs.id)),
    playlists: await db.select().from(playlists).orderBy(asc(playlists.id)),
    tags: await db.select().from(tags).orderBy(asc(tags.id)),
    users: await db.select().from(users).orderBy(asc(users.id)),
  };
};

let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  geek = await ctx.createUser('geek');
  const playlist = await ctx.app.inject({
    method: 'POST',
    url: '/api/playlists',
    headers: geek.auth,
    payload: { title: 'Départ' },
  });
  ids = {
    video: await seedVideo(ctx.database.db, { title: 'Concert' }),
    direct: await seedDirect(ctx.database.db, { title: 'Gala de printemps' }),
    tag: await seedTag(ctx.database.db),
    user: (await ctx.createUser('user')).id,
    playlist: (playlist.json() as { code: string }).code,
  };
  before = await snapshot();
});

describe('text inputs', () => {
  it.each(rows)(
    '$write.call $field: $label -> $answer',
    async ({ write, field, value, answer: [status, message] }) => {
      const response = await ctx.app.inject({
        method: write.method,
        url: write.url(),
        headers: geek.auth,
        payload: { ...write.valid(), [field]: value },
      });
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toContain(message);
    },
  );

  it('wrote nothing', async () => {
    expect(await snapshot()).toEqual(before);
  });
});

describe('paths and query strings', () => {
  /** 200 accented letters: 1,200 characters once percent-encoded. */
  const accented = (n: number) => encodeURIComponent('é'.repeat(n));
  it.each([
    ['videos search, 200 accented letters', 200, `/api/videos/search/${accented(200)}`],
    ['directs search, 200 accented letters', 200, `/api/directs/search/${accented(200)}`],
    ['videos search, 201 letters', 400, `/api/videos/search/${accented(201)}`],
    ['directs search, 201 letters', 400, `/api/directs/search/${accented(201)}`],
    ['video id with NUL', 400, '/api/videos/1%00'],
    ['playlist code with NUL', 400, '/api/playlists/a%00b'],
    ['playlist code of 33 characters', 400, `/api/playlists/${'a'.repeat(33)}`],
    ['page with NUL', 400, '/api/videos?page=1%00'],
    ['tag_filter with NUL', 400, '/api/videos?tag_filter=1%00'],
    ['excluded_video with NUL', 400, '/api/videos/random?excluded_video=%00'],
    ['page_size of 400 digits', 400, `/api/directs?page_size=${'9'.repeat(400)}`],
  ])('GET %s as a visitor -> %i', async (_label, status, url) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(status);
  });

  it.each([
    ['/api/videos/search/Con%00cert', 'videos'],
    ['/api/directs/search/Ga%00la', 'directs'],
  ])('%s searches without the NUL byte', async (url, list) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.json()[list]).toHaveLength(1);
  });
});
