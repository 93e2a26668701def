import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { getSession, signIn } from '../../../lib/session.ts';
import { makeToken } from '../../../testing/tokens.ts';
import { renderApp } from '../../../testing/render.tsx';
import { testSite } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';
import { videoPage } from '../../../testing/videos.ts';
import { HomeHero } from './home-hero.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

/** The hero alone, with a stand-in login page. */
const renderHero = () => {
  const router = createMemoryRouter([
    { path: '/', element: <HomeHero gridId="grille" /> },
    { path: '/login', element: <p>Page de connexion</p> },
    { path: '/contact', element: <p>Page de contact</p> },
  ]);
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
};

describe('home for visitors', () => {
  it('shows a random tagline, Connexion and Contact, then the latest videos without a top pager', async () => {
    const pages: (string | null)[] = [];
    server.use(
      http.get('*/api/site', () =>
        HttpResponse.json({
          ...testSite,
          taglines: ['Filmer, monter, diffuser', 'Toute la vie du campus en vidéo'],
        }),
      ),
      http.get('*/api/videos', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page');
        pages.push(page);
        return HttpResponse.json(videoPage(Number(page), 49));
      }),
    );
    // The second of the two taglines.
    vi.spyOn(Math, 'random').mockReturnValue(0.75);
    renderApp('/');
    const hero = await screen.findByRole('region', { name: 'Bienvenue' });
    expect(
      await within(hero).findByRole('heading', {
        level: 1,
        name: 'Toute la vie du campus en vidéo',
      }),
    ).toBeInTheDocument();
    expect(within(hero).getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/login');
    expect(within(hero).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(hero).getByRole('button', { name: 'Voir les vidéos' })).toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Nos dernieres videos' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Vidéo 1')).toBeInTheDocument();
    // Only the pager below the cards.
    expect(screen.getAllByText('Page 1 / 2')).toHaveLength(1);
    expect(pages).toEqual(['1']);
  });

  it('goes to /login from the hero Connexion button', async () => {
    const { router } = renderApp('/');
    const hero = await screen.findByRole('region', { name: 'Bienvenue' });
    within(hero).getByRole('link', { name: 'Connexion' }).click();
    expect(await screen.findByRole('button', { name: 'Valider' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs out whoever was signed in before going to /login', async () => {
    signIn(makeToken());
    const router = renderHero();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Connexion' }));
    expect(await screen.findByText('Page de connexion')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession().isAuth).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('plays the banner video muted, looping and inline, once the page has painted', async () => {
    renderHero();
    await screen.findByRole('heading', { level: 1 });
    const video = await waitFor(() => {
      const element = document.querySelector('video');
      expect(element).not.toBeNull();
      return element!;
    });
    expect(video).toHaveAttribute('src', '/banner.mp4');
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video).not.toHaveAttribute('poster');
  });

  it('fades the scroll-down arrow out as the page scrolls', async () => {
    renderHero();
    const arrow = await screen.findByRole('button', { name: 'Voir les vidéos' });
    expect(arrow).toBeVisible();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 120 });
    act(() => void fireEvent.scroll(window));
    await waitFor(() => expect(arrow).toHaveStyle({ opacity: '0.5' }));
    expect(arrow).toBeVisible();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 600 });
    act(() => void fireEvent.scroll(window));
    await waitFor(() => expect(arrow).not.toBeVisible());
  });
});
