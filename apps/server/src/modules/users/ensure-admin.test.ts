import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { users } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { ensureAdmin } from './ensure-admin.ts';

const ctx = useTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });

const configWith = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: ctx.dataDir, JWT_SECRET: 'x'.repeat(32), ...env });

const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/token', payload: { username, password } });

const accounts = () =>
  ctx.database.db
    .select({ username: users.username, role: users.role })
    .from(users)
    .orderBy(users.id);

afterEach(() => vi.restoreAllMocks());

describe('ensureAdmin', () => {
  it('without ADMIN_* creates "admin" with a random password shown once on the console', async () => {
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    await ensureAdmin(ctx.database.db, configWith(), ctx.app.log);
    expect(await accounts()).toEqual([{ username: 'admin', role: 'geek' }]);
    const line = printed.mock.calls.map((call) => String(call[0])).join('\n');
    const password = /password "([^"]+)"/.exec(line)?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(12);
    const response = await login('admin', password!);
    expect(response.statusCode).toBe(200);
  });

  it('does nothing when a geek exists', async () => {
    const before = await accounts();
    await ensureAdmin(
      ctx.database.db,
      configWith({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'mot-de-passe-root' }),
      ctx.app.log,
    );
    expect(await accounts()).toEqual(before);
    expect((await login('root', 'mot-de-passe-root')).statusCode).toBe(401);
  });

  it('creates ADMIN_USERNAME/ADMIN_PASSWORD as geek when no geek exists, printing no password', async () => {
    await ctx.database.db.delete(users).where(eq(users.role, 'geek'));
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    await ensureAdmin(
      ctx.database.db,
      configWith({ ADMIN_USERNAME: 'regie', ADMIN_PASSWORD: 'mot-de-passe-regie' }),
      ctx.app.log,
    );
    expect(printed).not.toHaveBeenCalled();
    expect(await accounts()).toEqual([{ username: 'regie', role: 'geek' }]);
    const response = await login('regie', 'mot-de-passe-regie');
    expect(response.statusCode).toBe(200);
  });

  it('turns an existing account of that name into the geek, with the configured password', async () => {
    await ctx.database.db.delete(users).where(eq(users.role, 'geek'));
    const before = await ctx.createUser('user', { username: 'Direction' });
    await ensureAdmin(
      ctx.database.db,
      configWith({ ADMIN_USERNAME: 'direction', ADMIN_PASSWORD: 'mot-de-passe-direction' }),
      ctx.app.log,
    );
    expect(await accounts()).toEqual([{ username: 'Direction', role: 'geek' }]);
    expect((await login('direction', 'mot-de-passe-direction')).statusCode).toBe(200);
    // Its password changed: the token it held before is refused.
    const stale = await ctx.app.inject({ url: '/api/tags', headers: before.auth });
    expect(stale.statusCode).toBe(401);
  });
});
