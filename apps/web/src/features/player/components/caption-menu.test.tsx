import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptionList, Video } from '@plateau/contract';
import { Providers } from '../../../app/providers.tsx';
import { readPlayerChoices, rememberPlayerChoices } from '../../../lib/player-choices.ts';
import { server } from '../../../testing/server.ts';
import { makeVideo } from '../../../testing/videos.ts';
import { VideoPlayer } from './video-player.tsx';

/** jsdom has no TextTrack: each `<track>` gets a plain one whose mode the player sets. */
beforeEach(() => {
  const tracks = new WeakMap<HTMLTrackElement, { mode: TextTrackMode; cues: null }>();
  Object.defineProperty(HTMLTrackElement.prototype, 'track', {
    configurable: true,
    get(this: HTMLTrackElement) {
      if (!tracks.has(this)) tracks.set(this, { mode: 'disabled', cues: null });
      return tracks.get(this);
    },
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => {
  delete (HTMLTrackElement.prototype as { track?: unknown }).track;
  vi.restoreAllMocks();
});

const withCaptions = (id: number, languages: string[]) =>
  server.use(
    http.get(`*/api/media/captions/${id}`, () =>
      HttpResponse.json<CaptionList>({
        captions: languages.map((language) => ({ language, updatedAt: '2026-11-20T10:00:00Z' })),
      }),
    ),
  );

const renderPlayer = (video: Video, token: string | null = 'jeton') => {
  const view = render(
    <Providers>
      <VideoPlayer video={video} token={token} isMember={false} />
    </Providers>,
  );
  return {
    ...view,
    rerender: (next: Video) =>
      view.rerender(
        <Providers>
          <VideoPlayer video={next} token={token} isMember={false} />
        </Providers>,
      ),
  };
};

/** The player's `<track>` elements, by language, with the mode each has. */
const trackModes = (container: HTMLElement) =>
  Object.fromEntries(
    Array.from(container.querySelectorAll('video > track')).map((element) => {
      const track = element as HTMLTrackElement;
      return [track.srclang, track.track.mode];
    }),
  );

describe('the « Sous-titres » menu', () => {
  it('does not show for a video without captions', async () => {
    let asked = false;
    server.use(
      http.get('*/api/media/captions/7', () => {
        asked = true;
        return HttpResponse.json<CaptionList>({ captions: [] });
      }),
    );
    const { container } = renderPlayer(makeVideo(7));
    await waitFor(() => expect(asked).toBe(true));
    // The answer has been rendered once the next task runs.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: /^Qualité/ })).toBeInTheDocument();
    expect(container.querySelectorAll('track')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Sous-titres/ })).not.toBeInTheDocument();
  });

  it('gives one track per language, off by default; a choice shows it and is remembered', async () => {
    withCaptions(7, ['en', 'fr']);
    const user = userEvent.setup();
    const { container } = renderPlayer(makeVideo(7));
    const button = await screen.findByRole('button', { name: 'Sous-titres : Désactivés' });
    const tracks = Array.from(container.querySelectorAll('video > track'));
    expect(
      tracks.map((track) => [
        track.getAttribute('kind'),
        track.getAttribute('srclang'),
        track.getAttribute('label'),
        track.getAttribute('src'),
      ]),
    ).toEqual([
      ['subtitles', 'en', 'Anglais', '/api/media/captions/7/en.vtt?v=0&token=jeton'],
      ['subtitles', 'fr', 'Français', '/api/media/captions/7/fr.vtt?v=0&token=jeton'],
    ]);
    expect(trackModes(container)).toEqual({ en: 'disabled', fr: 'disabled' });

    await user.click(button);
    const menu = await screen.findByRole('menu', { name: 'Sous-titres' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Désactivés', 'Anglais', 'Français']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Français' }));
    await waitFor(() => expect(trackModes(container)).toEqual({ en: 'disabled', fr: 'showing' }));
    expect(screen.getByRole('button', { name: 'Sous-titres : Français' })).toBeInTheDocument();
    expect(readPlayerChoices().captions).toBe('fr');
  });

  it('applies a remembered language at the next video, and « Désactivés » turns captions off', async () => {
    rememberPlayerChoices({ captions: 'en' });
    withCaptions(7, ['fr']);
    withCaptions(8, ['en', 'fr']);
    const user = userEvent.setup();
    const { container, rerender } = renderPlayer(makeVideo(7), null);
    // This video has no English: off here, the choice kept for the next one.
    await screen.findByRole('button', { name: 'Sous-titres : Désactivés' });
    expect(trackModes(container)).toEqual({ fr: 'disabled' });
    expect(container.querySelector('track')?.getAttribute('src')).toBe(
      '/api/media/captions/7/fr.vtt?v=0',
    );

    rerender(makeVideo(8));
    const button = await screen.findByRole('button', { name: 'Sous-titres : Anglais' });
    await waitFor(() => expect(trackModes(container)).toEqual({ en: 'showing', fr: 'disabled' }));

    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Désactivés' }));
    await waitFor(() => expect(trackModes(container)).toEqual({ en: 'disabled', fr: 'disabled' }));
    expect(screen.getByRole('button', { name: 'Sous-titres : Désactivés' })).toBeInTheDocument();
    expect(readPlayerChoices().captions).toBeNull();
  });

  it('is reached and used from the keyboard', async () => {
    withCaptions(7, ['fr']);
    const user = userEvent.setup();
    renderPlayer(makeVideo(7));
    const button = await screen.findByRole('button', { name: 'Sous-titres : Désactivés' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Sous-titres' });
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('button', { name: 'Sous-titres : Français' })).toHaveFocus();
    expect(readPlayerChoices().captions).toBe('fr');
  });
});
