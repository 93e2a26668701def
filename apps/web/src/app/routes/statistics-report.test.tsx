import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { previousRange } from '@plateau/contract/constants';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { siteStatistics } from '../../testing/statistics.ts';
import { makeToken } from '../../testing/tokens.ts';

const serveSite = () => {
  const asked: string[] = [];
  server.use(
    http.get('*/api/stats/site', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query.toString());
      const from = query.get('from')!;
      const to = query.get('to')!;
      const base = siteStatistics(from, to);
      return HttpResponse.json({
        ...base,
        days: base.days.map((day) => ({ ...day, views: 10, viewers: 5, seconds: 3600 })),
        totals: { views: 300, viewerDays: 150, seconds: 108_000, uploads: 2 },
        previous: {
          ...previousRange(from, to),
          views: 200,
          viewerDays: 160,
          seconds: 36_000,
          uploads: 2,
        },
        topVideos: [{ id: 11, title: 'Après la pluie', views: 120, seconds: 36_000 }],
      });
    }),
  );
  return asked;
};

describe('/statistics/report', () => {
  it('lays the period out on one page, its weeks summed, and prints it', async () => {
    const asked = serveSite();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    try {
      signIn(makeToken({ role: 'plateau' }));
      renderApp('/statistics/report?from=2026-10-30&to=2026-11-28&period=30d');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Statistiques de Plateau Test' }),
      ).toBeVisible();
      expect(asked).toEqual(['from=2026-10-30&to=2026-11-28&period=30d']);
      expect(
        screen.getByText(
          'Période du 30 oct. 2026 au 28 nov. 2026, comparée à la période du 30 sept. 2026 au 29 oct. 2026.',
        ),
      ).toBeVisible();

      const figures = screen.getByRole('table', { name: 'Chiffres clés' });
      const views = within(figures).getByRole('row', { name: /^Vues/ });
      expect(
        within(views)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(['300', '200', '+50\u00a0%']);
      // Thirty days are five weeks on paper, not thirty lines.
      const weeks = screen.getByRole('table', { name: 'Audience par semaine' });
      expect(within(weeks).getAllByRole('row')).toHaveLength(6);
      const first = within(weeks).getByRole('row', { name: /^Sem\. du 30 oct\. 2026/ });
      expect(
        within(first)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(['30', '15', '3\u00a0h', '0']);
      expect(screen.getByRole('link', { name: 'Après la pluie' })).toHaveAttribute(
        'href',
        '/statistics/video/11',
      );

      await userEvent.setup().click(screen.getByRole('button', { name: 'Imprimer' }));
      expect(print).toHaveBeenCalledTimes(1);
    } finally {
      print.mockRestore();
    }
  });

  it('goes back to the choice of a period when its address names none', async () => {
    const asked = serveSite();
    signIn(makeToken({ role: 'geek' }));
    const { router } = renderApp('/statistics/report?from=2026-11-28');
    await waitFor(() => expect(router.state.location.pathname).toBe('/statistics'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistiques' })).toBeVisible();
    // Only the default period was asked, never the half of one.
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toContain('period=30d');
  });
});
