import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';

describe('/dt', () => {
  it('says there is no live and goes home when the server has none', async () => {
    // The default handlers answer currentLive with a 404 (no current direct).
    server.use(
      http.get('*/api/directs/currentDirect', () =>
        HttpResponse.json({ directs: [], nResults: 0 }),
      ),
      http.get('*/api/videos/trending', () => HttpResponse.json({ videos: [], nResults: 0 })),
      http.get('*/api/videos', () => HttpResponse.json({ videos: [], nResults: 0 })),
    );
    signIn(makeToken({ role: 'user' }));
    const { router } = renderApp('/dt');
    expect(await screen.findByText("Il n'y a pas de DT en cours...")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Bienvenue, camille/ }),
    ).toBeVisible();
  });
});
