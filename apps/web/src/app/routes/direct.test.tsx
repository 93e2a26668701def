import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Direct, Video } from '@plateau/contract';
import { makeDirect, makeVideo } from '../../features/directs/testing/fixtures.ts';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';

const refused = (status: number) =>
  HttpResponse.json({ statusCode: status, error: 'Refusé', message: 'Refusé' }, { status });

const list = (directs: Direct[]) => HttpResponse.json({ directs, nResults: directs.length });

/** The server of one direct: its neighbours and its videos. */
const directServer = ({
  direct = makeDirect(),
  previous = null,
  next = null,
  videos = [],
}: {
  direct?: Direct;
  previous?: Direct | null;
  next?: Direct | null;
  videos?: Video[];
}) =>
  server.use(
    http.get('*/api/directs/:id', ({ params }) =>
      params.id === String(direct.id) ? list([direct]) : refused(404),
    ),
    http.get('*/api/directs/previous/:id', () => list(previous ? [previous] : [])),
    http.get('*/api/directs/next/:id', () => list(next ? [next] : [])),
    http.get('*/api/videos/direct/:id', () =>
      HttpResponse.json({ videos, nResults: videos.length }),
    ),
    // No image on this server: the cards keep their placeholders.
    http.get('*/api/media/*', () => new HttpResponse(null, { status: 404 })),
  );

/** What the signed-in home asks for once a refused direct sends the person there. */
const quietHome = () =>
  server.use(
    http.get('*/api/directs/currentDirect', () => list([])),
    http.get('*/api/videos/trending', () => HttpResponse.json({ videos: [], nResults: 0 })),
    http.get('*/api/videos', () => HttpResponse.json({ videos: [], nResults: 0 })),
  );

const withLive = makeDirect({ liveUrl: 'https://live.example.org/gala' });

describe('/direct?d=', () => {
  it('shows the direct, its neighbours and its videos; Modifier and REDIFF for a geek', async () => {
    directServer({
      direct: withLive,
      previous: makeDirect({ id: 11, title: 'Concert de rentrée' }),
      next: makeDirect({ id: 13, title: 'Tournoi de rugby' }),
      videos: [makeVideo(), makeVideo({ id: 41, title: 'Le final en musique' })],
    });
    signIn(makeToken({ role: 'geek' }));
    renderApp('/direct?d=12');

    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Gala des Arts 2026' }),
    ).toBeVisible();
    expect(within(main).getByText('21 novembre 2026')).toBeVisible();
    // The line break of the description is kept, as plain text.
    const description = within(main).getByText(/Une soirée de spectacles\./);
    expect(description.textContent).toBe('Une soirée de spectacles.\nEn direct du grand amphi.');
    expect(description).toHaveStyle({ whiteSpace: 'pre-line' });

    expect(within(main).getByRole('link', { name: 'REDIFF' })).toHaveAttribute(
      'href',
      'https://live.example.org/gala',
    );
    expect(within(main).getByRole('link', { name: 'Modifier' })).toHaveAttribute(
      'href',
      '/editDirect/12',
    );

    const neighbours = await within(main).findByRole('navigation', { name: 'Autres DT' });
    expect(
      await within(neighbours).findByRole('link', { name: /DT précédent.*Concert de rentrée/ }),
    ).toHaveAttribute('href', '/direct?d=11');
    expect(
      await within(neighbours).findByRole('link', { name: /DT suivant.*Tournoi de rugby/ }),
    ).toHaveAttribute('href', '/direct?d=13');

    expect(await within(main).findByRole('link', { name: /Le final en musique/ })).toHaveAttribute(
      'href',
      '/video?v=41',
    );
    expect(within(main).getByRole('link', { name: /Le discours du président/ })).toBeVisible();
  });

  it('gives a member REDIFF but not Modifier, and hides missing neighbours', async () => {
    directServer({ direct: withLive, next: makeDirect({ id: 13, title: 'Tournoi de rugby' }) });
    signIn(makeToken({ role: 'plateau' }));
    renderApp('/direct?d=12');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'REDIFF' })).toBeVisible();
    expect(within(main).queryByRole('link', { name: 'Modifier' })).toBeNull();
    expect(await within(main).findByRole('link', { name: /DT suivant/ })).toBeVisible();
    expect(within(main).queryByText('DT précédent')).toBeNull();
    expect(await within(main).findByText("Aucune vidéo pour ce DT pour l'instant.")).toBeVisible();
  });

  it('gives a member no REDIFF when the direct has no live link', async () => {
    directServer({});
    signIn(makeToken({ role: 'plateau' }));
    renderApp('/direct?d=12');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { name: 'Gala des Arts 2026' })).toBeVisible();
    expect(within(main).queryByRole('link', { name: 'REDIFF' })).toBeNull();
  });

  it('gives a user neither REDIFF nor Modifier, and no neighbour links when there are none', async () => {
    directServer({ direct: withLive });
    signIn(makeToken({ role: 'user' }));
    renderApp('/direct?d=12');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { name: 'Gala des Arts 2026' })).toBeVisible();
    expect(await within(main).findByText("Aucune vidéo pour ce DT pour l'instant.")).toBeVisible();
    expect(within(main).queryByRole('link', { name: 'REDIFF' })).toBeNull();
    expect(within(main).queryByRole('link', { name: 'Modifier' })).toBeNull();
    expect(within(main).queryByRole('navigation', { name: 'Autres DT' })).toBeNull();
  });

  it('sends a visitor refused (401) to /login, remembering the direct', async () => {
    server.use(http.get('*/api/directs/:id', () => refused(401)));
    const { router } = renderApp('/direct?d=12');
    expect(await screen.findByText('Veuillez vous connecter')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/direct?d=12' });
  });

  it('sends a signed-in person home when the direct does not exist (404)', async () => {
    directServer({});
    quietHome();
    signIn(makeToken({ role: 'user' }));
    const { router } = renderApp('/direct?d=99');
    expect(await screen.findByText("Ce direct n'est pas accessible")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a signed-in person home when the direct is refused (403)', async () => {
    server.use(http.get('*/api/directs/:id', () => refused(403)));
    quietHome();
    signIn(makeToken({ role: 'user' }));
    const { router } = renderApp('/direct?d=12');
    expect(await screen.findByText("Ce direct n'est pas accessible")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends anyone home on another failure, as the watch page does', async () => {
    server.use(http.get('*/api/directs/:id', () => refused(500)));
    const { router } = renderApp('/direct?d=12');
    expect(await screen.findByText('Erreur pendant le chargement du direct')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('treats a missing or unreadable d as a direct that does not exist, without a call', async () => {
    quietHome();
    signIn(makeToken({ role: 'user' }));
    // No handler for directs/{id}: a call would fail the test (unhandled request).
    const { router } = renderApp('/direct?d=abc');
    expect(await screen.findByText("Ce direct n'est pas accessible")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
