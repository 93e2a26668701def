import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@plateau/contract';
import { Providers } from '../../../app/providers.tsx';
import { readPlayerChoices, rememberPlayerChoices } from '../../../lib/player-choices.ts';
import { server } from '../../../testing/server.ts';
import { makeVideo } from '../../../testing/videos.ts';
import { VideoPlayer, type VideoPlayerProps } from './video-player.tsx';

/** jsdom cannot play media: the element's position and state are plain values here. */
const stubElement = (media: HTMLVideoElement, state: { currentTime: number; paused: boolean }) => {
  Object.defineProperty(media, 'currentTime', {
    configurable: true,
    get: () => state.currentTime,
    set: (value: number) => {
      state.currentTime = value;
    },
  });
  Object.defineProperty(media, 'paused', { configurable: true, get: () => state.paused });
};

let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
beforeEach(() => {
  play = vi.fn<() => Promise<void>>(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const renderPlayer = (video: Video, props: Partial<VideoPlayerProps> = {}) => {
  const view = render(
    <Providers>
      <VideoPlayer video={video} token="jeton" isMember={false} {...props} />
    </Providers>,
  );
  const media = view.container.querySelector('video');
  if (!media) throw new Error('no video element');
  return { ...view, media };
};

const openContextMenu = async (media: HTMLVideoElement) => {
  fireEvent.contextMenu(media, { clientX: 100, clientY: 80 });
  return screen.findByRole('menu', { name: 'Menu de la vidéo' });
};

describe('VideoPlayer', () => {
  it('plays a rung in Auto where adaptive streaming cannot run, and leaves Auto out', async () => {
    // jsdom has no Media Source Extensions: hls.js says it is unsupported, as an old browser.
    const user = userEvent.setup();
    const { media } = renderPlayer(makeVideo(7, { rungs: [720, 480, 240] }));
    await waitFor(() =>
      expect(media.getAttribute('src')).toBe('/api/media/video/7/720?v=0&token=jeton'),
    );
    await user.click(screen.getByRole('button', { name: 'Qualité : 720p' }));
    const menu = await screen.findByRole('menu', { name: 'Qualité' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['720p', '480p', '240p']);
  });

  it('loads a remembered resolution at first render, and remembers the next one', async () => {
    rememberPlayerChoices({ quality: 480 });
    const user = userEvent.setup();
    const { media } = renderPlayer(makeVideo(7));
    expect(media.getAttribute('src')).toBe('/api/media/video/7/480?v=0&token=jeton');
    await user.click(screen.getByRole('button', { name: 'Qualité : 480p' }));
    await user.click(await screen.findByRole('menuitem', { name: '240p' }));
    expect(readPlayerChoices().quality).toBe(240);
  });

  it('plays by itself (a playlist’s next video) once the stream is there, not before', async () => {
    // In Auto the element has no source at first: a play() then would be cancelled by the load.
    const { media } = renderPlayer(makeVideo(7), { autoPlay: true });
    await waitFor(() =>
      expect(media.getAttribute('src')).toBe('/api/media/video/7/1080?v=0&token=jeton'),
    );
    expect(play).not.toHaveBeenCalled();
    fireEvent.loadedMetadata(media);
    await waitFor(() => expect(play).toHaveBeenCalledOnce());
  });

  it('plays a chosen rung by itself at once: its source is there from the first render', async () => {
    rememberPlayerChoices({ quality: 720 });
    renderPlayer(makeVideo(7), { autoPlay: true });
    await waitFor(() => expect(play).toHaveBeenCalledOnce());
  });

  it('loads 1080 with the token at first render, and the thumbnail as poster', async () => {
    rememberPlayerChoices({ quality: 1080 });
    server.use(
      http.get('*/api/media/thumbnail/7', () =>
        HttpResponse.arrayBuffer(new Uint8Array([137, 80, 78, 71]).buffer, {
          headers: { 'Content-Type': 'image/png' },
        }),
      ),
    );
    const { media } = renderPlayer(makeVideo(7));
    expect(media.getAttribute('src')).toBe('/api/media/video/7/1080?v=0&token=jeton');
    await waitFor(() => expect(media.getAttribute('poster')).toMatch(/^blob:/));
  });

  it('offers Auto and the rungs the video has, the nearest to the choice checked', async () => {
    rememberPlayerChoices({ quality: 1080 });
    const user = userEvent.setup();
    const { media } = renderPlayer(makeVideo(7, { rungs: [720, 480, 240] }));
    expect(media.getAttribute('src')).toBe('/api/media/video/7/720?v=0&token=jeton');
    await user.click(screen.getByRole('button', { name: 'Qualité : 720p' }));
    const menu = await screen.findByRole('menu', { name: 'Qualité' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Auto', '720p', '480p', '240p']);
    expect(items[1]).toHaveClass('Mui-selected');
  });

  it('shows members the raw upload of an unpublished video, with no selector', () => {
    const { media } = renderPlayer(makeVideo(7, { processing: 1, rungs: [] }), { isMember: true });
    expect(media.getAttribute('src')).toBe('/api/media/video/7/0?token=jeton');
    expect(screen.queryByRole('button', { name: /^Qualité/ })).not.toBeInTheDocument();
  });

  it('keeps the time and keeps playing when the resolution changes', async () => {
    rememberPlayerChoices({ quality: 1080 });
    const user = userEvent.setup();
    const { media } = renderPlayer(makeVideo(7));
    const state = { currentTime: 42.5, paused: false };
    stubElement(media, state);
    await user.click(screen.getByRole('button', { name: 'Qualité : 1080p' }));
    await user.click(await screen.findByRole('menuitem', { name: '480p' }));
    expect(media.getAttribute('src')).toBe('/api/media/video/7/480?v=0&token=jeton');
    // The new source starts over at 0, paused, until it knows its length.
    state.currentTime = 0;
    state.paused = true;
    fireEvent.loadedMetadata(media);
    expect(state.currentTime).toBe(42.5);
    await waitFor(() => expect(play).toHaveBeenCalledOnce());
    expect(screen.getByRole('button', { name: 'Qualité : 480p' })).toBeInTheDocument();
  });

  it('stays paused at the same time when switching while paused', async () => {
    rememberPlayerChoices({ quality: 1080 });
    const user = userEvent.setup();
    const { media } = renderPlayer(makeVideo(7));
    const state = { currentTime: 12.24, paused: true };
    stubElement(media, state);
    await user.click(screen.getByRole('button', { name: 'Qualité : 1080p' }));
    await user.click(await screen.findByRole('menuitem', { name: '240p' }));
    state.currentTime = 0;
    fireEvent.loadedMetadata(media);
    expect(state.currentTime).toBe(12.24);
    // Play, pressed after the switch, starts the video: its one play() is the only one.
    await user.click(screen.getByRole('button', { name: 'Lecture' }));
    await waitFor(() => expect(play).toHaveBeenCalled());
    expect(play).toHaveBeenCalledOnce();
  });

  it('starts at `startAt` once the video knows its length', () => {
    const { media } = renderPlayer(makeVideo(7), { startAt: 12 });
    const state = { currentTime: 0, paused: true };
    stubElement(media, state);
    fireEvent.loadedMetadata(media);
    expect(state.currentTime).toBe(12);
  });

  it('starts at `startAt` when the length was known before the player was on the page', () => {
    // A route render may commit the element after its metadata loaded: React drops that event.
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(
      HTMLMediaElement.HAVE_CURRENT_DATA,
    );
    const seek = vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set');
    const onFirstFrame = vi.fn();
    renderPlayer(makeVideo(7), { startAt: 12, onFirstFrame });
    expect(seek).toHaveBeenCalledWith(12);
    expect(onFirstFrame).toHaveBeenCalledOnce();
  });

  it('answers the spec shortcuts on the page, never while typing', async () => {
    const user = userEvent.setup();
    const { media } = renderPlayer(makeVideo(7));
    stubElement(media, { currentTime: 1, paused: true });
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await user.keyboard(' m');
    expect(play).not.toHaveBeenCalled();
    expect(media.muted).toBe(false);
    field.blur();
    await user.keyboard(' ');
    await waitFor(() => expect(play).toHaveBeenCalledOnce());
    await user.keyboard('m');
    expect(media.muted).toBe(true);
    field.remove();
  });

  it('shows the chapters: marks on the bar, the one playing, its menu and Ctrl + arrows', async () => {
    server.use(
      http.get('*/api/videos/:id/chapters', () =>
        HttpResponse.json({
          chapters: [
            { start: 0, title: 'Accueil' },
            { start: 30, title: 'Acte I' },
            { start: 60, title: 'Acte II' },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    const { media } = renderPlayer(makeVideo(7));
    const state = { currentTime: 40, paused: true };
    stubElement(media, state);
    Object.defineProperty(media, 'duration', { configurable: true, get: () => 90 });
    fireEvent.durationChange(media);
    fireEvent.timeUpdate(media);
    const button = await screen.findByRole('button', { name: 'Chapitres : Acte I' });
    // Acte I and Acte II start inside the bar: two marks (Accueil is its start).
    expect(screen.getAllByTestId('range-mark')).toHaveLength(2);

    await user.click(button);
    const menu = await screen.findByRole('menu', { name: 'Chapitres' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['0:00 · Accueil', '0:30 · Acte I', '1:00 · Acte II']);
    await user.click(within(menu).getByRole('menuitem', { name: '1:00 · Acte II' }));
    expect(state.currentTime).toBe(60);

    state.currentTime = 45;
    await user.keyboard('{Control>}{ArrowLeft}{/Control}');
    expect(state.currentTime).toBe(30);
    await user.keyboard('{Control>}{ArrowRight}{/Control}');
    expect(state.currentTime).toBe(60);
    // Past the last chapter, Ctrl + → leaves the time alone.
    await user.keyboard('{Control>}{ArrowRight}{/Control}');
    expect(state.currentTime).toBe(60);
  });

  it('needs a paused video for the link at this instant and hides the frame from viewers', async () => {
    const { media } = renderPlayer(makeVideo(7));
    const state = { currentTime: 3, paused: false };
    stubElement(media, state);
    fireEvent.play(media);
    const menu = await openContextMenu(media);
    expect(
      within(menu).getByRole('menuitem', { name: 'Copier le lien à cet instant' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Copier le lien' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(within(menu).queryByRole('menuitem', { name: "Télécharger l'image" })).toBeNull();
  });

  it('copies the link at the whole second and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    // After setup: user-event installs its own clipboard, this one replaces it for the test.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { media } = renderPlayer(makeVideo(7), { isMember: true });
    stubElement(media, { currentTime: 12.7, paused: true });
    fireEvent.pause(media);
    const menu = await openContextMenu(media);
    expect(within(menu).getByRole('menuitem', { name: "Télécharger l'image" })).not.toHaveAttribute(
      'aria-disabled',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Copier le lien à cet instant' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/video?v=7&at=12`);
    expect(await screen.findByText('Lien copié !')).toBeInTheDocument();
  });

  it('toggles the loop with a check mark and hands the download to the page', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn();
    const { media } = renderPlayer(makeVideo(7), { onDownload });
    const loop = async () =>
      within(await openContextMenu(media)).getByRole('menuitemcheckbox', {
        name: 'Lecture en boucle',
      });
    expect(await loop()).toHaveAttribute('aria-checked', 'false');
    await user.click(await loop());
    expect(media.loop).toBe(true);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(await loop()).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Télécharger' }));
    expect(onDownload).toHaveBeenCalledOnce();
  });

  it('allows only the frame on an unpublished video', async () => {
    const { media } = renderPlayer(makeVideo(7, { processing: 2 }), {
      isMember: true,
      onDownload: () => {},
    });
    const menu = await openContextMenu(media);
    const loop = within(menu).getByRole('menuitemcheckbox', { name: 'Lecture en boucle' });
    expect(loop).toHaveAttribute('aria-disabled', 'true');
    for (const name of ['Copier le lien', 'Copier le lien à cet instant', 'Télécharger']) {
      expect(within(menu).getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    expect(within(menu).getByRole('menuitem', { name: "Télécharger l'image" })).not.toHaveAttribute(
      'aria-disabled',
    );
  });
});
