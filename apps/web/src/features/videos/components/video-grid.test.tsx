import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { makeToken } from '../../../testing/tokens.ts';
import { makeVideo, videoPage } from '../../../testing/videos.ts';

interface Asked {
  path: string;
  page: string | null;
  pageSize: string | null;
  tags: string[];
}

/** Answers `GET /api/videos` with `total` videos and records every request. */
const serveLatest = (total: number) => {
  const asked: Asked[] = [];
  server.use(
    http.get('*/api/videos', ({ request }) => {
      const url = new URL(request.url);
      asked.push({
        path: url.pathname,
        page: url.searchParams.get('page'),
        pageSize: url.searchParams.get('page_size'),
        tags: url.searchParams.getAll('tag_filter'),
      });
      return HttpResponse.json(videoPage(Number(url.searchParams.get('page')), total));
    }),
  );
  return asked;
};

const tags = [
  { id: 3, name: 'Concert' },
  { id: 5, name: 'Gala' },
  { id: 8, name: 'Sport' },
];

const cardTitles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // jsdom has no layout: record the scroll instead of doing it.
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => scrollTo.mockRestore());

describe('video grid', () => {
  it('shows 48 cards and the pager above and below for 49 results', async () => {
    const asked = serveLatest(49);
    renderApp('/videos');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dernières vidéos' }),
    ).toBeVisible();
    expect(await screen.findByText('Vidéo 1')).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(48);
    expect(screen.getAllByText('Page 1 / 2')).toHaveLength(2);
    expect(asked).toEqual([{ path: '/api/videos', page: '1', pageSize: '48', tags: [] }]);
  });

  it('asks for page 2, keeps it in the URL, scrolls up, and the back button returns', async () => {
    const asked = serveLatest(49);
    const { router } = renderApp('/videos');
    const user = userEvent.setup();
    await screen.findByText('Vidéo 1');
    await user.click(screen.getAllByRole('button', { name: 'Page suivante' })[1]!);
    expect(await screen.findByText('Vidéo 49')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Vidéo 49']);
    expect(screen.getAllByText('Page 2 / 2')).toHaveLength(2);
    expect(router.state.location.search).toBe('?page=2');
    expect(asked.at(-1)).toMatchObject({ page: '2', pageSize: '48' });
    expect(scrollTo).toHaveBeenCalled();

    await router.navigate(-1);
    expect(await screen.findByText('Vidéo 1')).toBeInTheDocument();
    expect(screen.getAllByText('Page 1 / 2')).toHaveLength(2);
  });

  it('reads the page from the URL on a reload', async () => {
    const asked = serveLatest(120);
    renderApp('/videos?page=3');
    expect(await screen.findByText('Vidéo 97')).toBeInTheDocument();
    expect(screen.getAllByText('Page 3 / 3')).toHaveLength(2);
    expect(asked.map((one) => one.page)).toEqual(['3']);
  });

  it('lands on the last page when the URL asks for one past the end', async () => {
    const asked = serveLatest(60);
    const { router } = renderApp('/videos?page=9');
    expect(await screen.findByText('Vidéo 49')).toBeInTheDocument();
    expect(screen.getAllByText('Page 2 / 2')).toHaveLength(2);
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(asked.map((one) => one.page)).toEqual(['9', '2']);
  });

  it('filters by several tags from page 1, and closing the filter clears it', async () => {
    const asked = serveLatest(100);
    server.use(http.get('*/api/tags', () => HttpResponse.json(tags)));
    const { router } = renderApp('/videos?page=2');
    const user = userEvent.setup();
    await screen.findByText('Vidéo 49');
    expect(screen.queryByRole('button', { name: 'Concert' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Filtrer par tag' }));
    await user.click(await screen.findByRole('button', { name: 'Concert' }));
    await user.click(screen.getByRole('button', { name: 'Gala' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: '1', tags: ['3', '5'] }));
    expect(screen.getByRole('button', { name: 'Concert' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Sport' })).toHaveAttribute('aria-pressed', 'false');
    expect(new URLSearchParams(router.state.location.search).get('tags')).toBe('3,5');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(await screen.findByText('Vidéo 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filtrer par tag' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('button', { name: 'Concert' })).toBeNull();
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: '1', tags: [] }));
  });

  it('opens the filter with the tags of the URL', async () => {
    const asked = serveLatest(10);
    server.use(http.get('*/api/tags', () => HttpResponse.json(tags)));
    renderApp('/videos?tags=8');
    expect(await screen.findByRole('button', { name: 'Sport' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(asked[0]).toMatchObject({ page: '1', tags: ['8'] });
  });

  it("says 'Une erreur s'est produite' when the list fails, and retries", async () => {
    let fail = true;
    server.use(
      http.get('*/api/videos', ({ request }) =>
        fail
          ? HttpResponse.json(
              { statusCode: 400, error: 'Bad Request', message: 'page invalide' },
              { status: 400 },
            )
          : HttpResponse.json(videoPage(Number(new URL(request.url).searchParams.get('page')), 2)),
      ),
    );
    renderApp('/videos');
    const user = userEvent.setup();
    expect(await screen.findByText("Une erreur s'est produite")).toBeInTheDocument();
    expect(screen.queryByText(/^Page /)).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Vidéo 2')).toBeInTheDocument();
  });

  it('says so when there is no video', async () => {
    serveLatest(0);
    renderApp('/videos');
    expect(await screen.findByText("Il n'y a encore aucune vidéo.")).toBeInTheDocument();
    expect(screen.queryByText(/^Page /)).toBeNull();
  });

  it('never shows a slow answer for a page left behind: its call is withdrawn', async () => {
    const page1 = { asked: 0, withdrawn: 0 };
    server.use(
      http.get('*/api/videos', async ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        if (page === 1) {
          // Page 1 answers late: only once the page has let go of its call.
          page1.asked += 1;
          await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
          page1.withdrawn += 1;
        }
        return HttpResponse.json(videoPage(page, 60));
      }),
    );
    const { router } = renderApp('/videos');
    expect(await screen.findByRole('status', { name: 'Chargement' })).toBeInTheDocument();
    await router.navigate('/videos?page=2');
    expect(await screen.findByText('Vidéo 49')).toBeInTheDocument();
    // The call for page 1 was withdrawn: its answer can never reach the page.
    await waitFor(() => expect(page1).toEqual({ asked: 1, withdrawn: 1 }));
    expect(screen.queryByText('Vidéo 1')).toBeNull();
    expect(cardTitles()).toHaveLength(12);
    expect(screen.getAllByText('Page 2 / 2')).toHaveLength(2);
  });

  it('never shows a slow answer for a filter left behind: its call is withdrawn', async () => {
    const concert = { asked: 0, withdrawn: 0 };
    server.use(
      http.get('*/api/tags', () => HttpResponse.json(tags)),
      http.get('*/api/videos', async ({ request }) => {
        const filter = new URL(request.url).searchParams.getAll('tag_filter').join(',');
        if (filter === '3') {
          // Concert alone answers late: only once the page has let go of its call.
          concert.asked += 1;
          await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
          concert.withdrawn += 1;
          return HttpResponse.json({
            videos: [makeVideo(7, { title: 'Seulement concert' })],
            nResults: 1,
          });
        }
        if (filter === '3,5') {
          return HttpResponse.json({
            videos: [makeVideo(8, { title: 'Concert et gala' })],
            nResults: 1,
          });
        }
        return HttpResponse.json(videoPage(1, 3));
      }),
    );
    renderApp('/videos');
    const user = userEvent.setup();
    await screen.findByText('Vidéo 1');
    await user.click(screen.getByRole('button', { name: 'Filtrer par tag' }));
    await user.click(await screen.findByRole('button', { name: 'Concert' }));
    await user.click(screen.getByRole('button', { name: 'Gala' }));
    expect(await screen.findByText('Concert et gala')).toBeInTheDocument();
    // The call for Concert alone was withdrawn: its answer can never reach the page.
    await waitFor(() => expect(concert).toEqual({ asked: 1, withdrawn: 1 }));
    expect(screen.queryByText('Seulement concert')).toBeNull();
    expect(cardTitles()).toEqual(['Concert et gala']);
  });

  it('shows members the trending badge on the videos of the trending slots', async () => {
    serveLatest(3);
    server.use(
      http.get('*/api/videos/trending', () =>
        HttpResponse.json({ videos: [makeVideo(2)], nResults: 1 }),
      ),
    );
    signIn(makeToken({ role: 'plateau' }));
    renderApp('/videos');
    const card2 = (await screen.findByText('Vidéo 2')).closest('a')!;
    expect(await within(card2).findByRole('img', { name: 'À la une' })).toBeInTheDocument();
    const card1 = screen.getByText('Vidéo 1').closest('a')!;
    expect(within(card1).queryByRole('img', { name: 'À la une' })).toBeNull();
  });

  it("notifies 'Deconnexion : Veuillez vous reconnecter' when the tags answer 401", async () => {
    serveLatest(3);
    server.use(
      http.get('*/api/tags', () =>
        HttpResponse.json(
          { statusCode: 401, error: 'Unauthorized', message: 'Non connecté' },
          { status: 401 },
        ),
      ),
    );
    renderApp('/videos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Filtrer par tag' }));
    expect(await screen.findByText('Deconnexion : Veuillez vous reconnecter')).toBeInTheDocument();
  });

  it("notifies 'Erreur {status}' for any other tags failure", async () => {
    serveLatest(3);
    server.use(
      http.get('*/api/tags', () =>
        HttpResponse.json(
          { statusCode: 403, error: 'Forbidden', message: 'Interdit' },
          { status: 403 },
        ),
      ),
    );
    renderApp('/videos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Filtrer par tag' }));
    expect(await screen.findByText('Erreur 403')).toBeInTheDocument();
  });
});
