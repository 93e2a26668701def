import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { useTestApp } from '../../test/harness.ts';
import { ssoBrowser, useTestProvider } from '../../test/sso.ts';

const env: Record<string, string> = { LOGIN_RATE_LIMIT: '1000' };
useTestProvider(env);
const ctx = useTestApp({ env });
const browser = ssoBrowser(() => ctx.app);

const link = (auth: Record<string, string>, id: number, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/users/${id}/sso`, headers: auth, payload });
const unlink = (auth: Record<string, string>, id: number) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/users/${id}/sso`, headers: auth });

/** A member made by a geek through the API, with a password. */
const createMember = async (geek: { auth: Record<string, string> }, username: string) => {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: geek.auth,
    payload: { username, password: 'mot-de-passe-long', role: 'plateau', gda_access: true },
  });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: number; sso: boolean; hasPassword: boolean };
};

const passwordLogin = (username: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/token',
    payload: { username, password: 'mot-de-passe-long' },
  });

describe('PUT and DELETE /api/users/{id}/sso', () => {
  it('a member linked by a geek signs in either way, as the same account', async () => {
    const geek = await ctx.createUser('geek');
    const member = await createMember(geek, 'marion');
    expect(member).toMatchObject({ sso: false, ssoSubject: null, hasPassword: true });

    const linked = await link(geek.auth, member.id, { subject: ' marion.k ' });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ id: member.id, sso: true, ssoSubject: 'marion.k' });

    const { response } = await browser.signIn('marion.k');
    expect(decodeJwt(response.json().accessToken)).toMatchObject({
      user: member.id,
      username: 'marion',
      role: 'plateau',
      gda_access: true,
    });
    expect((await passwordLogin('marion')).statusCode).toBe(200);
    // Linking again to the same identity changes nothing.
    expect((await link(geek.auth, member.id, { subject: 'marion.k' })).statusCode).toBe(200);
  });

  it('refuses an identity another account holds, naming it', async () => {
    const geek = await ctx.createUser('geek');
    const first = await createMember(geek, 'premier');
    const second = await createMember(geek, 'second');
    await link(geek.auth, first.id, { subject: 'etu-partage' });
    const taken = await link(geek.auth, second.id, { subject: 'etu-partage' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("Ce compte de l'école est déjà lié au compte « premier »");
    const list = await ctx.app.inject({ url: `/api/users/${second.id}`, headers: geek.auth });
    expect(list.json()).toMatchObject({ sso: false, ssoSubject: null });
  });

  it('unlinking revokes earlier tokens; the identity then makes an account of its own', async () => {
    const geek = await ctx.createUser('geek');
    const member = await createMember(geek, 'jules');
    await link(geek.auth, member.id, { subject: 'jules.sso' });
    const viaSso = (await browser.signIn('jules.sso')).response.json().accessToken as string;

    const unlinked = await unlink(geek.auth, member.id);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toMatchObject({ sso: false, ssoSubject: null, hasPassword: true });
    const stale = await ctx.app.inject({
      url: '/api/tags',
      headers: { authorization: `Bearer ${viaSso}` },
    });
    expect(stale.statusCode).toBe(401);
    expect((await passwordLogin('jules')).statusCode).toBe(200);

    const { response } = await browser.signIn('jules.sso');
    expect(decodeJwt(response.json().accessToken)).toMatchObject({
      username: 'jules.sso',
      role: 'user',
    });
    expect(decodeJwt(response.json().accessToken).user).not.toBe(member.id);
  });

  it('keeps the school account of an account without password', async () => {
    const geek = await ctx.createUser('geek');
    const { response } = await browser.signIn('sans-secret');
    const id = decodeJwt(response.json().accessToken).user as number;
    const refused = await unlink(geek.auth, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "« sans-secret » n'a pas de mot de passe : donnez-lui en un avant de retirer son compte de l'école",
    );
    const row = await ctx.app.inject({ url: `/api/users/${id}`, headers: geek.auth });
    expect(row.json()).toMatchObject({ sso: true, hasPassword: false, ssoSubject: 'sans-secret' });
  });

  it('is for geeks only, on accounts that exist, with a subject', async () => {
    const geek = await ctx.createUser('geek');
    const member = await ctx.createUser('plateau');
    const target = await createMember(geek, 'cible');
    expect((await link(member.auth, target.id, { subject: 'x' })).statusCode).toBe(403);
    expect((await unlink(member.auth, target.id)).statusCode).toBe(403);
    expect((await link({}, target.id, { subject: 'x' })).statusCode).toBe(401);
    const missing = await link(geek.auth, 999_999, { subject: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Utilisateur introuvable');
    expect((await unlink(geek.auth, 999_999)).statusCode).toBe(404);
    for (const payload of [{}, { subject: '' }, { subject: '   ' }, { subject: 42 }]) {
      const bad = await link(geek.auth, target.id, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const row = await ctx.app.inject({ url: `/api/users/${target.id}`, headers: geek.auth });
    expect(row.json()).toMatchObject({ sso: false, ssoSubject: null });
  });
});

describe('linking without single sign-on configured', () => {
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('answers 400 with a French message', async () => {
    const app = await buildApp({
      config: { ...ctx.config, sso: undefined },
      database: ctx.database,
      storage: ctx.storage,
      extraDeps: { mediaBinaries: null },
    });
    apps.push(app);
    const geek = await ctx.createUser('geek');
    const target = await ctx.createUser('user');
    const response = await app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}/sso`,
      headers: geek.auth,
      payload: { subject: 'quelquun' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "La connexion avec le compte de l'école n'est pas configurée sur ce site",
    );
  });
});
