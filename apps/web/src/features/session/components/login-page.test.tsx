import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, signIn } from '../../../lib/session.ts';
import { testSite } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { makeToken } from '../../../testing/tokens.ts';
import { wrongCredentialsMessages } from '../messages.ts';

afterEach(() => vi.restoreAllMocks());

const fillAndSubmit = async (username: string, password: string) => {
  const user = userEvent.setup();
  if (username) await user.type(await screen.findByLabelText('Identifiant'), username);
  if (password) await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Valider' }));
};

describe('/login', () => {
  it('asks for both fields without calling the server', async () => {
    const calls = vi.fn();
    server.use(
      http.post('*/api/token', () => {
        calls();
        return HttpResponse.json({ accessToken: makeToken() });
      }),
    );
    renderApp('/login');
    await fillAndSubmit('camille', '');
    expect(
      await screen.findByText('Veuillez renseinger un identifiant et un mot de passe'),
    ).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
  });

  it('answers wrong credentials with one of the six messages', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post('*/api/token', () =>
        HttpResponse.json(
          { statusCode: 401, error: 'Unauthorized', message: 'Identifiants incorrects' },
          { status: 401 },
        ),
      ),
    );
    renderApp('/login');
    await fillAndSubmit('camille', 'mauvais-mot');
    const alert = await screen.findByRole('alert');
    expect(wrongCredentialsMessages).toContain(alert.textContent);
    expect(getSession().isAuth).toBe(false);
  });

  it('answers any other failure with the generic message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/api/token', () => new HttpResponse(null, { status: 502 })));
    renderApp('/login');
    await fillAndSubmit('camille', 'secret-secret');
    expect(await screen.findByText("Une erreur s'est produite...")).toBeInTheDocument();
  });

  it('signs in with a multipart form and returns to the remembered page', async () => {
    let fields: Record<string, FormDataEntryValue> = {};
    server.use(
      http.post('*/api/token', async ({ request }) => {
        fields = Object.fromEntries((await request.formData()).entries());
        return HttpResponse.json({ accessToken: makeToken({ username: 'camille' }) });
      }),
    );
    const { router } = renderApp('/login', { from: '/history' });
    await fillAndSubmit('camille', 'secret-secret');
    expect(await screen.findByText('Connexion reussie ! Bienvenue')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/history'));
    expect(fields).toEqual({ username: 'camille', password: 'secret-secret' });
    expect(getSession()).toMatchObject({ isAuth: true, username: 'camille' });
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('sends an already signed-in person home', async () => {
    signIn(makeToken());
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes back home with Retour', async () => {
    const { router } = renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('hides single sign-on while the site says it is not configured', async () => {
    server.use(http.get('*/api/site', () => HttpResponse.json({ ...testSite, sso: false })));
    renderApp('/login');
    await screen.findByRole('button', { name: 'Valider' });
    // Give the site settings their answer before looking for the button.
    await waitFor(() => expect(screen.getByText('Connexion à Plateau Test')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /compte de l'école/ })).toBeNull();
  });
});

describe('single sign-on', () => {
  const ssoButton = () => screen.findByRole('button', { name: /compte de l'école/ });

  it('comes back from the provider signed in, to the stored page, gda access false', async () => {
    let url = '';
    let credentials = '';
    server.use(
      http.get('*/api/auth/callback', ({ request }) => {
        url = request.url;
        credentials = request.credentials;
        return HttpResponse.json({ accessToken: makeToken({ gda_access: true }) });
      }),
    );
    localStorage.setItem('ssoReturnPath', '/playlists');
    const { router } = renderApp('/auth/callback?code=abc&state=xyz');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/playlists'));
    expect(new URL(url).search).toBe('?code=abc&state=xyz');
    expect(credentials).toBe('include');
    expect(getSession()).toMatchObject({ isAuth: true, gdaAccess: false });
  });

  it('grows the button after each failed attempt', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/api/auth/callback', () => new HttpResponse(null, { status: 401 })));
    const first = renderApp('/login');
    const before = Number((await ssoButton()).dataset.failures);
    first.unmount();

    const { router } = renderApp('/auth/callback?code=bad');
    expect(await screen.findByText('Erreur de connexion...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const after = Number((await ssoButton()).dataset.failures);
    expect(after).toBe(before + 1);
    expect(getSession().isAuth).toBe(false);
  });

  it('remembers where to come back before leaving for the provider', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderApp('/login', { from: '/featured' });
    await userEvent.setup().click(await ssoButton());
    expect(localStorage.getItem('ssoReturnPath')).toBe('/featured');
    expect(assign).toHaveBeenCalledWith('/api/login/vr');
  });
});
