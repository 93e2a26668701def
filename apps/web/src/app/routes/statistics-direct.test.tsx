import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DirectStatistics, ViewersSample } from '@plateau/contract';
import { LIVE_SAMPLE_SECONDS } from '@plateau/contract/constants';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { directStatistics, live } from '../../testing/statistics.ts';
import { makeToken } from '../../testing/tokens.ts';

const SAMPLE_MS = LIVE_SAMPLE_SECONDS * 1000;

/** The gala's samples around its peak: 19:41 UTC is 20:41 in Paris in November. */
const samples: ViewersSample[] = [
  { at: '2026-11-27T19:40:50.000Z', viewers: 580 },
  { at: '2026-11-27T19:41:00.000Z', viewers: 612 },
  { at: '2026-11-27T19:41:10.000Z', viewers: 601 },
];

const ended = directStatistics(5, {
  direct: { id: 5, title: 'Gala 2026' },
  lives: [
    live({
      id: 9,
      startedAt: '2026-11-27T19:00:00.000Z',
      endedAt: '2026-11-27T21:30:00.000Z',
      samples,
      peak: { at: '2026-11-27T19:41:00.000Z', viewers: 612 },
      uniqueViewers: 734,
      seconds: 734 * 2520,
      averageSeconds: 2520,
    }),
  ],
  rediff: { videoId: 31, title: 'Gala 2026 — REDIFF', views: 1287 },
});

const running = (viewersNow: number): DirectStatistics => ({
  ...ended,
  viewersNow,
  lives: [{ ...ended.lives[0]!, endedAt: null, samples: samples.slice(0, 2) }],
  rediff: null,
});

const serveDirect = (answer: (call: number) => DirectStatistics | number) => {
  let calls = 0;
  server.use(
    http.get('*/api/stats/directs/:id', () => {
      calls += 1;
      const body = answer(calls);
      return typeof body === 'number'
        ? HttpResponse.json({ message: 'Introuvable' }, { status: body })
        : HttpResponse.json(body);
    }),
  );
  return { calls: () => calls };
};

const open = (path = '/statistics/direct/5') => {
  signIn(makeToken({ role: 'plateau' }));
  return renderApp(path);
};

describe('/statistics/direct/{id}', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows the viewers every sample while the live runs, and stops once it has ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const direct = serveDirect((call) =>
      call === 1 ? running(42) : call === 2 ? running(57) : ended,
    );
    open();
    const now = await screen.findByRole('region', { name: 'Spectateurs en ce moment' });
    expect(within(now).getByText('42')).toBeVisible();
    expect(within(now).getByText('En direct')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Live en cours, depuis 20:00' })).toBeVisible();

    await vi.advanceTimersByTimeAsync(SAMPLE_MS);
    expect(await within(now).findByText('57')).toBeVisible();

    await vi.advanceTimersByTimeAsync(SAMPLE_MS);
    expect(await screen.findByText('Pic : 612 spectateurs à 20:41')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Spectateurs en ce moment' })).toBeNull();
    expect(direct.calls()).toBe(3);

    // Ended: a few minutes on the page ask nothing more.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(direct.calls()).toBe(3);
  });

  it('shows each live afterwards: its peak, its viewers, how long they stayed, and the REDIFF', async () => {
    serveDirect(() => ended);
    open();
    const card = await screen.findByRole('region', {
      name: 'Live du 27 nov. 2026, 20:00 – 22:30',
    });
    expect(within(card).getByText('Pic : 612 spectateurs à 20:41')).toBeVisible();
    expect(within(card).getByText('734')).toBeVisible();
    expect(within(card).getByText('42 min')).toBeVisible();
    expect(within(card).getByText('513,8 h')).toBeVisible();

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Tableau' }));
    const table = within(card).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['20:40:50580', '20:41:00612', '20:41:10601']);

    const rediff = screen.getByRole('region', { name: 'REDIFF' });
    expect(within(rediff).getByRole('link', { name: 'Gala 2026 — REDIFF' })).toHaveAttribute(
      'href',
      '/video?v=31',
    );
    expect(within(rediff).getByText(/1 287 vues depuis sa mise en ligne/)).toBeVisible();
    expect(within(rediff).getByRole('link', { name: 'Statistiques de la REDIFF' })).toHaveAttribute(
      'href',
      '/statistics/video/31',
    );
  });

  it('says when a direct was never broadcast on Plateau', async () => {
    serveDirect(() => directStatistics(5));
    open();
    expect(
      await screen.findByText(/Ce direct n’a pas encore été diffusé sur Plateau/),
    ).toBeVisible();
  });

  it('leaves for the home page when the direct does not exist', async () => {
    serveDirect(() => 404);
    const { router } = open('/statistics/direct/404');
    expect(await screen.findByText("Ce direct n'est pas accessible")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
