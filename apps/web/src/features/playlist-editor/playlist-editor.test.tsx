import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Playlist, Video } from '@plateau/contract';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';
import { makeVideo } from '../../testing/videos.ts';
import { stubMatchMedia } from '../../testing/media-query.ts';

const ME = 7;
const OTHER = 12;

const mine: Playlist = {
  code: 'gala26',
  title: 'Gala 2026',
  description: 'Les meilleurs moments',
  authorId: ME,
  isPublic: false,
  inLibrary: false,
  videoCount: 3,
};

const videos: Video[] = [
  makeVideo(1, { title: 'Ouverture' }),
  makeVideo(2, { title: 'Discours' }),
  makeVideo(3, { title: 'Final' }),
];

const failure = (status: number) =>
  HttpResponse.json({ statusCode: status, error: 'Erreur', message: 'Refusé' }, { status });

/** One playlist, its videos, and the pages the editor leads to. */
const serve = (playlist: Playlist = mine) =>
  server.use(
    http.get('*/api/playlists/me', () => HttpResponse.json({ playlists: [], nResults: 0 })),
    http.get('*/api/playlists/:code', ({ params }) =>
      params.code === playlist.code
        ? HttpResponse.json({ playlists: [playlist], nResults: 1 })
        : failure(404),
    ),
    http.get('*/api/videos/playlist/:code', () =>
      HttpResponse.json({ videos, nResults: videos.length }),
    ),
  );

const asMember = () => signIn(makeToken({ user: ME, role: 'plateau' }));

/** The titles of the editor's list, top to bottom. */
const rowTitles = () =>
  within(screen.getByRole('region', { name: 'Vidéos de la playlist' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

/** A phone: MUI's media queries for narrow screens match. */
const onPhone = () => stubMatchMedia((media) => media.includes('max-width'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/addPlaylist', () => {
  it('keeps Valider disabled while the title is blank, then creates and opens the playlist', async () => {
    serve();
    let sent: unknown;
    server.use(
      http.post('*/api/playlists', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(mine, { status: 201 });
      }),
    );
    asMember();
    const user = userEvent.setup();
    const { router } = renderApp('/addPlaylist');

    const valider = await screen.findByRole('button', { name: 'Valider' });
    expect(valider).toBeDisabled();
    await user.type(screen.getByLabelText(/Titre/), '   ');
    expect(valider).toBeDisabled();
    // A member cannot feature a playlist: the box is not even offered.
    expect(screen.queryByLabelText('Featuré')).toBeNull();

    await user.type(screen.getByLabelText(/Titre/), 'Gala 2026');
    await user.type(screen.getByLabelText('Description'), 'Les meilleurs moments');
    await user.click(valider);

    expect(await screen.findByText('Playlist créée avec succès')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?pl=gala26'));
    expect(router.state.location.pathname).toBe('/playlist');
    expect(sent).toEqual({ title: 'Gala 2026', description: 'Les meilleurs moments' });
  });

  it('offers Featuré to a geek and sends it; says so when the creation fails', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/playlists', async ({ request }) => {
        sent = await request.json();
        return failure(500);
      }),
    );
    signIn(makeToken({ user: ME, role: 'geek' }));
    const user = userEvent.setup();
    renderApp('/addPlaylist');

    await user.type(await screen.findByLabelText(/Titre/), 'À la une');
    await user.click(screen.getByLabelText('Featuré'));
    await user.click(screen.getByRole('button', { name: 'Valider' }));

    expect(
      await screen.findByText('Erreur pendant la création de la playlist'),
    ).toBeInTheDocument();
    expect(sent).toEqual({ title: 'À la une', description: '', isPublic: true });
  });

  it('tells a user that only members create playlists, with no form to fill in vain', async () => {
    signIn(makeToken({ user: ME, role: 'user' }));
    renderApp('/addPlaylist');

    expect(
      await screen.findByText('Seuls les membres de l’association peuvent créer une playlist.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Valider' })).toBeNull();
  });
});

describe('/editPlaylist/{code}', () => {
  it('drags by handles on wide screens, with no arrows', async () => {
    serve();
    asMember();
    renderApp('/editPlaylist/gala26');

    expect(await screen.findByRole('button', { name: 'Déplacer « Ouverture »' })).toBeVisible();
    expect(rowTitles()).toEqual(['Ouverture', 'Discours', 'Final']);
    expect(screen.getByLabelText(/Titre/)).toHaveValue('Gala 2026');
    expect(screen.queryByRole('button', { name: /^Monter/ })).toBeNull();
  });

  it('moves a video with the arrows on a phone and sends the whole new order', async () => {
    onPhone();
    serve();
    const orders: unknown[] = [];
    server.use(
      http.put('*/api/playlists/gala26/reorderVideos', async ({ request }) => {
        orders.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    asMember();
    const user = userEvent.setup();
    renderApp('/editPlaylist/gala26');

    const down = await screen.findByRole('button', { name: 'Descendre « Ouverture »' });
    expect(screen.queryByRole('button', { name: /^Déplacer/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Monter « Ouverture »' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Descendre « Final »' })).toBeDisabled();

    await user.click(down);
    expect(rowTitles()).toEqual(['Discours', 'Ouverture', 'Final']);
    await waitFor(() => expect(orders).toEqual([[2, 1, 3]]));
  });

  it("puts the order back and says 'Erreur lors du changement d'ordre' when refused", async () => {
    onPhone();
    serve();
    let asked = 0;
    server.use(
      http.put('*/api/playlists/gala26/reorderVideos', () => {
        asked += 1;
        return failure(500);
      }),
    );
    asMember();
    const user = userEvent.setup();
    renderApp('/editPlaylist/gala26');

    await user.click(await screen.findByRole('button', { name: 'Monter « Final »' }));
    expect(await screen.findByText("Erreur lors du changement d'ordre")).toBeInTheDocument();
    expect(rowTitles()).toEqual(['Ouverture', 'Discours', 'Final']);
    expect(asked).toBe(1);
  });

  it('removes a video from the playlist', async () => {
    serve();
    const removed: string[] = [];
    server.use(
      http.delete('*/api/playlists/gala26/removeVideo/:id', ({ params }) => {
        removed.push(String(params.id));
        return HttpResponse.json({ ok: true });
      }),
    );
    asMember();
    const user = userEvent.setup();
    renderApp('/editPlaylist/gala26');

    await user.click(
      await screen.findByRole('button', { name: 'Retirer « Discours » de la playlist' }),
    );
    expect(await screen.findByText('Vidéo retirée de la playlist')).toBeInTheDocument();
    expect(rowTitles()).toEqual(['Ouverture', 'Final']);
    expect(removed).toEqual(['2']);
  });

  it('saves the fields and goes to the playlist', async () => {
    serve();
    let sent: unknown;
    server.use(
      http.put('*/api/playlists/gala26', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...mine, title: 'Gala 2026 (best of)' });
      }),
    );
    asMember();
    const user = userEvent.setup();
    const { router } = renderApp('/editPlaylist/gala26');

    const title = await screen.findByLabelText(/Titre/);
    await user.clear(title);
    expect(screen.getByRole('button', { name: 'Valider' })).toBeDisabled();
    await user.type(title, 'Gala 2026 (best of)');
    await user.click(screen.getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText('Playlist modifiée avec succès')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/playlist'));
    expect(sent).toEqual({ title: 'Gala 2026 (best of)', description: 'Les meilleurs moments' });
  });

  it('deletes only after the confirmation, then goes to /playlists', async () => {
    serve();
    let deleted = 0;
    server.use(
      http.delete('*/api/playlists/gala26', () => {
        deleted += 1;
        return HttpResponse.json({ ok: true });
      }),
    );
    asMember();
    const user = userEvent.setup();
    const { router } = renderApp('/editPlaylist/gala26');

    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Etes-vous sûr de vouloir supprimer cette playlist ?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByText('Playlist supprimée avec succès')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/playlists'));
    expect(deleted).toBe(1);
  });

  it('sends someone else back to the playlist, saying they cannot edit it', async () => {
    serve({ ...mine, authorId: OTHER });
    asMember();
    const { router } = renderApp('/editPlaylist/gala26');

    expect(
      await screen.findByText("Seul l'auteur de la playlist ou un geek peut la modifier"),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/playlist'));
    expect(screen.queryByRole('button', { name: 'Valider' })).toBeNull();
  });

  it('lets a geek edit anyone’s playlist, Featuré included', async () => {
    serve({ ...mine, authorId: OTHER, isPublic: true });
    signIn(makeToken({ user: ME, role: 'geek' }));
    renderApp('/editPlaylist/gala26');

    expect(await screen.findByLabelText('Featuré')).toBeChecked();
  });

  it('goes to /playlists when the playlist cannot be loaded', async () => {
    serve();
    asMember();
    const { router } = renderApp('/editPlaylist/inconnue');

    expect(
      await screen.findByText('Erreur pendant le chargement de la playlist'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/playlists'));
  });
});
