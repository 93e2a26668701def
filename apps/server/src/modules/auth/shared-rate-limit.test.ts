import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { useTestApp } from '../../test/harness.ts';
import { countAttempt } from './login-attempts.repository.ts';

const ctx = useTestApp({ env: { LOGIN_RATE_LIMIT: '4' } });

/** A second instance of the same site: its own process state, the same database. */
let other: FastifyInstance;
beforeAll(async () => {
  other = await buildApp({ config: ctx.config, database: ctx.database, storage: ctx.storage });
  await other.ready();
});
afterAll(() => other?.close());

const wrongPassword = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/token',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'username=personne&password=essai-rate',
  });

describe('the sign-in limit, shared by every instance', () => {
  it('counts the attempts an address makes on either instance together', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const instance = attempt % 2 === 0 ? ctx.app : other;
      statuses.push((await wrongPassword(instance, '10.9.0.1')).statusCode);
    }
    // Per process, each would have seen 3 attempts of its 4 allowed: none refused.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const refused = await wrongPassword(ctx.app, '10.9.0.1');
    expect(refused.json().message).toBe(
      'Trop de tentatives de connexion : réessayez dans une minute.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not held back.
    expect((await wrongPassword(other, '10.9.0.2')).statusCode).toBe(401);
  });

  it('starts a new window once the last one is over', async () => {
    const key = `fenetre-${Date.now()}`;
    expect(await countAttempt(ctx.database.db, key, 300)).toMatchObject({ hits: 1 });
    const second = await countAttempt(ctx.database.db, key, 300);
    expect(second.hits).toBe(2);
    expect(second.ttlMs).toBeLessThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await countAttempt(ctx.database.db, key, 300)).toMatchObject({ hits: 1 });
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  const proxied = useTestApp({ env: { LOGIN_RATE_LIMIT: '2', TRUST_PROXY: 'true' } });

  it('counts the address the proxy saw, whatever the client wrote before it', async () => {
    const attempt = (forged: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/token',
        remoteAddress: '127.0.0.1',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          // What nginx's $proxy_add_x_forwarded_for sends: the client's header, then its address.
          'x-forwarded-for': `${forged}, 203.0.113.7`,
        },
        payload: 'username=personne&password=essai-rate',
      });
    const statuses = [];
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
      statuses.push((await attempt(forged)).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
  });
});
