import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteStatistics, StatisticsPeriod } from '@plateau/contract';
import { previousRange } from '@plateau/contract/constants';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { siteStatistics } from '../../testing/statistics.ts';
import { makeToken } from '../../testing/tokens.ts';

/**
 * Intl writes thousands with a narrow no-break space: a cell's text is compared with it, while
 * Testing Library's text queries read it as the plain space a person sees.
 */
const fr = (text: string) => text.replace(/ /g, '\u202f');

interface Asked {
  from: string | null;
  to: string | null;
  period: string | null;
}

/** Answers `GET stats/site` with `answer` for the days asked, and records every question. */
const serveSite = (
  answer: (
    from: string,
    to: string,
    period?: StatisticsPeriod,
  ) => Partial<SiteStatistics> = () => ({}),
) => {
  const asked: Asked[] = [];
  server.use(
    http.get('*/api/stats/site', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const from = query.get('from')!;
      const to = query.get('to')!;
      const period = (query.get('period') ?? undefined) as StatisticsPeriod | undefined;
      asked.push({ from, to, period: query.get('period') });
      return HttpResponse.json(siteStatistics(from, to, period, answer(from, to, period)));
    }),
  );
  return asked;
};

const open = async (path = '/statistics', role: 'plateau' | 'geek' = 'plateau') => {
  signIn(makeToken({ role }));
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Statistiques' });
  return { ...view, user: userEvent.setup() };
};

const figure = (name: string) => screen.findByRole('listitem', { name });

const week = (from: string, to: string): Partial<SiteStatistics> => ({
  days: [
    {
      day: '2026-11-22',
      views: 1234,
      viewers: 800,
      seconds: 9000,
      uploads: 1,
      storageBytes: 2 ** 30,
    },
    { day: '2026-11-28', views: 56, viewers: 41, seconds: 1800, uploads: 0, storageBytes: null },
  ],
  totals: { views: 1290, viewerDays: 841, seconds: 10_800, uploads: 1 },
  previous: {
    ...previousRange(from, to),
    views: 1000,
    viewerDays: 900,
    seconds: 12_000,
    uploads: 1,
  },
});

describe('/statistics', () => {
  beforeEach(() => {
    // Only the calendar moves: « 7 jours » ends on this Saturday, in the browser's own time.
    vi.useFakeTimers({ now: new Date(2026, 10, 28, 10, 0), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the days of the period chosen, and keeps it in the address', async () => {
    const asked = serveSite((from) => ({
      totals: {
        views: from === '2026-09-01' ? 15_285 : 4900,
        viewerDays: 0,
        seconds: 0,
        uploads: 0,
      },
    }));
    const { user, router } = await open();
    // 30 days by default.
    expect(await within(await figure('Vues')).findByText('4 900')).toBeVisible();
    expect(screen.getByText('du 30 oct. 2026 au 28 nov. 2026')).toBeVisible();
    expect(asked.at(-1)).toEqual({ from: '2026-10-30', to: '2026-11-28', period: '30d' });

    await user.click(screen.getByRole('button', { name: '7 jours' }));
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ from: '2026-11-22', to: '2026-11-28', period: '7d' }),
    );
    expect(screen.getByText('du 22 nov. 2026 au 28 nov. 2026')).toBeVisible();
    expect(router.state.location.search).toBe('?period=7d');

    await user.click(screen.getByRole('button', { name: 'Année scolaire' }));
    expect(await within(await figure('Vues')).findByText('15 285')).toBeVisible();
    expect(asked.at(-1)).toEqual({ from: '2026-09-01', to: '2026-11-28', period: 'year' });

    // A chosen range starts from the days shown, then follows the fields.
    await user.click(screen.getByRole('button', { name: 'Période choisie' }));
    expect(screen.getByLabelText('Du')).toHaveValue('2026-09-01');
    expect(screen.getByLabelText('Au')).toHaveValue('2026-11-28');
    await user.clear(screen.getByLabelText('Du'));
    await user.type(screen.getByLabelText('Du'), '2026-10-05');
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ from: '2026-10-05', to: '2026-11-28', period: 'range' }),
    );
    expect(router.state.location.search).toBe('?period=range&from=2026-10-05&to=2026-11-28');
    expect(screen.getByRole('link', { name: 'Imprimer' })).toHaveAttribute(
      'href',
      '/statistics/report?from=2026-10-05&to=2026-11-28&period=range',
    );
  });

  it('asks nothing for a range that ends before it starts, and says why', async () => {
    const asked = serveSite();
    await open('/statistics?period=range&from=2026-11-20&to=2026-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le premier jour doit précéder le dernier.',
    );
    expect(screen.queryByRole('status', { name: 'Chargement des statistiques' })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('shows each figure against the period before, up or down', async () => {
    serveSite(week);
    await open('/statistics?period=7d');
    const views = await figure('Vues');
    expect(within(views).getByText('1 290')).toBeVisible();
    expect(within(views).getByText('+29 %')).toBeVisible();
    expect(within(views).getByText('en hausse de 29 %')).toBeInTheDocument();
    expect(within(views).getByText('(avant : 1 000)')).toBeVisible();

    const hours = await figure('Heures regardées');
    expect(within(hours).getByText('3 h')).toBeVisible();
    expect(within(hours).getByText('−10 %')).toBeVisible();
    expect(within(hours).getByText('en baisse de 10 %')).toBeInTheDocument();

    const viewers = await figure('Spectateurs');
    expect(
      within(viewers).getByText(/une personne venue trois jours compte trois fois/),
    ).toBeVisible();
    expect(within(await figure('Mises en ligne')).getByText('=')).toBeVisible();
    expect(screen.getByText('Comparé à la période du 15 nov. 2026 au 21 nov. 2026.')).toBeVisible();
  });

  it('shows the chart as a table with the numbers of every day', async () => {
    serveSite(week);
    const { user } = await open('/statistics?period=7d');
    const audience = await screen.findByRole('region', { name: 'Audience par jour' });
    await user.click(within(audience).getByRole('button', { name: 'Tableau' }));
    const table = within(audience).getByRole('table', { name: 'Audience par jour' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Jour', 'Vues', 'Spectateurs', 'Heures regardées']);
    const first = within(table).getByRole('row', { name: /22 nov\. 2026/ });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([fr('1 234'), '800', '2,5\u00a0h']);
    // The days nobody watched are there too, as nothing.
    const quiet = within(table).getByRole('row', { name: /25 nov\. 2026/ });
    expect(
      within(quiet)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0', '0', '0\u00a0h']);
    expect(within(table).getAllByRole('row')).toHaveLength(8);
  });

  it('exports the chart as a CSV file for French Excel', async () => {
    serveSite(week);
    const blobs: Blob[] = [];
    const names: string[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test/csv';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      const { user } = await open('/statistics?period=7d');
      const audience = await screen.findByRole('region', { name: 'Audience par jour' });
      await user.click(within(audience).getByRole('button', { name: /^Exporter en CSV/ }));
      expect(names).toEqual(['statistiques-audience-par-jour-2026-11-22-2026-11-28.csv']);
      const text = await blobs[0]!.text();
      const lines = text.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines.slice(0, 3)).toEqual([
        'Jour;Vues;Spectateurs;Heures regardées',
        '2026-11-22;1234;800;2,5',
        '2026-11-23;0;0;0',
      ]);
      expect(lines.at(-2)).toBe('2026-11-28;56;41;0,5');
      expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    } finally {
      createObjectURL.mockRestore();
      click.mockRestore();
    }
  });

  it('lists the most viewed videos and directs, each linked to its own statistics', async () => {
    serveSite(() => ({
      topVideos: [
        { id: 11, title: 'Court-métrage : « Après la pluie »', views: 1843, seconds: 613_800 },
      ],
      topDirects: [
        {
          id: 4,
          title: 'Nuit du court-métrage',
          startedAt: '2026-10-29T19:00:00.000Z',
          peakViewers: 612,
          uniqueViewers: 1034,
        },
      ],
      viewsBefore: 48_213,
      since: '2026-09-01',
    }));
    await open();
    const videos = await screen.findByRole('region', { name: 'Vidéos les plus vues' });
    expect(
      within(videos).getByRole('link', { name: 'Court-métrage : « Après la pluie »' }),
    ).toHaveAttribute('href', '/statistics/video/11');
    expect(within(videos).getByRole('cell', { name: '170,5\u00a0h' })).toBeVisible();
    const directs = screen.getByRole('region', { name: 'Directs les plus suivis' });
    const row = within(directs).getByRole('row', { name: /Nuit du court-métrage/ });
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/statistics/direct/4');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['29 oct. 2026', '612', fr('1 034')]);
    expect(screen.getByText('Vues avant les statistiques : 48 213')).toBeVisible();
    expect(
      screen.getByText('(comptées avant le 1 sept. 2026, sans détail par jour)'),
    ).toBeVisible();
  });

  it('says so when the statistics cannot be read, and reads them again on Réessayer', async () => {
    let fail = true;
    server.use(
      http.get('*/api/stats/site', ({ request }) => {
        if (fail) return HttpResponse.json({ message: 'panne' }, { status: 503 });
        const query = new URL(request.url).searchParams;
        return HttpResponse.json(siteStatistics(query.get('from')!, query.get('to')!));
      }),
    );
    const { user } = await open();
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    expect(screen.getByText("Une erreur s'est produite")).toBeVisible();
    expect(screen.queryByText('panne')).toBeNull();
    fail = false;
    await user.click(retry);
    expect(await figure('Vues')).toBeVisible();
  });

  it('is for members and geeks: a student is sent home', async () => {
    const asked = serveSite();
    signIn(makeToken({ role: 'user' }));
    const { router } = renderApp('/statistics');
    expect(await screen.findByRole('heading', { name: /^Bienvenue/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Statistiques' })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('sends a visitor to sign in, and back to the statistics after', async () => {
    const asked = serveSite();
    const { router } = renderApp('/statistics?period=year');
    expect(await screen.findByRole('button', { name: 'Valider' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/statistics?period=year' });
    expect(asked).toEqual([]);
  });
});
