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
