import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { useTestApp } from '../../test/harness.ts';

const ctx = useTestApp({ env: { LOGIN_RATE_LIMIT: '5' } });

let addressCount = 0;
/** Each test signs in from its own address, so the rate limit of one does not spill over. */
const newAddress = () => `10.0.0.${++addressCount}`;

/** A real multipart body, as a browser's FormData sends it. */
const multipart = async (fields: Record<string, string | Blob>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  };
};

type TokenRequest = Pick<InjectOptions, 'headers' | 'payload'>;

/** POST /api/token from a fresh address unless told otherwise. */
const postToken = (request: TokenRequest, remoteAddress = newAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/token', remoteAddress, ...request });

const postForm = async (fields: Record<string, string | Blob>, remoteAddress = newAddress()) =>
  postToken(await multipart(fields), remoteAddress);

const createAccount = async (
  username: string,
  password: string | null,
  role: 'user' | 'plateau' | 'geek' = 'plateau',
) => {
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      username,
      role,
      gdaAccess: true,
      passwordHash: password === null ? null : await hashPassword(password),
      ...(password === null && {
        ssoIssuer: 'https://sso.ecole.example',
        ssoSubject: `sso-${username}`,
      }),
    })
    .returning({ id: users.id });
  return row!.id;
};

describe('POST /api/token', () => {
  it('answers a token for the right multipart credentials and records the sign-in', async () => {
    const id = await createAccount('Marie', 'mot-de-passe-de-marie');
    const response = await postForm({ username: 'marie', password: 'mot-de-passe-de-marie' });
    expect(response.statusCode).toBe(200);
    const { accessToken } = response.json();
    expect(Object.keys(response.json())).toEqual(['accessToken']);
    const payload = decodeJwt(accessToken);
    expect(Object.keys(payload).sort()).toEqual(
      ['exp', 'gda_access', 'iat', 'role', 'user', 'username', 'ver'].sort(),
    );
    expect(payload).toMatchObject({
      user: id,
      role: 'plateau',
      username: 'Marie',
      gda_access: true,
      ver: 0,
    });
    expect(payload.exp! - payload.iat!).toBe(ctx.config.tokenLifetimeSeconds);
    const [row] = await ctx.database.db
      .select({ lastLoginAt: users.lastLoginAt })
      .from(users)
      .where(eq(users.id, id));
    expect(Date.now() - new Date(row!.lastLoginAt!).getTime()).toBeLessThan(60_000);

    // The token opens geek-free but member-only doors: here, it is simply accepted.
    const tags = await ctx.app.inject({
      url: '/api/tags',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(tags.statusCode).toBe(200);
  });

  it('signs in even when the client still sends a stale token', async () => {
    await createAccount('noemie', 'mot-de-passe-de-noemie', 'user');
    const response = await postToken({
      headers: { authorization: 'Bearer expired.or.forged' },
      payload: { username: 'noemie', password: 'mot-de-passe-de-noemie' },
    });
    expect(response.statusCode).toBe(200);
    expect(decodeJwt(response.json().accessToken).username).toBe('noemie');
  });

  it('accepts the same fields as JSON or as an urlencoded form', async () => {
    await createAccount('jules', 'mot-de-passe-de-jules', 'geek');
    const json = await postToken({
      payload: { username: 'jules', password: 'mot-de-passe-de-jules' },
    });
    expect(json.statusCode).toBe(200);
    expect(decodeJwt(json.json().accessToken).role).toBe('geek');
    const form = await postToken({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=jules&password=mot-de-passe-de-jules',
    });
    expect(form.statusCode).toBe(200);
  });

  it('answers 400 with the login form message when a field is missing or empty', async () => {
    const expected = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Veuillez renseigner un identifiant et un mot de passe',
    };
    const address = newAddress();
    const incomplete: Record<string, string>[] = [
      {},
      { username: 'x' },
      { password: 'y' },
      { username: '', password: 'y' },
      { username: '  ', password: 'y' },
      { username: 'x', password: '' },
    ];
    for (const fields of incomplete) {
      const response = await postForm(fields, newAddress());
      expect(response.json(), JSON.stringify(fields)).toEqual(expected);
    }
    const empty = await postToken({}, address);
    expect(empty.json()).toEqual(expected);
    const json = await postToken({ payload: { username: 'x' } }, address);
    expect(json.json()).toEqual(expected);
  });

  it('answers 400 to a file part, a wrong JSON type or malformed JSON', async () => {
    await createAccount('lea', 'mot-de-passe-de-lea');
    const withFile = await postForm({
      username: 'lea',
      password: 'mot-de-passe-de-lea',
      avatar: new Blob(['not a picture'], { type: 'image/png' }),
    });
    expect(withFile.statusCode).toBe(400);
    expect(withFile.json().message).toContain('fichier');
    const numbers = await postToken({ payload: { username: 'lea', password: 12345678 } });
    expect(numbers.statusCode).toBe(400);
    const malformed = await postToken({
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "lea", ',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 401 for a wrong password, an unknown user or an SSO-only account', async () => {
    await createAccount('paul', 'mot-de-passe-de-paul');
    await createAccount('sso-only', null);
    const expected = { statusCode: 401, error: 'Unauthorized', message: 'Identifiants incorrects' };
    for (const fields of [
      { username: 'paul', password: 'mauvais-mot-de-passe' },
      { username: 'paul', password: 'MOT-DE-PASSE-DE-PAUL' },
      { username: 'inconnu', password: 'mot-de-passe-de-paul' },
      { username: 'sso-only', password: 'nimporte-quoi' },
    ]) {
      expect((await postForm(fields)).json(), fields.username).toEqual(expected);
    }
    const [row] = await ctx.database.db
      .select({ lastLoginAt: users.lastLoginAt })
      .from(users)
      .where(eq(users.username, 'paul'));
    expect(row!.lastLoginAt).toBeNull();
  });

  it('limits sign-in attempts per address with a French 429', async () => {
    await createAccount('hugo', 'mot-de-passe-de-hugo');
    const address = newAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await postForm({ username: 'hugo', password: 'essai-rate' }, address);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await postForm({ username: 'hugo', password: 'mot-de-passe-de-hugo' }, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Trop de tentatives de connexion : réessayez dans une minute.',
    });
    const elsewhere = await postForm({ username: 'hugo', password: 'mot-de-passe-de-hugo' });
    expect(elsewhere.statusCode).toBe(200);
  });
});
