import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../testing/server.ts';
import { makeToken } from '../testing/tokens.ts';
import { api } from './api.ts';
import { checkSession, getSession, restoreSession, signIn, signOut } from './session.ts';

describe('session', () => {
  it('reads the token payload: user as an integer, role, username, gda access, expiry', () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    signIn(makeToken({ user: '42', role: 'geek', username: 'lea', gda_access: true, exp }));
    expect(getSession()).toMatchObject({
      isAuth: true,
      userId: 42,
      role: 'geek',
      username: 'lea',
      gdaAccess: true,
      exp,
    });
    expect(localStorage.getItem('role')).toBe('geek');
  });

  it('keeps gda access false for a single sign-on session, even after a reload', () => {
    signIn(makeToken({ gda_access: true }), { sso: true });
    expect(getSession().gdaAccess).toBe(false);
    restoreSession();
    expect(getSession().gdaAccess).toBe(false);
  });

  it('comes back signed in from local storage', () => {
    const token = makeToken({ username: 'noe' });
    localStorage.setItem('token', token);
    localStorage.setItem('role', 'user');
    restoreSession();
    expect(getSession()).toMatchObject({ isAuth: true, username: 'noe', token });
  });

  it('signs out on the next check once the token has expired', () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    signIn(makeToken({ exp }));
    expect(checkSession().isAuth).toBe(true);
    expect(checkSession((exp + 1) * 1000).isAuth).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sign-out clears the storage and the bearer header', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get('*/api/tags', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json([]);
      }),
    );
    signIn(makeToken({ role: 'plateau' }));
    signOut();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(getSession().isAuth).toBe(false);
    await api.get('tags');
    expect(authorization).toBeNull();
  });

  it('treats a token it cannot read as no session', () => {
    localStorage.setItem('token', 'not-a-token');
    restoreSession();
    expect(getSession().isAuth).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });
});
