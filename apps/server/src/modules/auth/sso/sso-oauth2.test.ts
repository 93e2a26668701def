import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.ts';
import { useTestApp } from '../../../test/harness.ts';
import { ssoBrowser, useTestProvider } from '../../../test/sso.ts';

/**
 * A plain OAuth2 provider: explicit authorization, token and userinfo endpoints, no discovery,
 * no nonce; who signed in comes from userinfo, with the username claim set to `email`.
 */
const env: Record<string, string> = { LOGIN_RATE_LIMIT: '1000', SSO_USERNAME_CLAIM: 'email' };
const sso = useTestProvider(env, { plainOAuth2: true });
const ctx = useTestApp({ env });
const browser = ssoBrowser(() => ctx.app);

const accountCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('single sign-on with a plain OAuth2 provider', () => {
  it('sends no nonce, signs in through userinfo, and finds the account again', async () => {
    sso.provider.accounts.set('u-1234', { email: 'noe.bernard@ecole.example', name: 'Noé' });
    const { started, response } = await browser.signIn('u-1234');
    expect(started.location.pathname).toBe('/auth');
    expect(started.location.searchParams.get('nonce')).toBeNull();
    expect(started.location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(response.statusCode, response.body).toBe(200);
    const token = decodeJwt(response.json().accessToken);
    // The whole email is the claim: made valid, it keeps its "@".
    expect(token).toMatchObject({
      username: 'noe.bernard@ecole.example',
      role: 'user',
      gda_access: false,
    });
    const count = await accountCount();

    const again = await browser.signIn('u-1234');
    expect(decodeJwt(again.response.json().accessToken).user).toBe(token.user);
    expect(await accountCount()).toBe(count);
  });

  it('refuses a tampered state and a cancelled sign-in, writing nothing', async () => {
    const count = await accountCount();
    const started = await browser.start();
    const state = started.location.searchParams.get('state');
    const tampered = await browser.callback(`code=abc&state=${state}x`, started.cookie);
    expect(tampered.statusCode).toBe(400);
    const cancelled = await browser.signIn('u-5678', { cancel: true });
    expect(cancelled.response.statusCode).toBe(401);
    expect(await accountCount()).toBe(count);
  });
});
