import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../lib/session.ts';
import { renderApp } from '../testing/render.tsx';
import { makeToken } from '../testing/tokens.ts';

describe('route guard', () => {
  it('sends a visitor to /login, remembering the page', async () => {
    const { router } = renderApp('/history');
    expect(await screen.findByRole('button', { name: 'Valider' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/history' });
  });

  it('lets a signed-in user in', async () => {
    signIn(makeToken({ role: 'user' }));
    const { router } = renderApp('/history');
    expect(await screen.findByRole('heading', { name: 'Mon historique' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/history');
  });

  it('refuses a role the page does not allow', async () => {
    signIn(makeToken({ role: 'plateau' }));
    const { router } = renderApp('/settings?tab=1');
    // Already signed in: /login sends the person home.
    expect(await screen.findByRole('heading', { name: /^Bienvenue/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a geek into the geek pages', async () => {
    signIn(makeToken({ role: 'geek' }));
    const { router } = renderApp('/addDirect');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ajouter un DT' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/addDirect');
  });

  it('signs an expired session out and sends it to /login', async () => {
    signIn(makeToken({ exp: Math.floor(Date.now() / 1000) - 10 }));
    const { router } = renderApp('/liked');
    expect(await screen.findByRole('button', { name: 'Valider' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/liked' });
    expect(localStorage.getItem('token')).toBeNull();
  });
});
