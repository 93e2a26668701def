import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatReplayMessage, Video } from '@plateau/contract';
import { makeChatMessage } from '../../features/chat/testing/chat-server.ts';
import { chatKeys } from '../../resources/chat.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeVideo } from '../../testing/videos.ts';
import { stubMatchMedia } from '../../testing/media-query.ts';

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A wide screen: the page's `min-width` query matches (jsdom has no matchMedia: narrow). */
const onWideScreen = () => stubMatchMedia((media) => media.includes('min-width'));

const said = (id: number, videoSeconds: number, overrides: Partial<ChatReplayMessage> = {}) => ({
  ...makeChatMessage({ id, body: `Message à ${videoSeconds} s` }),
  videoSeconds,
  ...overrides,
});

const threeMessages = [said(1, 2), said(2, 5), said(3, 30)];

const list = (videos: Video[]) => HttpResponse.json({ videos, nResults: videos.length });

/** The REDIFF 5 of the direct 12, its replay answering `messages` (or `status`). */
const replayServer = (
  messages: ChatReplayMessage[] = threeMessages,
  { directId = 12, status = 200 } = {},
) => {
  const reads: string[] = [];
  server.use(
    http.get('*/api/videos/random', () => list([])),
    http.get('*/api/videos/direct/:id', () => list([])),
    http.get('*/api/videos/like/:id', () => HttpResponse.json({ liked: false, likeCount: 0 })),
    http.put('*/api/videos/history/:id', () => HttpResponse.json({ views: 4 })),
    http.get('*/api/videos/:id/chat', ({ params }) => {
      reads.push(String(params.id));
      return status === 200
        ? HttpResponse.json({ messages })
        : HttpResponse.json(
            { statusCode: status, error: 'Refusé', message: 'Chat illisible ici' },
            { status },
          );
    }),
    http.get('*/api/videos/:id', () =>
      list([makeVideo(5, { title: 'Gala (rediffusion)', directId })]),
    ),
    http.get('*/api/media/*', () => new HttpResponse(null, { status: 404 })),
  );
  return reads;
};

/** The page's `<video>`, its position a plain value (jsdom cannot play media). */
const videoAt = () => {
  const media = document.querySelector('video')!;
  const state = { currentTime: 0 };
  Object.defineProperty(media, 'currentTime', {
    configurable: true,
    get: () => state.currentTime,
    set: (value: number) => {
      state.currentTime = value;
    },
  });
  return {
    state,
    playTo: (seconds: number) => {
      state.currentTime = seconds;
      fireEvent.timeUpdate(media);
    },
    seekTo: (seconds: number) => {
      state.currentTime = seconds;
      fireEvent.seeked(media);
    },
  };
};

const findPanel = () => screen.findByRole('region', { name: 'Revoir le chat' });
/** The text of each message the log shows, in its order (a line's own text is its body). */
const shownBodies = (log: HTMLElement) =>
  within(log)
    .queryAllByRole('listitem')
    .map((item) =>
      [...item.querySelector('p')!.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join(''),
    );

const open = async () => {
  const view = renderApp('/video?v=5');
  await screen.findByRole('heading', { level: 1, name: 'Gala (rediffusion)' });
  /** How the page's replay query stands (a visitor's). */
  const replayState = () => view.queryClient.getQueryState(chatKeys.replay(null, 5));
  return { replayState };
};

describe('/video?v= « Revoir le chat » of a REDIFF', () => {
  it('shows each message once the video reaches it, and takes later ones away on a seek back', async () => {
    onWideScreen();
    replayServer();
    await open();
    const panel = await findPanel();
    expect(within(panel).getByRole('heading', { level: 2, name: 'Revoir le chat' })).toBeVisible();
    const log = within(panel).getByRole('log', { name: 'Messages du chat' });
    // Nothing said yet at 0 s.
    expect(within(panel).getByText('Les messages apparaîtront au fil de la vidéo.')).toBeVisible();
    expect(shownBodies(log)).toEqual([]);

    const media = videoAt();
    media.playTo(6);
    await waitFor(() => expect(shownBodies(log)).toEqual(['Message à 2 s', 'Message à 5 s']));
    expect(within(log).getByRole('button', { name: 'Aller à 0:02' })).toHaveTextContent('0:02');
    expect(within(log).getByRole('button', { name: 'Aller à 0:05' })).toBeVisible();
    expect(within(log).queryByRole('button', { name: 'Aller à 0:30' })).toBeNull();
    expect(within(panel).queryByText('Les messages apparaîtront au fil de la vidéo.')).toBeNull();
    // The time in the video, not the wall clock it was said at (20:05 in Paris).
    expect(within(log).queryByText('20:05')).toBeNull();

    media.seekTo(3);
    await waitFor(() => expect(shownBodies(log)).toEqual(['Message à 2 s']));

    media.seekTo(40);
    await waitFor(() => expect(shownBodies(log)).toHaveLength(3));
    expect(within(log).getByRole('button', { name: 'Aller à 0:30' })).toBeVisible();
  });

  it('seeks the video to a message’s time, and writes times past an hour as h:mm:ss', async () => {
    onWideScreen();
    replayServer([said(1, 2), said(2, 5), said(3, 3725)]);
    await open();
    const log = within(await findPanel()).getByRole('log', { name: 'Messages du chat' });
    const media = videoAt();
    media.playTo(3800);
    const late = await within(log).findByRole('button', { name: 'Aller à 1:02:05' });
    expect(late).toHaveTextContent('1:02:05');
    await userEvent.setup().click(within(log).getByRole('button', { name: 'Aller à 0:05' }));
    expect(media.state.currentTime).toBe(5);
  });

  it("makes a member's links clickable and leaves a student's as text", async () => {
    onWideScreen();
    replayServer([
      said(1, 1, { author: 'lea', body: 'regardez https://evil.example/x' }),
      said(2, 2, {
        author: 'bureau',
        authorIsMember: true,
        body: 'Le programme : https://plateau.example/gala',
      }),
    ]);
    await open();
    const log = within(await findPanel()).getByRole('log', { name: 'Messages du chat' });
    videoAt().playTo(10);
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    const links = within(log).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://plateau.example/gala');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(within(log).getByText(/https:\/\/evil\.example\/x/)).toBeVisible();
  });

  it('closes with « Fermer le chat » beside the player, and the button brings it back', async () => {
    onWideScreen();
    replayServer();
    await open();
    const user = userEvent.setup();
    await user.click(within(await findPanel()).getByRole('button', { name: 'Fermer le chat' }));
    expect(screen.queryByRole('region', { name: 'Revoir le chat' })).toBeNull();
    const reopen = screen.getByRole('button', { name: 'Revoir le chat (3)' });
    expect(reopen).toHaveFocus();
    await user.click(reopen);
    expect(await findPanel()).toBeVisible();
  });

  it('stays closed under the player on a narrow screen, behind a button with the count', async () => {
    replayServer();
    await open();
    const button = await screen.findByRole('button', { name: 'Revoir le chat (3)' });
    expect(screen.queryByRole('region', { name: 'Revoir le chat' })).toBeNull();
    await userEvent.setup().click(button);
    const panel = await findPanel();
    expect(within(panel).getByRole('button', { name: 'Fermer le chat' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Revoir le chat (3)' })).toBeNull();
  });

  it('shows neither button nor panel when the replay is empty', async () => {
    onWideScreen();
    const reads = replayServer([]);
    const { replayState } = await open();
    // Once the answer is in, the page has drawn it (waitFor ends inside act).
    await waitFor(() => expect(replayState()?.status).toBe('success'));
    expect(reads).toEqual(['5']);
    expect(screen.queryByRole('region', { name: 'Revoir le chat' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoir le chat/ })).toBeNull();
  });

  it('does not ask for a replay for a video that is no REDIFF', async () => {
    onWideScreen();
    const reads = replayServer(threeMessages, { directId: -1 });
    const { replayState } = await open();
    // The side lists asked and drew their answer: the page is past its first frame.
    expect(await screen.findByText('Aucune autre vidéo pour le moment.')).toBeVisible();
    expect(replayState()?.fetchStatus ?? 'idle').toBe('idle');
    expect(replayState()?.dataUpdatedAt ?? 0).toBe(0);
    expect(reads).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Revoir le chat' })).toBeNull();
  });

  it('shows nothing, and no raw error, when the replay cannot be read', async () => {
    onWideScreen();
    const reads = replayServer(threeMessages, { status: 403 });
    const { replayState } = await open();
    await waitFor(() => expect(replayState()?.status).toBe('error'));
    expect(reads).toEqual(['5']);
    expect(screen.queryByText(/Chat illisible ici/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Revoir le chat' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoir le chat/ })).toBeNull();
  });
});
