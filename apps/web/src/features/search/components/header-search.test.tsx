import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/session.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { makeToken } from '../../../testing/tokens.ts';

const video = (id: number, title: string) => ({
  id,
  title,
  description: '',
  date: '2026-03-14T12:00:00Z',
  promotion: -1,
  views: 0,
  likeCount: 0,
  privacy: 0,
  gpaRestricted: false,
  processing: 3,
  directId: -1,
  tagIds: [],
  authorId: 1,
});

describe('header search', () => {
  it('is there for signed-in people only', async () => {
    renderApp('/');
    await within(await screen.findByRole('banner')).findByRole('link', { name: 'Connexion' });
    expect(screen.queryByPlaceholderText('Rechercher')).toBeNull();
  });

  it('suggests up to 10 videos and 5 directs, and Enter opens the search page', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/videos/search/:term', ({ request, params }) => {
        asked.push(
          `videos ${String(params.term)} ${new URL(request.url).searchParams.get('page_size')}`,
        );
        return HttpResponse.json({ videos: [video(4, 'Gala de printemps')], nResults: 1 });
      }),
      http.get('*/api/directs/search/:term', ({ request, params }) => {
        asked.push(
          `directs ${String(params.term)} ${new URL(request.url).searchParams.get('page_size')}`,
        );
        return HttpResponse.json({ directs: [], nResults: 0 });
      }),
    );
    signIn(makeToken());
    const { router } = renderApp('/');
    const user = userEvent.setup();
    const box = await screen.findByPlaceholderText('Rechercher');
    await user.type(box, 'gala');
    expect(await screen.findByText('Gala de printemps')).toBeInTheDocument();
    // A slow keyboard may let the pause after "ga" ask first: the whole word is asked in the end.
    await waitFor(() =>
      expect(asked).toEqual(expect.arrayContaining(['videos gala 10', 'directs gala 5'])),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/gala'));
  });

  it('replaces the history entry when already on a search page', async () => {
    server.use(
      http.get('*/api/videos/search/:term', () => HttpResponse.json({ videos: [], nResults: 0 })),
      http.get('*/api/directs/search/:term', () => HttpResponse.json({ directs: [], nResults: 0 })),
    );
    signIn(makeToken());
    const { router } = renderApp('/search/concert');
    const user = userEvent.setup();
    await user.type(await screen.findByPlaceholderText('Rechercher'), 'bal{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/bal'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows a light field first, which becomes the suggestions box on focus with the typed text', async () => {
    server.use(
      http.get('*/api/videos/search/:term', () =>
        HttpResponse.json({ videos: [video(9, 'Bal des promos')], nResults: 1 }),
      ),
      http.get('*/api/directs/search/:term', () => HttpResponse.json({ directs: [], nResults: 0 })),
    );
    signIn(makeToken());
    renderApp('/');
    const user = userEvent.setup();
    const light = await screen.findByPlaceholderText('Rechercher');
    // Before anyone reaches for it, it is a plain text field: no suggestions box yet.
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.type(light, 'bal');
    const box = await screen.findByRole('combobox');
    expect(box).toHaveAttribute('placeholder', 'Rechercher');
    expect(box).toHaveValue('bal');
    expect(box).toHaveFocus();
    expect(await screen.findByText('Bal des promos')).toBeInTheDocument();
  });
});
