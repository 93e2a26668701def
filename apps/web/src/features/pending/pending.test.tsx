import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@plateau/contract';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';
import { makeVideo } from '../../testing/videos.ts';

const pending = (id: number, overrides: Partial<Video> = {}): Video =>
  makeVideo(id, { processing: 1, privacy: 1, rungs: [], ...overrides });

const list = (videos: Video[], nResults = videos.length) => HttpResponse.json({ videos, nResults });

const refused = (status: number, message: string) =>
  HttpResponse.json({ statusCode: status, error: 'Refusé', message }, { status });

/** The pending list answers `videos` (or each call's own answer); no thumbnail anywhere. */
const servePending = (videos: Video[] | (() => Video[]), nResults?: number) =>
  server.use(
    http.get('*/api/videos/pending', () =>
      list(typeof videos === 'function' ? videos() : videos, nResults),
    ),
    http.get('*/api/media/thumbnail/:id', () => new HttpResponse(null, { status: 404 })),
  );

const openPending = async () => {
  signIn(makeToken({ role: 'plateau' }));
  const view = renderApp('/pending');
  const main = await screen.findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: 'Vidéos en attente' });
  return { ...view, main };
};

const EMPTY = /Aucune vidéo en attente/;

const card = (title: string) => screen.findByRole('article', { name: title });

describe('/pending', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the details and actions below processing 2, the progress from 2', async () => {
    servePending([
      pending(1, {
        title: 'Gala 2026 - le final',
        description: 'Le final du gala.',
        promotion: 2026,
        directId: 12,
        date: '2026-11-21T20:00:00Z',
      }),
      pending(2, { title: 'Tournoi de rugby', processing: 2, encodingProgress: 42 }),
    ]);
    await openPending();

    const waiting = await card('Gala 2026 - le final');
    expect(within(waiting).getByText('21 novembre 2026')).toBeVisible();
    expect(within(waiting).getByText('Le final du gala.')).toBeVisible();
    expect(within(waiting).getByText('Accès : CS')).toBeVisible();
    expect(within(waiting).getByText('P2026')).toBeVisible();
    expect(within(waiting).getByRole('link', { name: 'DT n°12' })).toHaveAttribute(
      'href',
      '/direct?d=12',
    );
    expect(within(waiting).getByRole('link', { name: 'Modifier' })).toHaveAttribute(
      'href',
      '/editVideo/1',
    );
    expect(within(waiting).getByRole('button', { name: 'Encoder et publier' })).toBeEnabled();
    expect(within(waiting).getByRole('button', { name: 'Supprimer' })).toBeEnabled();
    expect(within(waiting).getByLabelText('Aperçu de « Gala 2026 - le final »')).toHaveAttribute(
      'src',
      expect.stringMatching(/^\/api\/media\/video\/1\/0\?token=/),
    );
    expect(within(waiting).queryByText('Encodage en cours...')).toBeNull();

    const encoding = await card('Tournoi de rugby');
    expect(within(encoding).getByText('Encodage en cours...')).toBeVisible();
    expect(within(encoding).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
    expect(within(encoding).getByText('42 %')).toBeVisible();
    expect(within(encoding).queryByRole('link', { name: 'Modifier' })).toBeNull();
    expect(within(encoding).queryByRole('button', { name: 'Encoder et publier' })).toBeNull();
    expect(within(encoding).queryByText('Accès : CS')).toBeNull();
  });

  it("says 'Sans description', no promo and no direct; no preview and no encode without a file", async () => {
    servePending([pending(3, { title: 'Sans fichier', processing: 0 })]);
    await openPending();
    const waiting = await card('Sans fichier');
    expect(within(waiting).getByText('Sans description')).toBeVisible();
    expect(within(waiting).getByText('Aucune promo associée')).toBeVisible();
    expect(within(waiting).getByText('Aucun direct associé')).toBeVisible();
    expect(within(waiting).queryByLabelText(/Aperçu/)).toBeNull();
    expect(within(waiting).getByRole('button', { name: 'Encoder et publier' })).toBeDisabled();
  });

  it("offers 'Tout encoder et publier' only when more than one video waits at 1", async () => {
    servePending([
      pending(1, { title: 'Une' }),
      pending(2, { title: 'Deux', processing: 2, encodingProgress: 10 }),
      pending(3, { title: 'Trois', processing: 0 }),
    ]);
    const first = await openPending();
    await card('Trois');
    expect(screen.queryByRole('button', { name: 'Tout encoder et publier' })).toBeNull();
    first.unmount();

    const encoded: string[] = [];
    let videos = [pending(4, { title: 'Quatre' }), pending(5, { title: 'Cinq' })];
    servePending(() => videos);
    server.use(
      http.post('*/api/encode/:id', ({ params }) => {
        encoded.push(String(params.id));
        videos = videos.map((video) =>
          String(video.id) === params.id ? { ...video, processing: 2, encodingProgress: 0 } : video,
        );
        return HttpResponse.json({ ok: true });
      }),
    );
    await openPending();
    await userEvent.click(await screen.findByRole('button', { name: 'Tout encoder et publier' }));
    await waitFor(() => expect(screen.getAllByText('Encodage en cours...')).toHaveLength(2));
    expect(encoded).toEqual(['4', '5']);
    expect(screen.queryByRole('button', { name: 'Tout encoder et publier' })).toBeNull();
  });

  it('asks before deleting, then deletes the files and the video, in that order', async () => {
    const calls: string[] = [];
    let videos = [pending(5, { title: 'Vidéo ratée' })];
    servePending(() => videos);
    server.use(
      http.delete('*/api/media/video/:id', ({ params }) => {
        calls.push(`media ${String(params.id)}`);
        return HttpResponse.json({ ok: true });
      }),
      http.delete('*/api/videos/:id', ({ params }) => {
        calls.push(`video ${String(params.id)}`);
        videos = [];
        return HttpResponse.json({ ok: true });
      }),
    );
    await openPending();
    const user = userEvent.setup();
    const waiting = await card('Vidéo ratée');

    await user.click(within(waiting).getByRole('button', { name: 'Supprimer' }));
    let dialog = await screen.findByRole('dialog', {
      name: 'Etes-vous sûr de vouloir supprimer cette vidéo ?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(within(waiting).getByRole('button', { name: 'Supprimer' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/« Vidéo ratée »/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(EMPTY)).toBeVisible();
    expect(calls).toEqual(['media 5', 'video 5']);
  });

  it('says when deleting failed, and keeps the video', async () => {
    servePending([pending(6, { title: 'Toujours là' })]);
    server.use(
      http.delete('*/api/media/video/:id', () => refused(409, 'Encodage en cours')),
      http.delete('*/api/videos/:id', () => HttpResponse.json({ ok: true })),
    );
    await openPending();
    const user = userEvent.setup();
    await user.click(within(await card('Toujours là')).getByRole('button', { name: 'Supprimer' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }),
    );
    expect(await screen.findByText('Erreur pendant la suppression de la vidéo')).toBeVisible();
    expect(screen.queryByText('Encodage en cours')).toBeNull();
    expect(await card('Toujours là')).toBeVisible();
  });

  it("says 'Error pendant l'encodage' when the server refuses to encode", async () => {
    servePending([pending(7, { title: 'Refusée' })]);
    server.use(
      http.post('*/api/encode/:id', () =>
        refused(409, "Aucun fichier vidéo n'a été envoyé pour cette vidéo"),
      ),
    );
    await openPending();
    await userEvent.click(
      within(await card('Refusée')).getByRole('button', { name: 'Encoder et publier' }),
    );
    expect(await screen.findByText("Error pendant l'encodage")).toBeVisible();
    expect(screen.queryByText(/Aucun fichier vidéo n'a été envoyé/)).toBeNull();
  });

  it('tells why the last encode failed, in French, without the encoder output', async () => {
    servePending([
      pending(8, {
        title: 'Échouée',
        encodingError: "Échec de l'encodage : ffmpeg exited with code 1: Conversion failed!",
      }),
      pending(9, {
        title: 'Interrompue',
        encodingError:
          "L'encodage a été interrompu (serveur arrêté ou délai dépassé) ; relancez-le",
      }),
    ]);
    await openPending();
    const failed = await card('Échouée');
    expect(within(failed).getByText('Le dernier encodage a échoué')).toBeVisible();
    expect(within(failed).getByText(/La conversion du fichier a échoué/)).toBeVisible();
    expect(within(failed).queryByText(/Conversion failed/)).toBeNull();
    expect(within(failed).getByRole('button', { name: 'Encoder et publier' })).toBeEnabled();
    expect(
      within(await card('Interrompue')).getByText(/L'encodage a été interrompu .* relancez-le\./),
    ).toBeVisible();
  });

  it('says when an encode waits for disk space, then shows its progress once it starts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let started = false;
    servePending(() => [
      pending(12, {
        title: 'Disque plein',
        processing: 2,
        ...(started
          ? { encodingWait: null, encodingProgress: 7 }
          : { encodingWait: 'disk', encodingProgress: null }),
      }),
    ]);
    await openPending();
    const waiting = await card('Disque plein');
    expect(within(waiting).getByText('Encodage en cours...')).toBeVisible();
    expect(
      within(waiting).getByText(
        'En attente d’espace disque : l’encodage reprendra quand de la place sera libérée.',
      ),
    ).toBeVisible();
    // Nothing moves while it waits: no bar, no failure, no action.
    expect(within(waiting).queryByRole('progressbar')).toBeNull();
    expect(within(waiting).queryByText('Le dernier encodage a échoué')).toBeNull();
    expect(within(waiting).queryByRole('button', { name: 'Encoder et publier' })).toBeNull();

    // The list is asked again while it waits: room came back, the encode runs.
    started = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(await within(waiting).findByText('7 %')).toBeVisible();
    expect(within(waiting).queryByText(/En attente d’espace disque/)).toBeNull();
  });

  it('asks again while a video encodes, and stops once none does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    servePending(() => {
      calls += 1;
      if (calls === 1)
        return [pending(10, { title: 'En route', processing: 2, encodingProgress: 5 })];
      if (calls === 2)
        return [pending(10, { title: 'En route', processing: 2, encodingProgress: 60 })];
      return [];
    });
    await openPending();
    expect(await screen.findByText('5 %')).toBeVisible();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await screen.findByText('60 %')).toBeVisible();
    await vi.advanceTimersByTimeAsync(2000);
    expect(await screen.findByText(EMPTY)).toBeVisible();
    expect(calls).toBe(3);
    // A minute of nothing encoding: not one more call.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(3);
  });

  it('pages the list when there are more videos than a page holds', async () => {
    servePending([pending(11, { title: 'Première page' })], 45);
    await openPending();
    await card('Première page');
    expect(screen.getAllByText('Page 1 / 3')).toHaveLength(2);
  });

  it('shows an empty state when nothing waits', async () => {
    servePending([]);
    await openPending();
    expect(await screen.findByText(EMPTY)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Tout encoder et publier' })).toBeNull();
  });

  it('goes back to the last page when the one asked for is past it', async () => {
    server.use(
      http.get('*/api/videos/pending', ({ request }) =>
        new URL(request.url).searchParams.get('page') === '3'
          ? list([], 21)
          : list([pending(21, { title: 'Dernière page' })], 21),
      ),
    );
    signIn(makeToken({ role: 'plateau' }));
    renderApp('/pending?page=3');
    expect(await card('Dernière page')).toBeVisible();
    expect(screen.getAllByText('Page 2 / 2')).toHaveLength(2);
  });
});
