import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

const ctx = useTestApp();

describe('tags', () => {
  it('lists, fetches, creates, renames and deletes tags as a geek', async () => {
    const geek = await ctx.createUser('geek');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: geek.auth,
      payload: { name: '  Soirée  ' },
    });
    expect(created.statusCode).toBe(201);
    const tag = created.json();
    expect(tag).toEqual({ id: expect.any(Number), name: 'Soirée' });

    const list = await ctx.app.inject({ url: '/api/tags' });
    expect(list.json()).toContainEqual(tag);
    expect((await ctx.app.inject({ url: `/api/tags/${tag.id}` })).json()).toEqual(tag);

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tags/${tag.id}`,
      headers: geek.auth,
      payload: { name: 'Gala' },
    });
    expect(renamed.json()).toEqual({ id: tag.id, name: 'Gala' });

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/tags/${tag.id}`,
      headers: geek.auth,
    });
    expect(removed.json()).toEqual({ ok: true });
    expect((await ctx.app.inject({ url: `/api/tags/${tag.id}` })).statusCode).toBe(404);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const geek = await ctx.createUser('geek');
    const member = await ctx.createUser('plateau');
    const before = (await ctx.app.inject({ url: '/api/tags' })).json();
    const post = (payload: unknown, headers: Record<string, string> = geek.auth) =>
      ctx.app.inject({ method: 'POST', url: '/api/tags', headers, payload: payload as object });

    expect((await post({ name: 'x' }, {})).statusCode).toBe(401);
    expect((await post({ name: 'x' }, member.auth)).statusCode).toBe(403);
    expect((await post({ name: 'x' }, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect((await post({ name: '' })).statusCode).toBe(400);
    expect((await post({ name: '   ' })).statusCode).toBe(400);
    expect((await post({ name: 42 })).statusCode).toBe(400);
    expect((await post({})).json().message).toContain('name');
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { ...geek.auth, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/tags/abc' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/tags/0' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/tags/99999999999' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/tags/999999' })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/tags/999999', headers: geek.auth }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ url: '/api/tags' })).json()).toEqual(before);
  });

  it('answers 409 for a name that exists in another case', async () => {
    const geek = await ctx.createUser('geek');
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: geek.auth,
      payload: { name: 'Concert' },
    });
    expect(first.statusCode).toBe(201);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: geek.auth,
      payload: { name: 'concert' },
    });
    expect(again.statusCode).toBe(409);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: geek.auth,
      payload: { name: 'Théâtre' },
    });
    const clash = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tags/${other.json().id}`,
      headers: geek.auth,
      payload: { name: 'CONCERT' },
    });
    expect(clash.statusCode).toBe(409);
  });
});
