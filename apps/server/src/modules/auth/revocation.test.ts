import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Role } from '@plateau/contract';
import { describe, expect, it } from 'vitest';
import { users, videos } from '../../db/schema.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';

const ctx = useTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });

const refused = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Jeton invalide ou expiré : veuillez vous reconnecter',
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const login = async (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/token', payload: { username, password } });

/** An account made by a geek through the API, signed in with its password like a person. */
const signUp = async (geek: TestUser, role: Role, gdaAccess = false) => {
  const username = `${role}-${randomUUID().slice(0, 8)}`;
  const password = `mot-de-passe-${randomUUID()}`;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: geek.auth,
    payload: { username, password, role, gda_access: gdaAccess },
  });
  expect(created.statusCode).toBe(201);
  const signedIn = await login(username, password);
  expect(signedIn.statusCode).toBe(200);
  const token: string = signedIn.json().accessToken;
  return { id: created.json().id as number, username, password, token, auth: bearer(token) };
};

/** A token signed with the app's secret for the account's current token version. */
const signFor = async (
  account: TestUser,
  claims: { role: Role; gda_access: boolean },
  expiresAt: number,
) => {
  const [row] = await ctx.database.db
    .select({ tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, account.id));
  return new SignJWT({
    user: account.id,
    username: account.username,
    ...claims,
    ver: row!.tokenVersion,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(ctx.config.jwtSecret);
};

const put = (auth: Record<string, string>, id: number, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: auth, payload });

const remove = (auth: Record<string, string>, id: number) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: auth });

const roleInDatabase = async (id: number) =>
  (await ctx.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

describe('a token is only as good as its account', () => {
  it("a deleted account's token is refused on its next request", async () => {
    const geek = await ctx.createUser('geek');
    const member = await signUp(geek, 'plateau');
    expect((await ctx.app.inject({ url: '/api/tags', headers: member.auth })).statusCode).toBe(200);

    expect((await remove(geek.auth, member.id)).json()).toEqual({ ok: true });

    const after = await ctx.app.inject({ url: '/api/tags', headers: member.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(refused);
    // Even where a visitor is welcome: the token is no longer a way in.
    const list = await ctx.app.inject({ url: '/api/videos/latest', headers: member.auth });
    expect(list.statusCode).toBe(401);
  });

  it('a geek demoted to user loses its token and cannot make itself geek again', async () => {
    const geek = await ctx.createUser('geek');
    const demoted = await signUp(geek, 'geek');
    expect((await ctx.app.inject({ url: '/api/users', headers: demoted.auth })).statusCode).toBe(
      200,
    );

    expect((await put(geek.auth, demoted.id, { role: 'user' })).json()).toMatchObject({
      role: 'user',
    });

    const list = await ctx.app.inject({ url: '/api/users', headers: demoted.auth });
    expect(list.json()).toEqual(refused);
    const promoteSelf = await put(demoted.auth, demoted.id, { role: 'geek' });
    expect(promoteSelf.json()).toEqual(refused);
    expect(await roleInDatabase(demoted.id)).toBe('user');

    // Signed in again, it is a user: the door stays shut.
    const fresh = await login(demoted.username, demoted.password);
    const again = await put(bearer(fresh.json().accessToken), demoted.id, { role: 'geek' });
    expect(again.statusCode).toBe(403);
    expect(await roleInDatabase(demoted.id)).toBe('user');
  });

  it('a plateau member demoted to user loses its token too', async () => {
    const geek = await ctx.createUser('geek');
    const member = await signUp(geek, 'plateau');
    await put(geek.auth, member.id, { role: 'user' });
    const after = await ctx.app.inject({ url: '/api/tags', headers: member.auth });
    expect(after.json()).toEqual(refused);
  });

  it('a deleted geek cannot create accounts', async () => {
    const geek = await ctx.createUser('geek');
    const doomed = await signUp(geek, 'geek');
    expect((await remove(geek.auth, doomed.id)).json()).toEqual({ ok: true });

    const username = `revenant-${randomUUID().slice(0, 8)}`;
    const attempt = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: doomed.auth,
      payload: { username, password: 'un-mot-de-passe-long', role: 'geek' },
    });
    expect(attempt.json()).toEqual(refused);
    const rows = await ctx.database.db.select().from(users).where(eq(users.username, username));
    expect(rows).toEqual([]);
  });

  it('a password reset invalidates every earlier token; signing in again works', async () => {
    const geek = await ctx.createUser('geek');
    const member = await signUp(geek, 'plateau');
    const second = (await login(member.username, member.password)).json().accessToken as string;

    const reset = await put(geek.auth, member.id, { password: 'nouveau-mot-de-passe' });
    expect(reset.statusCode).toBe(200);

    for (const token of [member.token, second]) {
      const after = await ctx.app.inject({ url: '/api/tags', headers: bearer(token) });
      expect(after.json()).toEqual(refused);
    }
    expect((await login(member.username, member.password)).statusCode).toBe(401);
    const fresh = await login(member.username, 'nouveau-mot-de-passe');
    expect(fresh.statusCode).toBe(200);
    const tags = await ctx.app.inject({
      url: '/api/tags',
      headers: bearer(fresh.json().accessToken),
    });
    expect(tags.statusCode).toBe(200);
  });

  it('a GDA change reaches a token already issued, without signing in again', async () => {
    const geek = await ctx.createUser('geek');
    const member = await signUp(geek, 'plateau', false);
    const [video] = await ctx.database.db
      .insert(videos)
      .values({ title: 'Réservée GDA', privacy: 2, gpaRestricted: true, processing: 3 })
      .returning({ id: videos.id });
    const watch = () => ctx.app.inject({ url: `/api/videos/${video!.id}`, headers: member.auth });

    expect((await watch()).statusCode).toBe(403);
    await put(geek.auth, member.id, { gda_access: true });
    const granted = await watch();
    expect(granted.statusCode).toBe(200);
    expect(JSON.stringify(granted.json())).toContain('Réservée GDA');
    await put(geek.auth, member.id, { gda_access: false });
    expect((await watch()).statusCode).toBe(403);
  });

  it('a promotion reaches a token already issued, without signing in again', async () => {
    const geek = await ctx.createUser('geek');
    const account = await signUp(geek, 'user');
    expect((await ctx.app.inject({ url: '/api/users', headers: account.auth })).statusCode).toBe(
      403,
    );
    await put(geek.auth, account.id, { role: 'geek' });
    expect((await ctx.app.inject({ url: '/api/users', headers: account.auth })).statusCode).toBe(
      200,
    );
  });

  it("trusts the account's role in the database over the token's role claim", async () => {
    const account = await ctx.createUser('user');
    const claimsGeek = await signFor(
      account,
      { role: 'geek', gda_access: true },
      Math.floor(Date.now() / 1000) + 3600,
    );

    // A valid token: accepted where any signed-in user may go...
    const tags = await ctx.app.inject({ url: '/api/tags', headers: bearer(claimsGeek) });
    expect(tags.statusCode).toBe(200);
    // ...but with user powers only.
    const list = await ctx.app.inject({ url: '/api/users', headers: bearer(claimsGeek) });
    expect(list.statusCode).toBe(403);
    const promoteSelf = await put(bearer(claimsGeek), account.id, { role: 'geek' });
    expect(promoteSelf.statusCode).toBe(403);
    expect(await roleInDatabase(account.id)).toBe('user');
  });

  it('the last geek can neither demote nor delete itself, and keeps its token', async () => {
    await ctx.database.db.delete(users).where(eq(users.role, 'geek'));
    const only = await ctx.createUser('geek');

    const demote = await put(only.auth, only.id, { role: 'user' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('Impossible de retirer son rôle au dernier geek');
    const self = await remove(only.auth, only.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('Impossible de supprimer le dernier geek');

    expect(await roleInDatabase(only.id)).toBe('geek');
    expect((await ctx.app.inject({ url: '/api/users', headers: only.auth })).statusCode).toBe(200);
  });

  it('refuses a token once it expires, though it was accepted before', async () => {
    const account = await ctx.createUser('user');
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await signFor(account, { role: 'user', gda_access: false }, expiresAt);
    const tags = () => ctx.app.inject({ url: '/api/tags', headers: bearer(shortLived) });
    expect((await tags()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 50));
    const late = await tags();
    expect({ statusCode: late.statusCode, ...late.json() }).toEqual(refused);
  });
});
