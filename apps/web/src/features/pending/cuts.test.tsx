import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrimActivity, Video } from '@plateau/contract';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';
import { makeVideo } from '../../testing/videos.ts';

// Noon in Paris is 11:00 UTC in November: the times below read as a person there sees them.
const NOW = new Date('2026-11-27T11:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const cut = (videoId: number, overrides: Partial<TrimActivity> = {}): TrimActivity => ({
  videoId,
  title: `Vidéo ${videoId}`,
  state: 'queued',
  progress: null,
  error: null,
  updatedAt: minutesAgo(0),
  ...overrides,
});

/** `GET videos/trims` answers each call's list; `GET videos/pending` one waiting video. */
const serveCuts = (cuts: () => TrimActivity[]) => {
  const calls = { cuts: 0, pending: 0 };
  const waiting: Video = makeVideo(90, { title: 'Vidéo en attente', processing: 1, rungs: [] });
  server.use(
    http.get('*/api/videos/trims', () => {
      calls.cuts += 1;
      return HttpResponse.json({ cuts: cuts() });
    }),
    http.get('*/api/videos/pending', () => {
      calls.pending += 1;
      return HttpResponse.json({ videos: [waiting], nResults: 1 });
    }),
  );
  return calls;
};

const openPending = async () => {
  signIn(makeToken({ role: 'plateau' }));
  const view = renderApp('/pending');
  await screen.findByRole('article', { name: 'Vidéo en attente' });
  return view;
};

const cutsRegion = () => screen.findByRole('region', { name: 'Montages' });
const row = (region: HTMLElement, title: string) =>
  within(region).getByRole('listitem', { name: title });

describe('/pending: « Montages »', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the cuts with their state in French, the running one with its progress', async () => {
    serveCuts(() => [
      cut(31, { title: 'Gala 2026 — REDIFF', state: 'running', progress: 42 }),
      cut(32, { title: 'Tournoi de rugby', updatedAt: minutesAgo(5) }),
      cut(33, {
        title: 'Concert de printemps',
        state: 'failed',
        error: 'Le disque est plein : le montage a été annulé, la vidéo est intacte.',
        updatedAt: '2026-11-25T13:02:00Z',
      }),
    ]);
    await openPending();
    const region = await cutsRegion();
    // Above the waiting videos: the cuts come first in the page.
    expect(
      region.compareDocumentPosition(screen.getByRole('article', { name: 'Vidéo en attente' })),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    const running = row(region, 'Gala 2026 — REDIFF');
    expect(within(running).getByRole('link', { name: 'Gala 2026 — REDIFF' })).toHaveAttribute(
      'href',
      '/editVideo/31',
    );
    expect(within(running).getByText('Montage en cours… 42 %')).toBeVisible();
    expect(
      within(running).getByRole('progressbar', {
        name: 'Avancement du montage de « Gala 2026 — REDIFF »',
      }),
    ).toHaveAttribute('aria-valuenow', '42');
    expect(within(running).getByText("Dernière avancée à l'instant")).toBeVisible();

    const queued = row(region, 'Tournoi de rugby');
    expect(within(queued).getByRole('link', { name: 'Tournoi de rugby' })).toHaveAttribute(
      'href',
      '/editVideo/32',
    );
    expect(within(queued).getByText('En attente')).toBeVisible();
    expect(within(queued).getByText('Demandé il y a 5 minutes')).toBeVisible();
    expect(within(queued).queryByRole('progressbar')).toBeNull();

    const failed = row(region, 'Concert de printemps');
    expect(
      within(failed).getByText(
        'Échec : Le disque est plein : le montage a été annulé, la vidéo est intacte.',
      ),
    ).toBeVisible();
    expect(within(failed).getByText('Échoué le 25 novembre 2026 à 14:02')).toBeVisible();
    expect(within(failed).queryByRole('progressbar')).toBeNull();
  });

  it('shows no « Montages » at all when no cut is on its way or failed', async () => {
    const calls = serveCuts(() => []);
    await openPending();
    await waitFor(() => expect(calls.cuts).toBe(1));
    expect(screen.queryByRole('region', { name: 'Montages' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Montages' })).toBeNull();
    expect(screen.queryByText("Les montages n'ont pas pu être lus.")).toBeNull();
  });

  it('follows a cut every 2 s, and once it is done asks the videos again and stops', async () => {
    const answers = [
      [cut(31, { title: 'Gala', state: 'running', progress: 10 })],
      [cut(31, { title: 'Gala', state: 'running', progress: 80 })],
    ];
    const calls = serveCuts(() => answers[calls.cuts - 1] ?? []);
    await openPending();
    const region = await cutsRegion();
    expect(within(region).getByText('Montage en cours… 10 %')).toBeVisible();
    const pendingBefore = calls.pending;

    await vi.advanceTimersByTimeAsync(2000);
    expect(await within(region).findByText('Montage en cours… 80 %')).toBeVisible();
    expect(calls.pending).toBe(pendingBefore);

    // Done: it leaves the list, and the pending videos (a cut one may be among them) are new.
    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Montages' })).toBeNull());
    await waitFor(() => expect(calls.pending).toBe(pendingBefore + 1));
    expect(calls.cuts).toBe(3);

    // A minute with nothing on its way: not one more call.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.cuts).toBe(3);
    expect(calls.pending).toBe(pendingBefore + 1);
  });

  it('keeps a cut that failed while followed, without asking the videos again', async () => {
    const answers = [
      [cut(34, { title: 'Remise des diplômes', state: 'running', progress: 95 })],
      [
        cut(34, {
          title: 'Remise des diplômes',
          state: 'failed',
          error: 'Le stockage est injoignable.',
        }),
      ],
    ];
    const calls = serveCuts(() => answers[Math.min(calls.cuts, answers.length) - 1]!);
    await openPending();
    const region = await cutsRegion();
    const pendingBefore = calls.pending;
    await vi.advanceTimersByTimeAsync(2000);
    expect(await within(region).findByText('Échec : Le stockage est injoignable.')).toBeVisible();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.cuts).toBe(2);
    expect(calls.pending).toBe(pendingBefore);
  });

  it('says when the cuts could not be read, and reads them again on Réessayer', async () => {
    let broken = true;
    serveCuts(() => [cut(35, { title: 'Retrouvée' })]);
    server.use(
      http.get('*/api/videos/trims', () =>
        broken
          ? HttpResponse.json(
              { statusCode: 404, error: 'Introuvable', message: 'x' },
              { status: 404 },
            )
          : undefined,
      ),
    );
    await openPending();
    const alert = await screen.findByText("Les montages n'ont pas pu être lus.");
    broken = false;
    await userEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Réessayer',
      }),
    );
    expect(row(await cutsRegion(), 'Retrouvée')).toBeVisible();
    expect(screen.queryByText("Les montages n'ont pas pu être lus.")).toBeNull();
  });
});
