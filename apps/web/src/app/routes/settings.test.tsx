import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Video } from '@plateau/contract';
import { makeDirect } from '../../features/directs/testing/fixtures.ts';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';
import { makeVideo } from '../../testing/videos.ts';

const gala = makeDirect({ id: 12, title: 'Gala des Arts 2026' });
const trendingFive = [1, 2, 3, 4, 5].map((id) =>
  makeVideo(id, { title: `À la une ${id}`, trendingSlot: id }),
);
const finale = makeVideo(40, { title: 'La finale de basket' });

const failure = (status = 500) =>
  HttpResponse.json({ statusCode: status, error: 'Erreur', message: 'Erreur' }, { status });

/**
 * The settings server: what it holds at load, the searches, and every write recorded as
 * "PUT path" in `writes` (the answer to a current direct turns a classic home into theme).
 */
const settingsServer = ({
  homeDisplay = 1,
  gpaPromo = 2024,
  current = gala,
  trending = trendingFive,
}: {
  homeDisplay?: number;
  gpaPromo?: number;
  current?: typeof gala | null;
  trending?: Video[];
} = {}) => {
  const writes: string[] = [];
  let display = homeDisplay;
  const searches: string[] = [];
  const record = (request: Request) => {
    writes.push(`PUT ${new URL(request.url).pathname.replace('/api/', '')}`);
  };
  server.use(
    http.get('*/api/homeDisplay', () => HttpResponse.json({ homeDisplay: display })),
    http.get('*/api/gpaPromo', () => HttpResponse.json({ gpaPromo })),
    http.get('*/api/directs/currentDirect', () =>
      HttpResponse.json({ directs: current ? [current] : [], nResults: current ? 1 : 0 }),
    ),
    http.get('*/api/videos/trending', () =>
      HttpResponse.json({ videos: trending, nResults: trending.length }),
    ),
    http.get('*/api/videos/search/:term', ({ request, params }) => {
      searches.push(`videos ${String(params.term)} ${new URL(request.url).search}`);
      return HttpResponse.json({ videos: [finale], nResults: 1 });
    }),
    http.get('*/api/directs/search/:term', ({ request, params }) => {
      searches.push(`directs ${String(params.term)} ${new URL(request.url).search}`);
      return HttpResponse.json({ directs: [gala], nResults: 1 });
    }),
    http.put('*/api/currentDirect/:id', ({ request, params }) => {
      record(request);
      if (display === 0 && params.id !== '-1') display = 1;
      return HttpResponse.json({ currentDirect: Number(params.id), homeDisplay: display });
    }),
    http.put('*/api/homeDisplay/:n', ({ request, params }) => {
      record(request);
      display = Number(params.n);
      return HttpResponse.json({ homeDisplay: display });
    }),
    http.put('*/api/gpaPromo/:n', ({ request, params }) => {
      record(request);
      return HttpResponse.json({ gpaPromo: Number(params.n) });
    }),
    http.put('*/api/videos/trending/:slot/:id', ({ request }) => {
      record(request);
      return HttpResponse.json({ videos: [], nResults: 0 });
    }),
  );
  return { writes, searches };
};

const open = () => {
  signIn(makeToken({ role: 'geek' }));
  return { ...renderApp('/settings'), user: userEvent.setup() };
};

const slot = (n: number) => screen.getByRole('region', { name: new RegExp(`Emplacement ${n}`) });

describe('/settings', () => {
  it("says 'Une erreur s'est produite' and goes home when the settings cannot be read", async () => {
    settingsServer();
    server.use(http.get('*/api/gpaPromo', () => failure(500)));
    const { router } = open();
    expect(await screen.findByText("Une erreur s'est produite")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows what the home features now, with nothing to save yet', async () => {
    settingsServer({ trending: trendingFive.slice(0, 4) });
    open();
    expect(await screen.findByText('Gala des Arts 2026')).toBeVisible();
    expect(screen.getByRole('combobox', { name: "Affichage de l'accueil" })).toHaveTextContent(
      'Thème',
    );
    expect(screen.getByLabelText('Promo des GPA')).toHaveValue('2024');
    expect(within(slot(1)).getByRole('heading', { name: 'Emplacement 1 (grand)' })).toBeVisible();
    expect(within(slot(1)).getByText('À la une 1')).toBeVisible();
    expect(within(slot(4)).getByText('À la une 4')).toBeVisible();
    expect(within(slot(5)).getByText('Emplacement vide')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  });

  it('keeps only digits in Promo des GPA', async () => {
    settingsServer();
    const { user } = open();
    const promo = await screen.findByLabelText('Promo des GPA');
    await user.clear(promo);
    await user.type(promo, 'P20-2a5');
    expect(promo).toHaveValue('2025');
  });

  it('sends only what changed, then says Modifications enregistrées', async () => {
    const { writes, searches } = settingsServer();
    const { user } = open();
    const promo = await screen.findByLabelText('Promo des GPA');
    await user.clear(promo);
    await user.type(promo, '2025');

    await user.type(within(slot(3)).getByLabelText('Rechercher une vidéo'), 'finale');
    await user.click(await screen.findByRole('option', { name: /La finale de basket/ }));
    expect(within(slot(3)).getByText('La finale de basket')).toBeVisible();
    expect(searches).toContain('videos finale ?page=1&page_size=4');

    await user.click(within(slot(5)).getByRole('button', { name: "Vider l'emplacement 5" }));
    expect(within(slot(5)).getByText('Emplacement vide')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Modifications enregistrées')).toBeVisible();
    expect(writes).toEqual([
      'PUT gpaPromo/2025',
      'PUT videos/trending/3/40',
      'PUT videos/trending/5/-1',
    ]);
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  });

  it('chooses the current direct from a search (the classic home turns theme), and clears it', async () => {
    const { writes, searches } = settingsServer({ homeDisplay: 0, current: null });
    const { user } = open();
    expect(await screen.findByText('Aucun DT en cours')).toBeVisible();
    await user.type(screen.getByLabelText('Rechercher un DT'), 'gala');
    await user.click(await screen.findByRole('option', { name: /Gala des Arts 2026/ }));
    expect(searches).toContain('directs gala ?page=1&page_size=3');
    expect(screen.getByText('Gala des Arts 2026')).toBeVisible();
    expect(screen.getByRole('combobox', { name: "Affichage de l'accueil" })).toHaveTextContent(
      'Thème',
    );

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Modifications enregistrées');
    // The server made the home theme itself: no second call for it.
    expect(writes).toEqual(['PUT currentDirect/12']);

    await user.click(screen.getByRole('button', { name: 'Retirer le DT en cours' }));
    expect(screen.getByText('Aucun DT en cours')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(writes).toEqual(['PUT currentDirect/12', 'PUT currentDirect/-1']));
  });

  it('shows each video in the slot it holds, empty slots between, and rewrites only a change', async () => {
    const { writes } = settingsServer({ trending: [trendingFive[1]!, trendingFive[3]!] });
    const { user } = open();
    await screen.findByText('À la une 2');
    expect(within(slot(2)).getByText('À la une 2')).toBeVisible();
    expect(within(slot(1)).getByText('Emplacement vide')).toBeVisible();
    expect(within(slot(3)).getByText('Emplacement vide')).toBeVisible();
    expect(within(slot(4)).getByText('À la une 4')).toBeVisible();
    await user.click(screen.getByRole('button', { name: "Vider l'emplacement 4" }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Modifications enregistrées');
    expect(writes).toEqual(['PUT videos/trending/4/-1']);
  });

  it("says 'Une erreur s'est produite' when saving fails, and keeps the change to retry", async () => {
    settingsServer();
    server.use(http.put('*/api/homeDisplay/:n', () => failure(500)));
    const { user, router } = open();
    await user.click(await screen.findByRole('combobox', { name: "Affichage de l'accueil" }));
    await user.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: 'DT en cours' }),
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Une erreur s'est produite")).toBeVisible();
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
  });
});
