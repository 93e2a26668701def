import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { makeToken } from '../../../testing/tokens.ts';
import { makeVideo } from '../../../testing/videos.ts';

describe('pages on the video grid', () => {
  it.each([
    ['/history', 'Mon historique', '/api/videos/history'],
    ['/liked', 'Mes videos likees', '/api/videos/liked'],
    ['/mostLiked', 'Les plus likees', '/api/videos/mostLiked'],
    ['/mostViewed', 'Les plus vues', '/api/videos/mostViewed'],
    ['/videos', 'Dernières vidéos', '/api/videos'],
  ])('%s is titled and lists its own videos', async (path, title, endpoint) => {
    server.use(
      http.get(`*${endpoint}`, () =>
        HttpResponse.json({ videos: [makeVideo(1, { title: `De ${path}` })], nResults: 1 }),
      ),
    );
    signIn(makeToken());
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(`De ${path}`)).toBeInTheDocument();
    expect(screen.getAllByText('Page 1 / 1')).toHaveLength(2);
  });

  it('titles the search page with the searched text and asks the server for it', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/videos/search/:term', ({ params, request }) => {
        asked.push(`${String(params.term)} ${new URL(request.url).searchParams.get('page_size')}`);
        return HttpResponse.json({ videos: [makeVideo(4, { title: 'Gala 2026' })], nResults: 1 });
      }),
    );
    signIn(makeToken());
    renderApp('/search/gala%20de%20printemps');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Résultats pour « gala de printemps »',
      }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Gala 2026')).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual(['gala de printemps 48']));
  });

  it('searches the term without the whitespace around it, and a blank term without a call', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/videos/search/:term', ({ params }) => {
        asked.push(String(params.term));
        return HttpResponse.json({ videos: [makeVideo(4, { title: 'Gala 2026' })], nResults: 1 });
      }),
    );
    signIn(makeToken());
    const { router } = renderApp('/search/%20%20gala%20');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Résultats pour « gala »' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Gala 2026')).toBeInTheDocument();
    expect(asked).toEqual(['gala']);

    await router.navigate('/search/%20');
    // The empty answer is drawn from no call: one would have been recorded before it.
    expect(
      await screen.findByText('Aucune vidéo ne correspond à votre recherche.'),
    ).toBeInTheDocument();
    expect(asked).toEqual(['gala']);
  });

  it('tells a search without result', async () => {
    renderApp('/search/introuvable');
    expect(
      await screen.findByText('Aucune vidéo ne correspond à votre recherche.'),
    ).toBeInTheDocument();
  });
});
