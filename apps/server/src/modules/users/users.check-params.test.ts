import { describe, expect, it } from 'vitest';
import { useTestApp, type TestUser } from '../../test/harness.ts';

const ctx = useTestApp();

type Headers = Record<string, string>;

/** Every account as stored, to check a refused call changed nothing. */
const snapshot = async (geek: TestUser) =>
  (await ctx.app.inject({ url: '/api/users', headers: geek.auth })).json();

describe('users API check-params', () => {
  it('answers 401 without or with a bad token and 403 to non-geeks, on every endpoint', async () => {
    const geek = await ctx.createUser('geek');
    const target = await ctx.createUser('user');
    const before = await snapshot(geek);
    const calls = [
      { method: 'GET' as const, url: '/api/users' },
      { method: 'GET' as const, url: `/api/users/${target.id}` },
      {
        method: 'POST' as const,
        url: '/api/users',
        payload: { username: 'intrus', password: 'mot-de-passe', role: 'geek' },
      },
      { method: 'PUT' as const, url: `/api/users/${target.id}`, payload: { role: 'geek' } },
      { method: 'DELETE' as const, url: `/api/users/${target.id}` },
      { method: 'PUT' as const, url: `/api/users/${target.id}/sso`, payload: { subject: 'x' } },
      { method: 'DELETE' as const, url: `/api/users/${target.id}/sso` },
    ];
    const member = await ctx.createUser('plateau', { gdaAccess: true });
    for (const call of calls) {
      const as = (headers: Headers) => ctx.app.inject({ ...call, headers });
      expect((await as({})).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await as({ authorization: 'Bearer nope' })).statusCode).toBe(401);
      expect((await as(target.auth)).statusCode).toBe(403);
      expect((await as(member.auth)).statusCode).toBe(403);
    }
    const after = await snapshot(geek);
    expect(after.users.filter((u: { id: number }) => u.id !== member.id)).toEqual(before.users);
  });

  it('refuses malformed and unknown ids', async () => {
    const geek = await ctx.createUser('geek');
    const before = await snapshot(geek);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await ctx.app.inject({
          method,
          url: `/api/users/${id}`,
          headers: geek.auth,
          ...(method === 'PUT' && { payload: { role: 'user' } }),
        });
        expect(response.statusCode, `${method} ${id}`).toBe(400);
      }
      for (const method of ['PUT', 'DELETE'] as const) {
        const response = await ctx.app.inject({
          method,
          url: `/api/users/${id}/sso`,
          headers: geek.auth,
          ...(method === 'PUT' && { payload: { subject: 'x' } }),
        });
        expect(response.statusCode, `${method} ${id}/sso`).toBe(400);
      }
    }
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await ctx.app.inject({
        method,
        url: '/api/users/999999',
        headers: geek.auth,
        ...(method === 'PUT' && { payload: { role: 'user' } }),
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.json().message).toBe('Utilisateur introuvable');
    }
    expect(await snapshot(geek)).toEqual(before);
  });

  it('refuses absurd paging', async () => {
    const geek = await ctx.createUser('geek');
    for (const query of [
      'page=0',
      'page=-1',
      'page=x',
      'page_size=0',
      'page_size=-1',
      'page_size=1000',
      'page_size=x',
    ]) {
      const response = await ctx.app.inject({ url: `/api/users?${query}`, headers: geek.auth });
      expect(response.statusCode, query).toBe(400);
    }
    const far = await ctx.app.inject({ url: '/api/users?page=500', headers: geek.auth });
    expect(far.json()).toEqual({ users: [], nResults: expect.any(Number) });
  });

  it('refuses bad bodies on create and update, changing nothing', async () => {
    const geek = await ctx.createUser('geek');
    const target = await ctx.createUser('user');
    const before = await snapshot(geek);
    const valid = { username: 'nouveau', password: 'mot-de-passe', role: 'plateau' };
    const badCreates: unknown[] = [
      {},
      { ...valid, username: '' },
      { ...valid, username: 'avec espace' },
      { ...valid, username: 42 },
      { ...valid, username: 'x'.repeat(65) },
      { ...valid, password: 'court' },
      { ...valid, password: 12345678 },
      { ...valid, password: undefined },
      { ...valid, role: 'admin' },
      { ...valid, role: undefined },
      { ...valid, gda_access: 'yes' },
      [],
      'texte',
    ];
    for (const payload of badCreates) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...geek.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: geek.auth,
      payload: { username: 'nouveau', password: 'mot-de-passe' },
    });
    expect(missing.json().message).toContain('role');

    const badUpdates: unknown[] = [
      { username: '' },
      { username: 'a b' },
      { password: 'court' },
      { role: 'root' },
      { gda_access: 1 },
      { username: null },
    ];
    for (const payload of badUpdates) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${target.id}`,
        headers: geek.auth,
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const [method, url] of [
      ['POST', '/api/users'],
      ['PUT', `/api/users/${target.id}`],
    ] as const) {
      const malformed = await ctx.app.inject({
        method,
        url,
        headers: { ...geek.auth, 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(malformed.statusCode).toBe(400);
    }
    expect(await snapshot(geek)).toEqual(before);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: geek.auth,
      payload: valid,
    });
    expect(created.statusCode).toBe(201);
    expect((await snapshot(geek)).nResults).toBe(before.nResults + 1);
  });
});
