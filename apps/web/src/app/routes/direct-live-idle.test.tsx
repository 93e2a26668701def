import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@plateau/contract';
import { makeDirect, makeLiveStatus } from '../../features/directs/testing/fixtures.ts';
import { liveDirectServer } from '../../features/directs/testing/live-server.ts';
import { signIn } from '../../lib/session.ts';
import { liveOff } from '../../testing/handlers.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';
import { makeVideo } from '../../testing/videos.ts';

// Counts every import of hls.js in this file: no test here may load it.
const hlsImported = vi.hoisted(() => vi.fn());
vi.mock('hls.js/light', () => {
  hlsImported();
  return { default: class {} };
});

afterEach(() => expect(hlsImported).not.toHaveBeenCalled());

const waiting = makeLiveStatus({ state: 'waiting', playlist: null, viewers: 0, startedAt: null });
const ended = makeLiveStatus({
  state: 'ended',
  playlist: null,
  viewers: 0,
  endedAt: '2026-11-21T21:00:00Z',
  rediffVideoId: 77,
});
/** A direct broadcast on Plateau: its live link is its own page. */
const onPlateau = makeDirect({ liveUrl: 'http://localhost:8080/direct?d=12' });

const open = (role: Role, status = liveOff, direct = makeDirect()) => {
  liveDirectServer({ direct, status });
  signIn(makeToken({ role }));
  return renderApp('/direct?d=12');
};

/** The header once the live's status was read and drawn. */
const header = async (state: string) => {
  await waitFor(() =>
    expect(document.querySelector(`[data-live-state="${state}"]`)).not.toBeNull(),
  );
  return document.querySelector<HTMLElement>(`[data-live-state="${state}"]`) as HTMLElement;
};

describe('/direct?d= without a live on the air', () => {
  it('stays as it always was when the direct is not broadcast on Plateau', async () => {
    open('plateau', liveOff, makeDirect({ liveUrl: 'https://live.example.org/gala' }));
    const main = await header('off');
    expect(within(main).getByRole('link', { name: 'REDIFF' })).toHaveAttribute(
      'href',
      'https://live.example.org/gala',
    );
    expect(screen.queryByRole('region', { name: 'Lecteur du direct' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(main).queryByText(/Le direct/)).toBeNull();
  });

  it('says the live has not started yet, and offers no REDIFF link to the page itself', async () => {
    open('plateau', waiting, onPlateau);
    const main = await header('waiting');
    expect(within(main).getByText("Le direct n'a pas encore commencé.")).toBeVisible();
    expect(within(main).queryByRole('link', { name: 'REDIFF' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Lecteur du direct' })).toBeNull();
  });

  it('says the live is over and leads a member to its REDIFF (even in /pending)', async () => {
    open('plateau', ended, onPlateau);
    const main = await header('ended');
    expect(within(main).getByText('Le direct est terminé.')).toBeVisible();
    expect(within(main).getByRole('link', { name: 'Voir la REDIFF' })).toHaveAttribute(
      'href',
      '/video?v=77',
    );
    expect(screen.queryByRole('region', { name: 'Lecteur du direct' })).toBeNull();
  });

  it('gives anyone else the REDIFF only once the video answers for them', async () => {
    server.use(
      http.get('*/api/videos/:id', ({ params }) =>
        params.id === '77'
          ? HttpResponse.json({ videos: [makeVideo(77)], nResults: 1 })
          : new HttpResponse(null, { status: 404 }),
      ),
    );
    open('user', ended, onPlateau);
    expect(await screen.findByRole('link', { name: 'Voir la REDIFF' })).toHaveAttribute(
      'href',
      '/video?v=77',
    );
  });

  it('gives no REDIFF button to someone the REDIFF is not published for (404)', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/videos/:id', () => {
        asked += 1;
        return HttpResponse.json(
          { statusCode: 404, error: 'Not Found', message: 'Introuvable' },
          { status: 404 },
        );
      }),
    );
    open('user', ended, onPlateau);
    const main = await header('ended');
    expect(within(main).getByText('Le direct est terminé.')).toBeVisible();
    await waitFor(() => expect(asked).toBe(1));
    expect(within(main).queryByRole('link', { name: 'Voir la REDIFF' })).toBeNull();
  });
});
