import { StrictMode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Playlist, Video } from '@plateau/contract';
import { videoQuery } from '../../resources/videos.ts';
import { createQueryClient } from '../../resources/query-client.ts';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';
import { makeVideo } from '../../testing/videos.ts';
import { Providers } from '../providers.tsx';
import { createRoutes } from '../routes.tsx';

const refused = (status: number) =>
  HttpResponse.json({ statusCode: status, error: 'Refusé', message: 'Refusé' }, { status });

const list = (videos: Video[]) => HttpResponse.json({ videos, nResults: videos.length });

const makePlaylist = (overrides: Partial<Playlist> = {}): Playlist => ({
  code: 'abc',
  title: 'Best of gala',
  description: '',
  authorId: 7,
  isPublic: true,
  ...overrides,
});

/** A server knowing `videos`, counting the calls a test looks at. */
const watchServer = (videos: Video[], like = { liked: false, likeCount: 4 }) => {
  const calls = { history: 0, like: [] as string[], added: [] as string[] };
  let likeState = like;
  server.use(
    http.get('*/api/videos/random', () => list([makeVideo(90, { title: 'Au hasard 90' })])),
    http.get('*/api/videos/direct/:id', () => list([])),
    http.get('*/api/videos/like/:id', () => HttpResponse.json(likeState)),
    http.put('*/api/videos/like/:id', () => {
      calls.like.push('PUT');
      likeState = { liked: true, likeCount: likeState.likeCount + 1 };
      return HttpResponse.json(likeState);
    }),
    http.delete('*/api/videos/like/:id', () => {
      calls.like.push('DELETE');
      likeState = { liked: false, likeCount: likeState.likeCount - 1 };
      return HttpResponse.json(likeState);
    }),
    http.put('*/api/videos/history/:id', () => {
      calls.history += 1;
      return HttpResponse.json({ views: 11 });
    }),
    http.get('*/api/videos/:id', ({ params }) => {
      const video = videos.find((one) => String(one.id) === params.id);
      return video ? list([video]) : refused(404);
    }),
    http.put('*/api/playlists/:code/addVideo/:id', ({ params }) => {
      calls.added.push(`${String(params.code)}/${String(params.id)}`);
      return HttpResponse.json({ ok: true });
    }),
    http.get('*/api/media/*', () => new HttpResponse(null, { status: 404 })),
  );
  return calls;
};

/** What the signed-in home asks for once a refused video sends the person there. */
const quietHome = () =>
  server.use(
    http.get('*/api/directs/currentDirect', () => HttpResponse.json({ directs: [], nResults: 0 })),
    http.get('*/api/videos/trending', () => list([])),
    http.get('*/api/videos', () => list([])),
  );

const videoElement = () => document.querySelector('video')!;

describe('/video?v=', () => {
  it('shows title, date, views, tags linking to the filtered grid, and a linked description', async () => {
    watchServer([
      makeVideo(5, {
        title: 'Gala 2026',
        tagIds: [3],
        description: 'Programme : https://plateau.example.org/gala\n<b>Merci</b>',
      }),
    ]);
    server.use(http.get('*/api/tags', () => HttpResponse.json([{ id: 3, name: 'Concert' }])));
    renderApp('/video?v=5');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Gala 2026' })).toBeVisible();
    // The view this page recorded: the count the server answered.
    expect(await within(main).findByText('14 mars 2026 · 11 vues')).toBeVisible();
    expect(await within(main).findByRole('link', { name: 'Concert' })).toHaveAttribute(
      'href',
      '/videos?tags=3',
    );
    expect(
      within(main).getByRole('link', { name: 'https://plateau.example.org/gala' }),
    ).toHaveAttribute('href', 'https://plateau.example.org/gala');
    expect(within(main).getByText(/<b>Merci<\/b>/)).toBeVisible();
    expect(main.querySelector('b')).toBeNull();
    expect(await within(main).findByRole('heading', { name: 'Videos au hasard' })).toBeVisible();
    expect(within(main).getByRole('link', { name: /Au hasard 90/ })).toHaveAttribute(
      'href',
      '/video?v=90',
    );
    expect(within(main).queryByRole('heading', { name: 'Du meme DT' })).toBeNull();
  });

  it('lists the other videos of the same direct when the video has one', async () => {
    watchServer([makeVideo(5, { directId: 12 })]);
    const seen: string[] = [];
    server.use(
      http.get('*/api/videos/direct/:id', ({ request, params }) => {
        seen.push(
          `${String(params.id)}?${new URL(request.url).searchParams.get('excluded_video')}`,
        );
        return list([makeVideo(6, { title: 'Le final', directId: 12 })]);
      }),
    );
    renderApp('/video?v=5');
    expect(await screen.findByRole('heading', { name: 'Du meme DT' })).toBeVisible();
    expect(await screen.findByRole('link', { name: /Le final/ })).toHaveAttribute(
      'href',
      '/video?v=6',
    );
    expect(seen).toEqual(['12?5']);
  });

  it('likes and unlikes, the count following at once, with PUT then DELETE', async () => {
    const calls = watchServer([makeVideo(5)]);
    signIn(makeToken({ role: 'user' }));
    renderApp('/video?v=5');
    const user = userEvent.setup();
    const like = await screen.findByRole('button', { name: "J'aime : 4", pressed: false });
    await waitFor(() => expect(like).toBeEnabled());
    await user.click(like);
    expect(await screen.findByRole('button', { name: "J'aime : 5", pressed: true })).toBeVisible();
    await waitFor(() => expect(calls.like).toEqual(['PUT']));
    await user.click(screen.getByRole('button', { name: "J'aime : 5" }));
    expect(await screen.findByRole('button', { name: "J'aime : 4", pressed: false })).toBeVisible();
    await waitFor(() => expect(calls.like).toEqual(['PUT', 'DELETE']));
  });

  it('records one view per page load, even under StrictMode', async () => {
    const video = makeVideo(5, { title: 'Une fois' });
    const calls = watchServer([video]);
    // The video already in the cache (coming back to it): the page mounts ready to record,
    // and StrictMode runs that first effect twice.
    const queryClient = createQueryClient();
    queryClient.setQueryData(videoQuery(null, 5).queryKey, video);
    const router = createMemoryRouter(createRoutes(queryClient), {
      initialEntries: ['/video?v=5'],
    });
    render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Une fois' })).toBeVisible();
    // The random list loads after the view is recorded: by then a second PUT would have gone.
    expect(await screen.findByRole('link', { name: /Au hasard 90/ })).toBeVisible();
    expect(await screen.findByText(/11 vues/)).toBeVisible();
    expect(calls.history).toBe(1);
  });

  it('gives members Modifier and users not', async () => {
    watchServer([makeVideo(5, { title: 'Gala' })]);
    server.use(
      http.get('*/api/playlists/me', () => HttpResponse.json({ playlists: [], nResults: 0 })),
    );
    signIn(makeToken({ role: 'plateau' }));
    const first = renderApp('/video?v=5');
    expect(await screen.findByRole('link', { name: 'Modifier' })).toHaveAttribute(
      'href',
      '/editVideo/5',
    );
    first.unmount();

    signIn(makeToken({ role: 'user' }));
    renderApp('/video?v=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gala' })).toBeVisible();
    expect(await screen.findByRole('button', { name: /J'aime/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Modifier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter à une playlist' })).toBeNull();
  });

  it("offers a member's own playlists only, and says when the video was added", async () => {
    const calls = watchServer([makeVideo(5)]);
    server.use(
      http.get('*/api/playlists/me', () =>
        HttpResponse.json({
          playlists: [
            makePlaylist({ code: 'mine', title: 'Mes favoris', authorId: 7 }),
            makePlaylist({ code: 'theirs', title: 'Celle de Lou', authorId: 9 }),
          ],
          nResults: 2,
        }),
      ),
    );
    signIn(makeToken({ role: 'plateau', user: 7 }));
    renderApp('/video?v=5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter à une playlist' }));
    const menu = await screen.findByRole('menu');
    const mine = await within(menu).findByRole('menuitem', { name: 'Mes favoris' });
    expect(within(menu).queryByRole('menuitem', { name: 'Celle de Lou' })).toBeNull();
    await user.click(mine);
    expect(await screen.findByText('Video ajoutee avec succes')).toBeVisible();
    expect(calls.added).toEqual(['mine/5']);
  });

  it('says when adding to a playlist failed', async () => {
    watchServer([makeVideo(5)]);
    server.use(
      http.get('*/api/playlists/me', () =>
        HttpResponse.json({
          playlists: [makePlaylist({ code: 'mine', title: 'Mes favoris' })],
          nResults: 1,
        }),
      ),
      http.put('*/api/playlists/:code/addVideo/:id', () => refused(500)),
    );
    signIn(makeToken({ role: 'geek', user: 7 }));
    renderApp('/video?v=5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter à une playlist' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mes favoris' }));
    expect(await screen.findByText("Erreur pendant l'ajout de la video")).toBeVisible();
  });

  it('offers neither like nor add-to-playlist on an unpublished video', async () => {
    watchServer([makeVideo(5, { title: 'Brouillon', processing: 1, rungs: [0] })]);
    signIn(makeToken({ role: 'plateau' }));
    renderApp('/video?v=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Brouillon' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Modifier' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /J'aime/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter à une playlist' })).toBeNull();
  });
});

describe('/video refused or missing', () => {
  it('sends a visitor refused (401) to /login, remembering the video', async () => {
    server.use(http.get('*/api/videos/:id', () => refused(401)));
    const { router } = renderApp('/video?v=5&at=3');
    expect(await screen.findByText('Veuillez vous connecter')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/video?v=5&at=3' });
  });

  it('sends a signed-in person refused (403) home', async () => {
    server.use(http.get('*/api/videos/:id', () => refused(403)));
    quietHome();
    signIn(makeToken({ role: 'user' }));
    const { router } = renderApp('/video?v=5');
    expect(await screen.findByText("Cette video n'est pas accessible")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends anyone home when the video does not exist (404)', async () => {
    watchServer([]);
    const { router } = renderApp('/video?v=99');
    expect(await screen.findByText("Cette video n'est pas accessible")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('treats a missing or unreadable v as a video that does not exist, without a call', async () => {
    // No handler for videos/{id}: a call would fail the test (unhandled request).
    const { router } = renderApp('/video?v=abc');
    expect(await screen.findByText("Cette video n'est pas accessible")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends anyone home on another failure', async () => {
    server.use(http.get('*/api/videos/:id', () => refused(500)));
    const { router } = renderApp('/video?v=5');
    expect(await screen.findByText('Erreur pendant le chargement de la vidéo')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('/video?v=&pl= (a playlist in play)', () => {
  const trio = [
    makeVideo(1, { title: 'Premier' }),
    makeVideo(2, { title: 'Deuxième' }),
    makeVideo(3, { title: 'Troisième' }),
  ];
  const playlistServer = (videos = trio) => {
    watchServer([...trio, makeVideo(8, { title: 'Hors playlist' })]);
    server.use(
      http.get('*/api/playlists/:code', () =>
        HttpResponse.json({ playlists: [makePlaylist()], nResults: 1 }),
      ),
      http.get('*/api/videos/playlist/:code', () => list(videos)),
    );
  };
  const search = (router: { state: { location: { search: string } } }) =>
    router.state.location.search;

  it('lists the playlist, marks the current video and starts the next one when it ends', async () => {
    playlistServer();
    const { router } = renderApp('/video?v=1&pl=abc');
    const panel = await screen.findByRole('region', { name: 'Playlist en cours' });
    expect(await within(panel).findByText('Best of gala')).toBeVisible();
    const current = await within(panel).findByRole('link', { name: /Premier/ });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(within(panel).getByRole('link', { name: /Troisième/ })).toHaveAttribute(
      'href',
      '/video?v=3&pl=abc',
    );
    fireEvent.ended(videoElement());
    await waitFor(() => expect(search(router)).toBe('?v=2&pl=abc'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Deuxième' })).toBeVisible();
  });

  it('stops after the last video unless repeat is on, then loops to the first', async () => {
    playlistServer();
    const { router } = renderApp('/video?v=3&pl=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Troisième' })).toBeVisible();
    const panel = await screen.findByRole('region', { name: 'Playlist en cours' });
    await within(panel).findByRole('link', { name: /Premier/ });
    // Every change of page goes through the router, asked while the event is handled (the
    // event and the effects it causes run inside act): none was asked for the last video.
    const navigate = vi.spyOn(router, 'navigate');
    fireEvent.ended(videoElement());
    expect(navigate).not.toHaveBeenCalled();
    expect(search(router)).toBe('?v=3&pl=abc');

    const user = userEvent.setup();
    const repeat = within(panel).getByRole('button', { name: 'Répéter la playlist' });
    await user.click(repeat);
    expect(repeat).toHaveAttribute('aria-pressed', 'true');
    fireEvent.ended(videoElement());
    expect(navigate).toHaveBeenCalledOnce();
    await waitFor(() => expect(search(router)).toBe('?v=1&pl=abc'));
  });

  it('drops pl for a video that is not in the playlist', async () => {
    playlistServer();
    const { router } = renderApp('/video?v=8&pl=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hors playlist' })).toBeVisible();
    await waitFor(() => expect(search(router)).toBe('?v=8'));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Playlist en cours' })).toBeNull(),
    );
  });

  it('says the playlist failed to load and drops pl, the video still playing', async () => {
    watchServer(trio);
    server.use(
      http.get('*/api/playlists/:code', () => refused(404)),
      http.get('*/api/videos/playlist/:code', () => refused(404)),
    );
    const { router } = renderApp('/video?v=2&pl=zzz&at=4');
    expect(await screen.findByText('Erreur lors du chargement de la playlist')).toBeVisible();
    await waitFor(() => expect(search(router)).toBe('?v=2&at=4'));
    expect(screen.getByRole('heading', { level: 1, name: 'Deuxième' })).toBeVisible();
  });

  it('leaves the playlist with its close button', async () => {
    playlistServer();
    const { router } = renderApp('/video?v=2&pl=abc');
    const panel = await screen.findByRole('region', { name: 'Playlist en cours' });
    await userEvent
      .setup()
      .click(within(panel).getByRole('button', { name: 'Quitter la playlist' }));
    await waitFor(() => expect(search(router)).toBe('?v=2'));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Playlist en cours' })).toBeNull(),
    );
  });
});
