import { randomBytes } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestUser } from '../../test/harness.ts';

const ctx = useTestApp();

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

let plateau: TestUser;
let payload: Record<string, unknown>;

beforeAll(async () => {
  plateau = await ctx.createUser('plateau', { gdaAccess: true });
  payload = {
    user: plateau.id,
    role: 'plateau',
    username: plateau.username,
    gda_access: true,
    ver: 0,
  };
});

const sign = (
  claims: Record<string, unknown>,
  options: { secret?: Uint8Array; alg?: string; exp?: number } = {},
) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(options.exp ?? now() + 3600)
    .sign(options.secret ?? ctx.config.jwtSecret);

/** Every route answers 401 to a token that is present but not valid, even public ones. */
const expectRefused = async (authorization: string) => {
  for (const url of ['/api/users', '/api/tags', `/api/users/${plateau.id}`]) {
    const response = await ctx.app.inject({ url, headers: { authorization } });
    expect(response.statusCode, `${url} with ${authorization.slice(0, 40)}`).toBe(401);
    expect(response.json().message).toMatch(/jeton/i);
  }
};

describe('tokens', () => {
  it('a valid token has the spec payload plus its token version and is accepted', async () => {
    const token = await sign(payload);
    expect(Object.keys(decodeJwt(plateau.token)).sort()).toEqual([
      'exp',
      'gda_access',
      'iat',
      'role',
      'user',
      'username',
      'ver',
    ]);
    const tags = await ctx.app.inject({
      url: '/api/tags',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(tags.statusCode).toBe(200);
    // Accepted, but a plateau member is not a geek.
    const users = await ctx.app.inject({ url: '/api/users', headers: plateau.auth });
    expect(users.statusCode).toBe(403);
  });

  it('refuses alg none', async () => {
    const header = base64url({ alg: 'none', typ: 'JWT' });
    const body = base64url({ ...payload, role: 'geek', iat: now(), exp: now() + 3600 });
    await expectRefused(`Bearer ${header}.${body}.`);
  });

  it('refuses a token signed with another key or another algorithm', async () => {
    await expectRefused(
      `Bearer ${await sign({ ...payload, role: 'geek' }, { secret: randomBytes(32) })}`,
    );
    await expectRefused(`Bearer ${await sign({ ...payload, role: 'geek' }, { alg: 'HS512' })}`);
  });

  it('refuses a forged payload that keeps the original signature', async () => {
    const [header, , signature] = plateau.token.split('.');
    const forged = base64url({ ...decodeJwt(plateau.token), role: 'geek' });
    await expectRefused(`Bearer ${header}.${forged}.${signature}`);
  });

  it('refuses an expired token', async () => {
    await expectRefused(`Bearer ${await sign(payload, { exp: now() - 10 })}`);
  });

  it('refuses malformed authorization headers', async () => {
    for (const header of [
      'Bearer',
      'Bearer ',
      'Basic x',
      `Basic ${plateau.token}`,
      'Bearer a.b.c',
      'Bearer not-a-jwt',
      `Bearer ${plateau.token} extra`,
    ]) {
      await expectRefused(header);
    }
  });

  it('refuses a well-signed token whose payload has the wrong types or misses fields', async () => {
    const variants: Record<string, unknown>[] = [
      { ...payload, user: String(plateau.id) },
      { ...payload, user: 1.5 },
      { ...payload, role: 'admin' },
      { ...payload, gda_access: 'true' },
      { ...payload, username: 7 },
      { ...payload, ver: '0' },
      { ...payload, ver: undefined },
      { role: 'geek', username: 'x', gda_access: true, ver: 0 },
    ];
    for (const claims of variants) await expectRefused(`Bearer ${await sign(claims)}`);
    const noExpiry = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .sign(ctx.config.jwtSecret);
    await expectRefused(`Bearer ${noExpiry}`);
  });
});
