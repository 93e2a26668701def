import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Playlist, Video } from '@plateau/contract';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';
import { makeVideo } from '../../testing/videos.ts';

const ME = 7;
const OTHER = 12;

const playlist = (overrides: Partial<Playlist>): Playlist => ({
  code: 'code',
  title: 'Playlist',
  description: '',
  authorId: OTHER,
  isPublic: false,
  inLibrary: false,
  videoCount: 0,
  ...overrides,
});

const video = (id: number, title: string): Video =>
  makeVideo(id, { title, date: '2026-10-01T12:00:00Z', privacy: 1, authorId: OTHER });

const notFound = () =>
  HttpResponse.json(
    { statusCode: 404, error: 'Not Found', message: 'Playlist introuvable' },
    { status: 404 },
  );

/** The playlist calls of one test: lists, one playlist and its videos; no thumbnail. */
const serve = ({
  me = [],
  featured = [],
  one,
  videos = [],
}: {
  me?: Playlist[];
  featured?: Playlist[];
  one?: Playlist;
  videos?: Video[];
}) =>
  server.use(
    http.get('*/api/playlists/me', () => HttpResponse.json({ playlists: me, nResults: me.length })),
    http.get('*/api/playlists/public', () =>
      HttpResponse.json({ playlists: featured, nResults: featured.length }),
    ),
    http.get('*/api/playlists/:code', ({ params }) =>
      one && params.code === one.code
        ? HttpResponse.json({ playlists: [one], nResults: 1 })
        : notFound(),
    ),
    http.get('*/api/videos/playlist/:code', ({ params }) =>
      one && params.code === one.code
        ? HttpResponse.json({ videos, nResults: videos.length })
        : notFound(),
    ),
    http.get('*/api/media/thumbnail/:id', () => new HttpResponse(null, { status: 404 })),
  );

const cardTitles = async () => {
  await screen.findAllByRole('heading', { level: 3 });
  return screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
};

describe('/playlists', () => {
  it('shows the library sorted by title, with a create button for members', async () => {
    serve({
      me: [
        playlist({ code: 'z', title: 'Zapping de fin d’année', authorId: ME }),
        playlist({ code: 'a', title: 'apéro des 1A', inLibrary: true }),
        playlist({ code: 'e', title: 'Échauffements', inLibrary: true }),
        playlist({ code: 'b', title: 'Best of Gala', authorId: ME }),
      ],
    });
    signIn(makeToken({ user: ME, role: 'plateau' }));
    renderApp('/playlists');
    expect(await cardTitles()).toEqual([
      'apéro des 1A',
      'Best of Gala',
      'Échauffements',
      'Zapping de fin d’année',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Ma bibliothèque' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Créer une playlist' })).toHaveAttribute(
      'href',
      '/addPlaylist',
    );
  });

  it('says there is nothing yet, and offers no create button to a user', async () => {
    serve({ me: [] });
    signIn(makeToken({ user: ME, role: 'user' }));
    renderApp('/playlists');
    expect(await screen.findByText("Il n'y a rien ici... Pour l'instant ?")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Créer une playlist' })).toBeNull();
  });
});

describe('playlist card menu', () => {
  const gala = playlist({
    code: 'gala26',
    title: 'Gala 2026',
    description: 'Les meilleurs moments',
    isPublic: true,
    videoCount: 4,
  });

  it('opens on right click and copies the absolute link', async () => {
    serve({ featured: [gala] });
    signIn(makeToken({ user: ME, role: 'user' }));
    const user = userEvent.setup();
    // After setup: user-event installs its own clipboard, this one replaces it for the test.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/featured');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Playlists featurées' }),
    ).toBeInTheDocument();
    const title = await screen.findByRole('heading', { level: 3, name: 'Gala 2026' });
    expect(screen.getByText('4 vidéos')).toBeInTheDocument();

    fireEvent.contextMenu(title);
    const menu = await screen.findByRole('menu');
    // Someone else's playlist, seen by a user: no Modifier.
    expect(within(menu).queryByRole('menuitem', { name: 'Modifier' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Copier le lien' }));

    expect(await screen.findByText('Lien copié !')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/playlist?pl=gala26`);
  });

  it('adds to the library from the dots button, then offers to remove it', async () => {
    serve({ featured: [gala] });
    const sent: string[] = [];
    server.use(
      http.put('*/api/library/:code', ({ request }) => {
        sent.push(`PUT ${new URL(request.url).pathname}`);
        return HttpResponse.json({ ok: true, inLibrary: true });
      }),
    );
    signIn(makeToken({ user: ME, role: 'user' }));
    const user = userEvent.setup();
    renderApp('/featured');

    await user.click(await screen.findByRole('button', { name: "Plus d'actions" }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ajouter à ma bibliothèque' }));

    expect(await screen.findByText('Playlist ajoutee a votre bibliotheque')).toBeInTheDocument();
    expect(sent).toEqual(['PUT /api/library/gala26']);
    await user.click(screen.getByRole('button', { name: "Plus d'actions" }));
    expect(
      await screen.findByRole('menuitem', { name: 'Retirer de ma bibliothèque' }),
    ).toBeInTheDocument();
  });

  it('tells when the library change failed', async () => {
    serve({ featured: [{ ...gala, inLibrary: true }] });
    server.use(
      http.delete('*/api/library/:code', () =>
        HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'Non' }, { status: 403 }),
      ),
    );
    signIn(makeToken({ user: ME, role: 'user' }));
    const user = userEvent.setup();
    renderApp('/featured');

    await user.click(await screen.findByRole('button', { name: "Plus d'actions" }));
    await user.click(await screen.findByRole('menuitem', { name: 'Retirer de ma bibliothèque' }));
    expect(await screen.findByText("Erreur pendant l'opération")).toBeInTheDocument();
  });

  it('offers Modifier, and no library entry, on the author’s own playlist', async () => {
    serve({ me: [{ ...gala, authorId: ME }] });
    signIn(makeToken({ user: ME, role: 'plateau' }));
    const user = userEvent.setup();
    renderApp('/playlists');

    await user.click(await screen.findByRole('button', { name: "Plus d'actions" }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Modifier' })).toHaveAttribute(
      'href',
      '/editPlaylist/gala26',
    );
    expect(within(menu).queryByRole('menuitem', { name: /bibliothèque/ })).toBeNull();
  });
});

describe('/playlist?pl=', () => {
  const mine = playlist({
    code: 'rx_7',
    title: 'Rétrospective',
    description: 'Première ligne\nDeuxième ligne <b>pas du HTML</b>',
    authorId: ME,
    videoCount: 2,
  });
  const videos = [video(5, 'Ouverture'), video(9, 'Clôture')];

  it('shows the title, the description as typed, and videos that keep the playlist', async () => {
    serve({ one: mine, videos });
    signIn(makeToken({ user: ME, role: 'plateau' }));
    renderApp('/playlist?pl=rx_7');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rétrospective' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Créée par vous' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Playlist featurée' })).toBeNull();
    const description = screen.getByText(/Première ligne/);
    expect(description.textContent).toBe('Première ligne\nDeuxième ligne <b>pas du HTML</b>');
    expect(description).toHaveStyle({ whiteSpace: 'pre-line' });
    expect(screen.getByRole('link', { name: 'Modifier' })).toHaveAttribute(
      'href',
      '/editPlaylist/rx_7',
    );
    expect(screen.queryByRole('button', { name: /bibliothèque/ })).toBeNull();

    const first = await screen.findByRole('link', { name: /Ouverture/ });
    expect(first).toHaveAttribute('href', '/video?v=5&pl=rx_7');
    expect(screen.getByRole('link', { name: /Clôture/ })).toHaveAttribute(
      'href',
      '/video?v=9&pl=rx_7',
    );
  });

  it('shows another author’s playlist without the author icon, with the library button', async () => {
    const theirs = { ...mine, authorId: OTHER, isPublic: true };
    serve({ one: theirs, videos });
    server.use(
      http.put('*/api/library/:code', () => HttpResponse.json({ ok: true, inLibrary: true })),
    );
    signIn(makeToken({ user: ME, role: 'user' }));
    const user = userEvent.setup();
    renderApp('/playlist?pl=rx_7');

    await screen.findByRole('heading', { level: 1, name: 'Rétrospective' });
    expect(screen.queryByRole('img', { name: 'Créée par vous' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Playlist featurée' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Modifier' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ajouter à ma bibliothèque' }));
    expect(await screen.findByText('Playlist ajoutee a votre bibliotheque')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Retirer de ma bibliothèque' }),
    ).toBeInTheDocument();
  });

  it('goes to /playlists with the message when the playlist does not exist', async () => {
    serve({ me: [] });
    signIn(makeToken({ user: ME, role: 'user' }));
    const { router } = renderApp('/playlist?pl=inconnue');

    expect(
      await screen.findByText('Erreur pendant le chargement de la playlist'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/playlists'));
    expect(await screen.findByText("Il n'y a rien ici... Pour l'instant ?")).toBeInTheDocument();
  });

  it('goes to /playlists when its videos cannot be loaded', async () => {
    serve({ one: mine, me: [] });
    server.use(
      http.get('*/api/videos/playlist/:code', () =>
        HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'Non' }, { status: 403 }),
      ),
    );
    signIn(makeToken({ user: ME, role: 'plateau' }));
    const { router } = renderApp('/playlist?pl=rx_7');

    expect(
      await screen.findByText('Erreur pendant le chargement des vidéos de la playlist'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/playlists'));
  });
});
