import { randomBytes, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaKeys } from '../../storage/media-storage.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { expectBytes, insertVideo, setVideo } from './media.test-helpers.ts';

/**
 * Video streams keep the viewer of a token and the access decision for MEDIA_ACCESS_TTL
 * seconds (5 here). The clock is moved by hand: within the TTL a change may not be seen yet,
 * and once the TTL has passed it always is.
 */
let now = 0;
const TTL_MS = 5000;
const ctx = useTestApp({
  env: { MEDIA_ACCESS_TTL: '5', LOGIN_RATE_LIMIT: '1000' },
  extra: { extraDeps: { clock: () => now } },
});

/** Larger than one 1 MiB read, so a range can span two. */
const content = randomBytes(3 * 1024 * 1024 + 123);
let geek: TestUser;

const streamOf = async (privacy: number) => {
  const id = await insertVideo(ctx, { privacy, processing: 3, rungs: [720] });
  const temp = await ctx.storage.tempPath();
  await writeFile(temp, content);
  await ctx.storage.commit(temp, mediaKeys.rung(id, 720, 0));
  return { id, url: `/api/media/video/${id}/720` };
};

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });

/** An account a geek made through the API, signed in with its password like a person. */
const signUp = async (role: 'user' | 'plateau') => {
  const username = `${role}-${randomUUID().slice(0, 8)}`;
  const password = `mot-de-passe-${randomUUID()}`;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: geek.auth,
    payload: { username, password, role },
  });
  expect(created.statusCode).toBe(201);
  const signedIn = await ctx.app.inject({
    method: 'POST',
    url: '/api/token',
    payload: { username, password },
  });
  return { id: created.json().id as number, token: signedIn.json().accessToken as string };
};

const putUser = (id: number, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: geek.auth, payload });

beforeAll(async () => {
  geek = await ctx.createUser('geek');
});

describe('range answers with the cache', () => {
  it('answers every range of repeated requests with the bytes of the file', async () => {
    const { url } = await streamOf(1);
    const user = await ctx.createUser('user');
    const mib = 1024 * 1024;
    const ranges: [string, number, number][] = [
      ['bytes=0-99', 0, 100],
      [`bytes=${mib - 10}-${2 * mib + 9}`, mib - 10, 2 * mib + 10],
      [`bytes=${3 * mib}-`, 3 * mib, content.length],
      ['bytes=-500', content.length - 500, content.length],
      ['bytes=0-99', 0, 100],
    ];
    for (const [range, start, end] of ranges) {
      const part = await get(`${url}?token=${user.token}`, { range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range'], range).toBe(
        `bytes ${start}-${end - 1}/${content.length}`,
      );
      expectBytes(part.rawPayload, content.subarray(start, end));
    }
    const whole = await get(url, user.auth);
    expect(whole.statusCode).toBe(200);
    expectBytes(whole.rawPayload, content);
    const beyond = await get(url, { ...user.auth, range: `bytes=${content.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.json().message).toBe('Plage demandée hors du fichier');
    // If-Range with the current ETag keeps the range; a stale one gets the whole file.
    const etag = whole.headers.etag as string;
    const kept = await get(url, { ...user.auth, range: 'bytes=5-9', 'if-range': etag });
    expect(kept.statusCode).toBe(206);
    expectBytes(kept.rawPayload, content.subarray(5, 10));
    const stale = await get(url, { ...user.auth, range: 'bytes=5-9', 'if-range': '"ancien"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(content.length);
  });

  it('keeps no refusal: a viewer let in sees the video at once', async () => {
    const { id, url } = await streamOf(2);
    const user = await ctx.createUser('user');
    expect((await get(url, user.auth)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    await setVideo(ctx, id, { privacy: 1 });
    expect((await get(url, user.auth)).statusCode).toBe(200);
  });
});

describe('changes reach a stream within MEDIA_ACCESS_TTL', () => {
  it('a privacy change', async () => {
    const { id, url } = await streamOf(1);
    const user = await ctx.createUser('user');
    const range = { ...user.auth, range: 'bytes=0-9' };
    expect((await get(url, range)).statusCode).toBe(206);

    await setVideo(ctx, id, { privacy: 2 });
    now += TTL_MS - 1;
    // Still the decision of a moment ago: the documented delay.
    expect((await get(url, range)).statusCode).toBe(206);
    now += 1;
    const after = await get(url, range);
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe("Vous n'avez pas accès à ce contenu");
    // Other routes read the video as it is now.
    expect((await get(`/api/videos/${id}`, user.auth)).statusCode).toBe(403);
  });

  it('a password change, a demotion and a deletion', async () => {
    const { url } = await streamOf(3);
    const changed = await signUp('plateau');
    const demoted = await signUp('plateau');
    const deleted = await signUp('plateau');
    const stream = (token: string) => get(`${url}?token=${token}`, { range: 'bytes=0-9' });
    for (const account of [changed, demoted, deleted]) {
      expect((await stream(account.token)).statusCode).toBe(206);
    }

    expect((await putUser(changed.id, { password: 'un-nouveau-mot-de-passe' })).statusCode).toBe(
      200,
    );
    expect((await putUser(demoted.id, { role: 'user' })).statusCode).toBe(200);
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${deleted.id}`,
      headers: geek.auth,
    });
    expect(removal.statusCode).toBe(200);

    for (const account of [changed, demoted, deleted]) {
      // Any other route refuses the token on its next request...
      const tags = await get('/api/tags', { authorization: `Bearer ${account.token}` });
      expect(tags.statusCode).toBe(401);
      // ...the stream within the TTL.
      expect((await stream(account.token)).statusCode).toBe(206);
    }
    now += TTL_MS;
    for (const account of [changed, demoted, deleted]) {
      const after = await stream(account.token);
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe('Jeton invalide ou expiré : veuillez vous reconnecter');
    }
  });

  it('a GDA access withdrawn', async () => {
    const { id, url } = await streamOf(2);
    await setVideo(ctx, id, { gpaRestricted: true });
    const member = await signUp('plateau');
    expect((await putUser(member.id, { gda_access: true })).statusCode).toBe(200);
    const stream = () => get(`${url}?token=${member.token}`, { range: 'bytes=0-9' });
    expect((await stream()).statusCode).toBe(206);

    expect((await putUser(member.id, { gda_access: false })).statusCode).toBe(200);
    now += TTL_MS;
    expect((await stream()).statusCode).toBe(403);
  });
});
