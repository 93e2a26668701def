import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';

const openMenu = async () => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Ouvrir le menu' }));
  return { user, menu: await screen.findByRole('navigation', { name: 'Menu principal' }) };
};

describe('side menu', () => {
  it('toggles the day theme after ten taps on the logo, and keeps it', async () => {
    renderApp('/');
    const { user, menu } = await openMenu();
    const logo = await within(menu).findByRole('button', { name: 'Plateau Test' });
    for (let tap = 0; tap < 9; tap += 1) await user.click(logo);
    expect(localStorage.getItem('themeMode')).toBeNull();
    await user.click(logo);
    expect(await screen.findByText('Mode jour activé')).toBeInTheDocument();
    expect(localStorage.getItem('themeMode')).toBe('1');
    for (let tap = 0; tap < 10; tap += 1) await user.click(logo);
    expect(localStorage.getItem('themeMode')).toBe('0');
  });

  it('shows visitors their entries only', async () => {
    renderApp('/');
    const { menu } = await openMenu();
    expect(within(menu).getByText('Nos vidéos publiques')).toBeInTheDocument();
    expect(within(menu).queryByText('ESPACE PERSO')).toBeNull();
    expect(within(menu).queryByText('Déconnexion')).toBeNull();
  });

  it('shows DT EN COURS, the latest directs and the geek tools to a geek', async () => {
    server.use(
      http.get('*/api/homeDisplay', () => HttpResponse.json({ homeDisplay: 3 })),
      http.get('*/api/currentLive', () => HttpResponse.json({ url: 'https://live.example.org' })),
      http.get('*/api/directs', ({ request }) => {
        expect(new URL(request.url).searchParams.get('page_size')).toBe('5');
        return HttpResponse.json({
          directs: [
            {
              id: 3,
              title: 'Gala 2026',
              description: '',
              date: '2026-11-21T18:00:00Z',
              privacy: 0,
              promotion: -1,
              gpaRestricted: false,
              liveUrl: '',
              hasPoster: false,
            },
          ],
          nResults: 1,
        });
      }),
    );
    signIn(makeToken({ role: 'geek' }));
    renderApp('/');
    const { menu } = await openMenu();
    expect(await within(menu).findByText('DT EN COURS')).toBeInTheDocument();
    expect(await within(menu).findByText('Gala 2026')).toBeInTheDocument();
    expect(within(menu).getByText('21 novembre 2026')).toBeInTheDocument();
    expect(within(menu).getByText('Paramètres')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Système' })).toHaveAttribute('href', '/system');
    expect(within(menu).queryByText('Nos vidéos publiques')).toBeNull();
  });

  it('gives a member the multi-file upload under ESPACE MEMBRE', async () => {
    signIn(makeToken({ role: 'plateau' }));
    renderApp('/');
    const { menu } = await openMenu();
    expect(
      await within(menu).findByRole('link', { name: 'Envoyer plusieurs vidéos' }),
    ).toHaveAttribute('href', '/addVideos');
    expect(within(menu).getByRole('link', { name: 'Ajouter une vidéo' })).toHaveAttribute(
      'href',
      '/addVideo',
    );
    expect(within(menu).queryByRole('link', { name: 'Système' })).toBeNull();
  });

  it('gives members and geeks « Statistiques » under ESPACE MEMBRE, and students none', async () => {
    signIn(makeToken({ role: 'plateau' }));
    const member = renderApp('/');
    const { menu } = await openMenu();
    expect(await within(menu).findByRole('link', { name: 'Statistiques' })).toHaveAttribute(
      'href',
      '/statistics',
    );
    member.unmount();

    signIn(makeToken({ role: 'user' }));
    renderApp('/');
    const student = await openMenu();
    await within(student.menu).findByText('Historique');
    expect(within(student.menu).queryByRole('link', { name: 'Statistiques' })).toBeNull();
  });

  it('hides DT EN COURS when the home page does not feature the live', async () => {
    server.use(
      http.get('*/api/currentLive', () => HttpResponse.json({ url: 'https://live.example.org' })),
    );
    signIn(makeToken({ role: 'user' }));
    renderApp('/');
    const { menu } = await openMenu();
    await within(menu).findByText('Dernières vidéos');
    await waitFor(() => expect(within(menu).queryByText('ESPACE MEMBRE')).toBeNull());
    expect(within(menu).queryByText('DT EN COURS')).toBeNull();
  });

  it('signs out from Déconnexion', async () => {
    signIn(makeToken());
    renderApp('/');
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByText('Déconnexion'));
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull(),
    );
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Connexion' })).toBeInTheDocument();
  });

  it("brings a visitor back to the page they were on after signing in from the header's Connexion", async () => {
    server.use(http.post('*/api/token', () => HttpResponse.json({ accessToken: makeToken() })));
    const { router } = renderApp('/directs?page=2');
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByRole('banner')).getByRole('link', { name: 'Connexion' }),
    );
    await user.type(await screen.findByLabelText('Identifiant'), 'camille');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret-secret');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/directs'));
    expect(router.state.location.search).toBe('?page=2');
  });
});
