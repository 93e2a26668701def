import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Direct, Video } from '@plateau/contract';
import { makeDirect, makeVideo } from '../../features/directs/testing/fixtures.ts';
import { getSession, signIn } from '../../lib/session.ts';
import { directKeys } from '../../resources/directs.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';

const videos = (count: number, prefix: string): Video[] =>
  Array.from({ length: count }, (_, index) =>
    makeVideo({ id: 100 + index, title: `${prefix} ${index + 1}` }),
  );

const directs = (count: number): Direct[] =>
  Array.from({ length: count }, (_, index) =>
    makeDirect({ id: 200 + index, title: `Soirée ${index + 1}` }),
  );

/** A site with a current direct, five trending videos and plenty of the rest. */
const homeServer = ({
  homeDisplay,
  liveUrl = null,
  current = makeDirect({ id: 7, title: 'Nuit du cinéma', date: '2026-12-03T19:00:00Z' }),
}: {
  homeDisplay: number;
  liveUrl?: string | null;
  current?: Direct | null;
}) =>
  server.use(
    http.get('*/api/homeDisplay', () => HttpResponse.json({ homeDisplay })),
    http.get('*/api/currentLive', () =>
      liveUrl
        ? HttpResponse.json({ url: liveUrl })
        : HttpResponse.json(
            { statusCode: 404, error: 'Not Found', message: 'Aucun' },
            { status: 404 },
          ),
    ),
    http.get('*/api/directs/currentDirect', () =>
      HttpResponse.json({ directs: current ? [current] : [], nResults: current ? 1 : 0 }),
    ),
    http.get('*/api/directs/upcoming', () => HttpResponse.json({ directs: [], nResults: 0 })),
    http.get('*/api/videos/trending', () =>
      HttpResponse.json({ videos: videos(5, 'À la une'), nResults: 5 }),
    ),
    http.get('*/api/videos', ({ request }) => {
      const size = Number(new URL(request.url).searchParams.get('page_size'));
      return HttpResponse.json({ videos: videos(size, 'Nouveauté'), nResults: 30 });
    }),
    http.get('*/api/directs', ({ request }) => {
      const size = Number(new URL(request.url).searchParams.get('page_size'));
      return HttpResponse.json({ directs: directs(size), nResults: 20 });
    }),
    http.get('*/api/media/*', () => new HttpResponse(null, { status: 404 })),
  );

const region = (name: string) => screen.findByRole('region', { name });

describe('/ signed in', () => {
  it('greets the person and shows the DT en cours with LIVE (home display 3)', async () => {
    homeServer({ homeDisplay: 3, liveUrl: 'https://live.example.org' });
    signIn(makeToken({ role: 'user', username: 'camille' }));
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenue, camille\u00a0!' }),
    ).toBeVisible();
    const block = await region('DT en cours');
    expect(within(block).getByRole('heading', { name: 'Nuit du cinéma' })).toBeVisible();
    expect(within(block).getByText('3 décembre 2026')).toBeVisible();
    expect(await within(block).findByRole('link', { name: 'LIVE' })).toHaveAttribute('href', '/dt');
    expect(within(block).getByRole('link', { name: 'Voir le DT' })).toHaveAttribute(
      'href',
      '/direct?d=7',
    );
    expect(screen.queryByText('Prochain DT')).toBeNull();
  });

  it('shows the DT en cours without LIVE when it has no live link', async () => {
    homeServer({ homeDisplay: 3 });
    // The direct comes only once the page knows there is no live link (the 404 was read): the
    // block drawn with it is the one that would carry LIVE.
    let liveKnown = () => {};
    const noLive = new Promise<void>((resolve) => (liveKnown = resolve));
    server.use(
      http.get('*/api/directs/currentDirect', async () => {
        await noLive;
        return HttpResponse.json({
          directs: [makeDirect({ id: 7, title: 'Nuit du cinéma' })],
          nResults: 1,
        });
      }),
    );
    signIn(makeToken({ role: 'user' }));
    const { queryClient } = renderApp('/');
    const liveKey = directKeys.currentLive(getSession().userId);
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.getQueryState(liveKey)?.status !== 'success') return;
      stop();
      liveKnown();
    });
    const block = await region('DT en cours');
    expect(within(block).getByRole('heading', { name: 'Nuit du cinéma' })).toBeVisible();
    expect(queryClient.getQueryData(liveKey)).toBeNull();
    expect(within(block).queryByRole('link', { name: 'LIVE' })).toBeNull();
  });

  it('announces the Prochain DT for home display 2, without LIVE', async () => {
    homeServer({ homeDisplay: 2, liveUrl: 'https://live.example.org' });
    signIn(makeToken({ role: 'user' }));
    renderApp('/');
    const block = await region('Prochain DT');
    expect(within(block).getByRole('heading', { name: 'Nuit du cinéma' })).toBeVisible();
    expect(within(block).queryByRole('link', { name: 'LIVE' })).toBeNull();
    expect(screen.queryByText('DT en cours')).toBeNull();
  });

  it('announces the soonest direct to come as Prochain DT when none is featured', async () => {
    homeServer({ homeDisplay: 2, current: null });
    server.use(
      http.get('*/api/directs/upcoming', () =>
        HttpResponse.json({
          directs: [makeDirect({ id: 9, title: 'Tournoi de rugby', date: '2027-01-15T14:00:00Z' })],
          nResults: 1,
        }),
      ),
    );
    signIn(makeToken({ role: 'user' }));
    renderApp('/');
    const block = await region('Prochain DT');
    expect(within(block).getByRole('heading', { name: 'Tournoi de rugby' })).toBeVisible();
    expect(within(block).getByText('15 janvier 2027')).toBeVisible();
    expect(within(block).getByRole('link', { name: 'Voir le DT' })).toHaveAttribute(
      'href',
      '/direct?d=9',
    );
  });

  it('shows no direct block for the classic home display', async () => {
    homeServer({ homeDisplay: 0 });
    signIn(makeToken({ role: 'user' }));
    renderApp('/');
    expect(await screen.findAllByRole('link', { name: /À la une/ })).toHaveLength(5);
    expect(screen.queryByRole('region', { name: 'DT en cours' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Prochain DT' })).toBeNull();
  });

  it('shows five trending videos, the 6 latest videos and the 6 latest directs', async () => {
    homeServer({ homeDisplay: 0 });
    signIn(makeToken({ role: 'plateau' }));
    renderApp('/');

    const trending = await region('A la une');
    expect(await within(trending).findAllByRole('link')).toHaveLength(5);
    expect(within(trending).getByRole('heading', { name: 'À la une 1' })).toBeVisible();
    // Members see which cards are in the trending slots.
    expect(within(trending).getAllByRole('img', { name: 'À la une' })).toHaveLength(5);

    const latestVideos = await region('Nos dernieres videos');
    expect(
      await within(latestVideos).findAllByRole('heading', { name: /^Nouveauté/ }),
    ).toHaveLength(6);
    expect(within(latestVideos).getByRole('link', { name: 'Toutes les vidéos' })).toHaveAttribute(
      'href',
      '/videos',
    );

    const latestDirects = await region('Nos derniers DT');
    expect(await within(latestDirects).findAllByRole('heading', { name: /^Soirée/ })).toHaveLength(
      6,
    );
    expect(within(latestDirects).getByRole('link', { name: 'Tous les DT' })).toHaveAttribute(
      'href',
      '/directs',
    );
  });

  it('says so discreetly when nothing is trending', async () => {
    homeServer({ homeDisplay: 0 });
    server.use(
      http.get('*/api/videos/trending', () => HttpResponse.json({ videos: [], nResults: 0 })),
    );
    signIn(makeToken({ role: 'user' }));
    renderApp('/');
    const trending = await region('A la une');
    expect(
      await within(trending).findByText("Aucune vidéo à la une pour l'instant."),
    ).toBeVisible();
    expect(within(trending).queryAllByRole('link')).toHaveLength(0);
  });
});
