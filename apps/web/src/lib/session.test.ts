import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../testing/server.ts';
import { makeToken } from '../testing/tokens.ts';
import { api } from './api.ts';
import {
  checkSession,
  getSession,
  onSessionChange,
  restoreSession,
  sessionEndedHere,
  signIn,
  signOut,
} from './session.ts';

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

  it('follows another tab: its sign-out ends this session, its sign-in becomes this one', () => {
    const changes: string[] = [];
    const stop = onSessionChange(() => changes.push(getSession().username ?? 'personne'));
    signIn(makeToken({ username: 'marie' }));
    // The other tab signs out: this tab hears it through the shared storage.
    localStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(getSession().isAuth).toBe(false);
    expect(sessionEndedHere()).toBe(true);
    // The other tab signs someone else in.
    localStorage.setItem('token', makeToken({ username: 'noe' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(getSession()).toMatchObject({ isAuth: true, username: 'noe' });
    expect(changes).toEqual(['marie', 'personne', 'noe']);
    stop();
  });

  it('never calls with a token another tab already signed out, even before its event arrives', async () => {
    const sent: (string | null)[] = [];
    server.use(
      http.get('*/api/tags', ({ request }) => {
        sent.push(request.headers.get('authorization'));
        return HttpResponse.json([]);
      }),
    );
    signIn(makeToken({ username: 'marie' }));
    localStorage.removeItem('token');
    await api.get('tags');
    expect(sent).toEqual([null]);
    expect(getSession().isAuth).toBe(false);
  });

  it('drops an answer made for the previous person: it is never handed to the next one', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.get('*/api/videos/history', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ videos: [{ id: 1, title: 'Secret' }], nResults: 1 });
      }),
    );
    signIn(makeToken({ username: 'marie' }));
    const hers = api.get('videos/history');
    const settled = hers.then(
      () => 'answered',
      (error: unknown) => (error as Error).name,
    );
    await vi.waitFor(() => expect(answer).not.toBe(undefined));
    signOut();
    signIn(makeToken({ username: 'noe' }));
    answer!();
    expect(await settled).toBe('AbortError');
  });
});
