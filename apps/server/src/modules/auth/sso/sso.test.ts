import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { useTestApp } from '../../../test/harness.ts';
import { PLATEAU_URL, plateauClient, ssoBrowser, useTestProvider } from '../../../test/sso.ts';

const env: Record<string, string> = { LOGIN_RATE_LIMIT: '1000' };
const sso = useTestProvider(env);
const ctx = useTestApp({ env });
const browser = ssoBrowser(() => ctx.app);

const accountOf = async (username: string) => {
  const [row] = await ctx.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
};

const accountCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('GET /api/login/vr', () => {
  it('sends the browser to the provider with state, nonce and PKCE, bound by a cookie', async () => {
    const site = await ctx.app.inject({ url: '/api/site' });
    expect(site.json().sso).toBe(true);

    const { location, setCookie } = await browser.start();
    expect(location.origin).toBe(sso.provider.issuer);
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      client_id: plateauClient.clientId,
      response_type: 'code',
      redirect_uri: `${PLATEAU_URL}/auth/callback`,
      scope: 'openid profile email',
      code_challenge_method: 'S256',
    });
    expect(query.state).toMatch(/^[\w-]{32,}$/);
    expect(query.nonce).toMatch(/^[\w-]{32,}$/);
    expect(query.code_challenge).toMatch(/^[\w-]{43}$/);

    const attributes = setCookie.split(/;\s*/).map((part) => part.toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining([
        'path=/api/auth/callback',
        'httponly',
        'samesite=lax',
        'max-age=600',
      ]),
    );
    // Over plain http the cookie cannot be Secure (https deployments: next test file).
    expect(attributes).not.toContain('secure');
    // Sealed: the browser carries the flow but cannot read the state or the PKCE verifier in it.
    expect(setCookie).not.toContain(query.state);
  });

  it('gives each sign-in its own state and nonce', async () => {
    const first = await browser.start();
    const second = await browser.start();
    expect(first.location.searchParams.get('state')).not.toBe(
      second.location.searchParams.get('state'),
    );
    expect(first.location.searchParams.get('nonce')).not.toBe(
      second.location.searchParams.get('nonce'),
    );
  });
});

describe('GET /api/auth/callback', () => {
  it('creates a user without GDA access on the first sign-in and answers a token', async () => {
    sso.provider.accounts.set('lea.roux', {
      preferred_username: 'lea.roux',
      email: 'lea.roux@ecole.example',
    });
    const before = await accountCount();
    const { response } = await browser.signIn('lea.roux');
    expect(response.statusCode, response.body).toBe(200);
    expect(Object.keys(response.json())).toEqual(['accessToken']);
    // The flow is spent: the cookie is cleared.
    expect(String(response.headers['set-cookie'])).toMatch(
      /^plateau_sso=;.*Expires=Thu, 01 Jan 1970/,
    );

    const token = decodeJwt(response.json().accessToken);
    const row = await accountOf('lea.roux');
    expect(row).toMatchObject({
      username: 'lea.roux',
      role: 'user',
      gdaAccess: false,
      passwordHash: null,
      ssoIssuer: sso.provider.issuer,
      ssoSubject: 'lea.roux',
    });
    expect(row!.lastLoginAt).not.toBeNull();
    expect(token).toMatchObject({
      user: row!.id,
      role: 'user',
      username: 'lea.roux',
      gda_access: false,
    });
    expect(await accountCount()).toBe(before + 1);

    // The token opens what a signed-in user may open.
    const tags = await ctx.app.inject({
      url: '/api/tags',
      headers: { authorization: `Bearer ${response.json().accessToken}` },
    });
    expect(tags.statusCode).toBe(200);
  });

  it('signs the same person into the same account, keeping the role a geek gave it', async () => {
    const first = await browser.signIn('hugo');
    expect(first.response.statusCode).toBe(200);
    const id = decodeJwt(first.response.json().accessToken).user;
    await ctx.database.db
      .update(users)
      .set({ role: 'plateau', gdaAccess: true })
      .where(eq(users.id, id as number));
    const count = await accountCount();

    const second = await browser.signIn('hugo');
    expect(second.response.statusCode).toBe(200);
    expect(decodeJwt(second.response.json().accessToken)).toMatchObject({
      user: id,
      username: 'hugo',
      role: 'plateau',
      gda_access: true,
    });
    expect(await accountCount()).toBe(count);
  });

  it('gives a suffix when a password account has the name, and never takes it over', async () => {
    const passwordHash = await hashPassword('mot-de-passe-de-camille');
    await ctx.database.db
      .insert(users)
      .values({ username: 'Camille', role: 'geek', gdaAccess: true, passwordHash });
    await ctx.database.db
      .insert(users)
      .values({ username: 'camille-2', role: 'user', passwordHash });
    sso.provider.accounts.set('etu-4821', { preferred_username: 'camille' });

    const { response } = await browser.signIn('etu-4821');
    expect(response.statusCode).toBe(200);
    expect(decodeJwt(response.json().accessToken)).toMatchObject({
      username: 'camille-3',
      role: 'user',
      gda_access: false,
    });
    expect(await accountOf('Camille')).toMatchObject({
      role: 'geek',
      passwordHash,
      ssoSubject: null,
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { username: 'Camille', password: 'mot-de-passe-de-camille' },
    });
    expect(decodeJwt(login.json().accessToken).role).toBe('geek');
  });

  it("names the account after the email's local part, made valid, when the claim is absent", async () => {
    sso.provider.accounts.set('etu-7310', { email: 'Élodie Du Pré@ecole.example' });
    const { response } = await browser.signIn('etu-7310');
    expect(response.statusCode).toBe(200);
    expect(decodeJwt(response.json().accessToken).username).toBe('Elodie-Du-Pre');

    // Neither: the subject itself.
    sso.provider.accounts.set('etu-9999', {});
    const bare = await browser.signIn('etu-9999');
    expect(decodeJwt(bare.response.json().accessToken).username).toBe('etu-9999');
  });

  it('an account created by single sign-on cannot sign in with the password form', async () => {
    await browser.signIn('sans-mot-de-passe');
    const attempt = await ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: { username: 'sans-mot-de-passe', password: 'nimporte-quoi' },
    });
    expect(attempt.statusCode).toBe(401);
    expect(attempt.json().message).toBe('Identifiants incorrects');
  });

  it('answers 401 when the person cancels at the provider, and writes nothing', async () => {
    const count = await accountCount();
    const { back, response } = await browser.signIn('annule', { cancel: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: "Connexion refusée par le service de connexion de l'école",
    });
    expect(await accountCount()).toBe(count);
    expect(await accountOf('annule')).toBeUndefined();
  });
});
