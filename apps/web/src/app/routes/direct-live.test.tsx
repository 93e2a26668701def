import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveStatus } from '@plateau/contract';
import { makeLiveStatus } from '../../features/directs/testing/fixtures.ts';
import { liveDirectServer } from '../../features/directs/testing/live-server.ts';
import { FakeHls, lastHls } from '../../features/player/testing/fake-hls.ts';
import { MAX_LIVE_RETRIES } from '../../features/player/use-live-stream.ts';
import { signIn } from '../../lib/session.ts';
import { liveKeys } from '../../resources/live.ts';
import { renderApp } from '../../testing/render.tsx';
import { makeToken } from '../../testing/tokens.ts';

// jsdom has no Media Source Extensions: the player's hls.js is this recorder.
vi.mock('hls.js/light', () => import('../../features/player/testing/fake-hls.ts'));

let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
beforeEach(() => {
  FakeHls.instances.length = 0;
  play = vi.fn<() => Promise<void>>(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const open = (status: LiveStatus) => {
  const live = liveDirectServer({ status });
  const token = makeToken({ role: 'user' });
  signIn(token);
  return { ...renderApp('/direct?d=12'), live, token, user: userEvent.setup() };
};

/** The player, once its hls.js has started. */
const findPlayer = async () => {
  const player = await screen.findByRole('region', { name: 'Lecteur du direct' });
  await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
  const video = player.querySelector('video');
  if (!video) throw new Error('no video element');
  return { player, video, hls: lastHls() };
};

/** A live window of 0-100 s in the element, the viewer at `time`, hls.js's edge at 97 s. */
const stubWindow = (video: HTMLVideoElement, hls: FakeHls, state: { time: number }) => {
  Object.defineProperty(video, 'seekable', {
    configurable: true,
    value: { length: 1, start: () => 0, end: () => 100 },
  });
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => state.time,
    set: (value: number) => {
      state.time = value;
    },
  });
  hls.liveSyncPosition = 97;
  fireEvent(video, new Event('timeupdate'));
};

describe('/direct?d= while a live is on the air', () => {
  it('plays the playlist with hls.js, the token in its URL, with LIVE and the audience', async () => {
    const { token } = open(makeLiveStatus({ viewers: 3 }));
    const { player, video, hls } = await findPlayer();
    expect(hls.source).toBe(`/api/media/live/12/master.m3u8?token=${encodeURIComponent(token)}`);
    expect(hls.media).toBe(video);
    expect(video).toHaveAccessibleName('Gala des Arts 2026');
    expect(within(player).getByTestId('live-badge')).toHaveTextContent('LIVE');
    expect(within(player).getByTestId('live-viewers')).toHaveTextContent(/^3 spectateurs$/);
    // The poster's place is the player's: the title and date are still there.
    expect(screen.getByRole('heading', { level: 1, name: 'Gala des Arts 2026' })).toBeVisible();
  });

  it('says 1 spectateur in the singular', async () => {
    open(makeLiveStatus({ viewers: 1 }));
    const { player } = await findPlayer();
    expect(within(player).getByTestId('live-viewers')).toHaveTextContent(/^1 spectateur$/);
  });

  it('offers Auto first, then each height best first, and picks the level in hls.js', async () => {
    const { user } = open(makeLiveStatus());
    const { player, hls } = await findPlayer();
    act(() => hls.parsed([480, 1080]));
    await user.click(within(player).getByRole('button', { name: 'Qualité : Auto' }));
    const menu = await screen.findByRole('menu', { name: 'Qualité' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Auto', '1080p', '480p']);
    await user.click(within(menu).getByRole('menuitem', { name: '480p' }));
    expect(hls.currentLevel).toBe(0);
    expect(within(player).getByRole('button', { name: 'Qualité : 480p' })).toBeVisible();
  });

  it('offers "Retour au direct" when far behind the edge, and goes back to it', async () => {
    const { user } = open(makeLiveStatus());
    const { player, video, hls } = await findPlayer();
    const position = { time: 50 };
    stubWindow(video, hls, position);
    const back = await within(player).findByRole('button', { name: 'Retour au direct' });
    expect(within(player).getByTestId('live-badge')).toHaveAttribute('data-at-edge', 'false');
    // The bar ends at the live edge, not at the last segment hls.js keeps its distance from.
    const bar = within(player).getByRole('slider', { name: 'Position dans le direct' });
    expect(bar).toHaveAttribute('aria-valuetext', '0:47 de retard');
    expect(bar).toHaveAttribute('max', '97');
    await user.click(back);
    expect(position.time).toBe(97);
    fireEvent(video, new Event('timeupdate'));
    await waitFor(() =>
      expect(within(player).getByTestId('live-badge')).toHaveAttribute('data-at-edge', 'true'),
    );
    expect(within(player).queryByRole('button', { name: 'Retour au direct' })).toBeNull();
  });

  it('brings a viewer who was following the live back to it when the page shows again, and leaves one who rewound', async () => {
    open(makeLiveStatus());
    const { video, hls } = await findPlayer();
    Object.defineProperty(video, 'paused', { configurable: true, get: () => false });
    const position = { time: 95 };
    stubWindow(video, hls, position);
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    const showPage = (state: DocumentVisibilityState) => {
      visibility.mockReturnValue(state);
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    };

    // Following the live (2 s behind), then the phone is locked: the video stops at 95 s.
    showPage('hidden');
    hls.liveSyncPosition = 160;
    showPage('visible');
    expect(position.time).toBe(160);

    // Rewound a minute before hiding the page: back where they were.
    position.time = 100;
    showPage('hidden');
    hls.liveSyncPosition = 220;
    showPage('visible');
    expect(position.time).toBe(100);
  });

  it("answers the watch page's keys, seeking only inside the live's window", async () => {
    const { user } = open(makeLiveStatus());
    const { video, hls } = await findPlayer();
    const position = { time: 98 };
    stubWindow(video, hls, position);
    await user.keyboard(' ');
    expect(play).toHaveBeenCalled();
    await user.keyboard('m');
    expect(video.muted).toBe(true);
    Object.defineProperty(video, 'paused', { configurable: true, get: () => false });
    await user.keyboard('{ArrowRight}');
    expect(position.time).toBe(100);
    await user.keyboard('{ArrowLeft}');
    expect(position.time).toBe(95);
  });

  it('keeps the player while reconnecting, saying the live resumes in a moment', async () => {
    open(makeLiveStatus({ state: 'reconnecting' }));
    const { player } = await findPlayer();
    expect(within(player).getByText('Le direct reprend dans un instant…')).toBeVisible();
  });

  it('retries a fatal network error, and says so only when it cannot recover', async () => {
    open(makeLiveStatus());
    const { player, hls } = await findPlayer();
    act(() => hls.parsed([480]));
    act(() => hls.fatalNetworkError());
    // The first retry comes after a second: hls.js loads again, nothing is said.
    await waitFor(() => expect(hls.startLoads).toBe(1));
    expect(within(player).queryByText('Erreur pendant le chargement du direct')).toBeNull();
    act(() => {
      for (let i = 0; i < MAX_LIVE_RETRIES; i += 1) hls.fatalNetworkError();
    });
    expect(await within(player).findByRole('alert')).toHaveTextContent(
      'Erreur pendant le chargement du direct',
    );
    expect(hls.destroyed).toBe(true);
  });

  it('leaves the player when the live ends, and says it is over', async () => {
    const { live, queryClient } = open(makeLiveStatus());
    const { hls } = await findPlayer();
    live.status = makeLiveStatus({ state: 'ended', playlist: null, viewers: 0 });
    await act(() => queryClient.invalidateQueries({ queryKey: liveKeys.all }));
    expect(await screen.findByText('Le direct est terminé.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Lecteur du direct' })).toBeNull();
    expect(hls.destroyed).toBe(true);
  });
});
