import { randomBytes } from 'node:crypto';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, EncryptJWT, generateKeyPair, SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../app.ts';
import type { Config } from '../../../config.ts';
import { users } from '../../../db/schema.ts';
import { useTestApp } from '../../../test/harness.ts';
import { issueIdToken, signInAtProvider } from '../../../test/oidc-provider.ts';
import { otherClient, plateauClient, ssoBrowser, useTestProvider } from '../../../test/sso.ts';
import { flowKey } from './sso-flow-cookie.ts';

const env: Record<string, string> = { LOGIN_RATE_LIMIT: '1000' };
const sso = useTestProvider(env);
const ctx = useTestApp({ env });
const browser = ssoBrowser(() => ctx.app);

const accountCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

/** The answer every refusal gets, and proof that it wrote nothing. */
const expectRefused = async (
  response: Awaited<ReturnType<typeof browser.callback>>,
  status: number,
  message: string,
  countBefore: number,
) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message).toBe(message);
  expect(await accountCount()).toBe(countBefore);
};

const noFlow = 'Connexion expirée ou commencée dans un autre navigateur : veuillez recommencer';
const unexpectedState = 'Réponse de connexion inattendue : veuillez recommencer';
const invalidIdentity = "Réponse invalide du service de connexion de l'école : connexion refusée";
const replay = 'Cette connexion a déjà été utilisée : veuillez recommencer';
const unreachable =
  "Le service de connexion de l'école ne répond pas : réessayez dans quelques minutes";

/** A sign-in that reached the provider and came back with a code, not yet given to Plateau. */
const backFromProvider = async (login: string) => {
  const started = await browser.start();
  const back = await signInAtProvider(started.location.href, login);
  return { started, query: back.search.slice(1) };
};

/** The token endpoint answers with another ID token than the one it issued for this code. */
const withIdToken = async <T>(idToken: string, run: () => Promise<T>): Promise<T> => {
  sso.provider.tokenResponse = (body) => ({ ...body, id_token: idToken });
  try {
    return await run();
  } finally {
    sso.provider.tokenResponse = undefined;
  }
};

describe('the flow cookie', () => {
  it('is required: without it, or with it altered, nothing happens', async () => {
    const count = await accountCount();
    const { started, query } = await backFromProvider('sans-cookie');
    await expectRefused(await browser.callback(query), 400, noFlow, count);

    const value = started.cookie.slice('plateau_sso='.length);
    const middle = Math.floor(value.length / 2);
    const flipped = value[middle] === 'A' ? 'B' : 'A';
    const altered = `plateau_sso=${value.slice(0, middle)}${flipped}${value.slice(middle + 1)}`;
    await expectRefused(await browser.callback(query, altered), 400, noFlow, count);
    await expectRefused(
      await browser.callback(query, 'plateau_sso=n.importe.quoi'),
      400,
      noFlow,
      count,
    );

    // The genuine cookie still works: the refused attempts spent nothing.
    const genuine = await browser.callback(query, started.cookie);
    expect(genuine.statusCode).toBe(200);
  });

  it('expires after 10 minutes, and only this server can seal one', async () => {
    const count = await accountCount();
    const { query } = await backFromProvider('expire');
    const state = new URLSearchParams(query).get('state')!;
    const seal = (key: Uint8Array, expiresAt: number) =>
      new EncryptJWT({ state, nonce: 'x', codeVerifier: 'y'.repeat(43) })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt(expiresAt - 600)
        .setExpirationTime(expiresAt)
        .encrypt(key);
    const now = Math.floor(Date.now() / 1000);
    const expired = await seal(flowKey(ctx.config.jwtSecret), now - 1);
    await expectRefused(
      await browser.callback(query, `plateau_sso=${expired}`),
      400,
      noFlow,
      count,
    );
    const foreign = await seal(flowKey(randomBytes(32)), now + 600);
    await expectRefused(
      await browser.callback(query, `plateau_sso=${foreign}`),
      400,
      noFlow,
      count,
    );
  });
});

describe('state', () => {
  it('must be the one this browser was given: tampered or crossed answers are refused', async () => {
    const count = await accountCount();
    const mine = await backFromProvider('etat');
    const tampered = new URLSearchParams(mine.query);
    tampered.set('state', `${tampered.get('state')}x`);
    await expectRefused(
      await browser.callback(tampered.toString(), mine.started.cookie),
      400,
      unexpectedState,
      count,
    );
    const missing = new URLSearchParams(mine.query);
    missing.delete('state');
    await expectRefused(
      await browser.callback(missing.toString(), mine.started.cookie),
      400,
      unexpectedState,
      count,
    );
    // Someone else's answer (login CSRF) with my cookie.
    const theirs = await backFromProvider('intrus');
    await expectRefused(
      await browser.callback(theirs.query, mine.started.cookie),
      400,
      unexpectedState,
      count,
    );
  });

  it('cannot be replayed: not the same answer, nor a fresh code for the same state', async () => {
    const { started, query } = await backFromProvider('rejoue');
    const first = await browser.callback(query, started.cookie);
    expect(first.statusCode).toBe(200);
    const count = await accountCount();

    // The same answer again (the back button): refused as what it is, not as the provider's.
    await expectRefused(await browser.callback(query, started.cookie), 401, replay, count);
    // Same flow sent to the provider again: a new code for the same state, refused by Plateau.
    const again = await signInAtProvider(started.location.href, 'rejoue');
    expect(again.searchParams.get('code')).not.toBe(new URLSearchParams(query).get('code'));
    await expectRefused(
      await browser.callback(again.search.slice(1), started.cookie),
      401,
      replay,
      count,
    );
  });

  it('refuses a replay before asking the provider, whatever the provider would answer', async () => {
    const { started, query } = await backFromProvider('rejoue-panne');
    expect((await browser.callback(query, started.cookie)).statusCode).toBe(200);
    const count = await accountCount();
    // Out of reach, the provider would make it a 502 blamed on the school.
    await sso.provider.stop();
    try {
      await expectRefused(await browser.callback(query, started.cookie), 401, replay, count);
    } finally {
      await sso.provider.resume();
    }
  });

  it('signs in once on a double click: the second answer is a replay', async () => {
    const { started, query } = await backFromProvider('double-clic');
    const answers = await Promise.all([
      browser.callback(query, started.cookie),
      browser.callback(query, started.cookie),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    expect(answers.find((answer) => answer.statusCode === 401)!.json().message).toBe(replay);
  });
});

describe('the ID token', () => {
  it('is refused when its nonce belongs to another sign-in', async () => {
    const count = await accountCount();
    const { started, query } = await backFromProvider('nonce');
    const otherNonce = await issueIdToken(sso.provider, plateauClient, 'nonce', 'un-autre-nonce');
    const response = await withIdToken(otherNonce, () => browser.callback(query, started.cookie));
    await expectRefused(response, 401, invalidIdentity, count);
  });

  it('is refused when it was issued to another service (audience)', async () => {
    const count = await accountCount();
    const { started, query } = await backFromProvider('audience');
    const nonce = started.location.searchParams.get('nonce')!;
    const forOther = await issueIdToken(sso.provider, otherClient, 'audience', nonce);
    expect(decodeJwt(forOther).aud).toBe(otherClient.clientId);
    const response = await withIdToken(forOther, () => browser.callback(query, started.cookie));
    await expectRefused(response, 401, invalidIdentity, count);
  });

  it('is refused when the provider did not sign it, even with the right claims', async () => {
    const count = await accountCount();
    const { started, query } = await backFromProvider('signature');
    const genuine = await issueIdToken(
      sso.provider,
      plateauClient,
      'signature',
      started.location.searchParams.get('nonce')!,
    );
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(decodeJwt(genuine))
      .setProtectedHeader(decodeProtectedHeader(genuine) as { alg: string; kid?: string })
      .sign(privateKey);
    const response = await withIdToken(forged, () => browser.callback(query, started.cookie));
    await expectRefused(response, 401, invalidIdentity, count);
  });
});

describe('the provider out of reach', () => {
  it('answers 502 when it stops answering between the sign-in and the callback', async () => {
    const count = await accountCount();
    const { started, query } = await backFromProvider('panne');
    await sso.provider.stop();
    try {
      await expectRefused(await browser.callback(query, started.cookie), 502, unreachable, count);
    } finally {
      await sso.provider.resume();
    }
  });

  /** Another Plateau on the same database, configured otherwise. */
  const apps: App[] = [];
  const otherPlateau = async (change: (config: Config) => Config) => {
    const app = await buildApp({
      config: change(ctx.config),
      database: ctx.database,
      storage: ctx.storage,
      extraDeps: { mediaBinaries: null },
    });
    apps.push(app);
    return app;
  };
  const silent: TcpServer[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const server of silent) server.close();
  });

  it('answers 502 at the start when discovery finds nobody, or nobody answers in time', async () => {
    const closedPort = createTcpServer();
    await new Promise<void>((resolve) => closedPort.listen(0, '127.0.0.1', resolve));
    const { port } = closedPort.address() as { port: number };
    await new Promise((resolve) => closedPort.close(resolve));
    const down = await otherPlateau((config) => ({
      ...config,
      sso: { ...config.sso!, issuer: `http://127.0.0.1:${port}` },
    }));
    const refusedConnection = await down.inject({ url: '/api/login/vr' });
    expect(refusedConnection.statusCode).toBe(502);
    expect(refusedConnection.json().message).toBe(unreachable);
    expect(refusedConnection.headers['set-cookie']).toBeUndefined();

    // Accepts connections, never answers: the timeout (1 s here, 10 s by default) gives up.
    const mute = createTcpServer(() => {});
    silent.push(mute);
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    const hanging = await otherPlateau((config) => ({
      ...config,
      sso: {
        ...config.sso!,
        issuer: `http://127.0.0.1:${(mute.address() as { port: number }).port}`,
        timeoutSeconds: 1,
      },
    }));
    const timedOut = await hanging.inject({ url: '/api/login/vr' });
    expect(timedOut.statusCode).toBe(502);
    expect(timedOut.json().message).toBe(unreachable);
  });

  it('without single sign-on configured: 404 with a French message, and the app is told', async () => {
    const without = await otherPlateau((config) => ({ ...config, sso: undefined }));
    const message = "La connexion avec le compte de l'école n'est pas disponible sur ce site";
    const start = await without.inject({ url: '/api/login/vr' });
    expect(start.statusCode).toBe(404);
    expect(start.json().message).toBe(message);
    const callback = await without.inject({ url: '/api/auth/callback?code=a&state=b' });
    expect(callback.statusCode).toBe(404);
    expect(callback.json().message).toBe(message);
    expect((await without.inject({ url: '/api/site' })).json().sso).toBe(false);
  });

  it('the callback has the login rate limit; https deployments get a Secure cookie', async () => {
    const limited = await otherPlateau((config) => ({
      ...config,
      loginRateLimit: 3,
      publicUrl: 'https://plateau.test',
    }));
    const start = await limited.inject({ url: '/api/login/vr' });
    expect(String(start.headers['set-cookie'])).toMatch(/; Secure/);
    const call = () =>
      limited.inject({ url: '/api/auth/callback?code=a&state=b', remoteAddress: '10.7.7.7' });
    for (let attempt = 0; attempt < 3; attempt++) expect((await call()).statusCode).toBe(400);
    const blocked = await call();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Trop de tentatives de connexion : réessayez dans une minute.',
    );
    const elsewhere = await limited.inject({
      url: '/api/auth/callback?code=a&state=b',
      remoteAddress: '10.7.7.8',
    });
    expect(elsewhere.statusCode).toBe(400);
  });
});
