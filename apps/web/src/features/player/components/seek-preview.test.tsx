import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { server } from '../../../testing/server.ts';
import { makeVideo } from '../../../testing/videos.ts';
import { VideoPlayer } from './video-player.tsx';

const stamp = (seconds: number) =>
  `00:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000`;

/** 100 s, one tile every 10 s, 5 columns of 160x90, as the server writes it with a token. */
const TRACK = [
  'WEBVTT',
  '',
  ...Array.from({ length: 10 }, (_, k) => [
    `${stamp(k * 10)} --> ${stamp(k * 10 + 10)}`,
    `7.jpg?token=jeton#xywh=${(k % 5) * 160},${Math.floor(k / 5) * 90},160,90`,
    '',
  ]).flat(),
].join('\n');

/** jsdom lays nothing out: the player (the controls' box) is 1040 px wide, its bar 1000 at 20. */
const layOut = () =>
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const player = this.getAttribute('data-testid') === 'player-controls';
    return DOMRect.fromRect({
      x: player ? 0 : 20,
      y: 500,
      width: player ? 1040 : 1000,
      height: 24,
    });
  });

let asked: string[] = [];
beforeEach(() => {
  asked = [];
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(100);
  layOut();
});
afterEach(() => vi.restoreAllMocks());

const renderPlayer = () => {
  const view = render(
    <Providers>
      <VideoPlayer video={makeVideo(7)} token="jeton" isMember={false} />
    </Providers>,
  );
  const media = view.container.querySelector('video')!;
  fireEvent.durationChange(media);
  return { ...view, media, bar: screen.getByRole('slider', { name: 'Position de lecture' }) };
};

const storyboard = (answer: () => Response) =>
  server.use(
    http.get('*/api/media/storyboard/7.vtt', ({ request }) => {
      asked.push(request.url);
      return answer();
    }),
  );

describe('the seek preview', () => {
  it('shows the tile and the time under a hovering mouse, the track asked once with the token', async () => {
    storyboard(() => new HttpResponse(TRACK, { headers: { 'Content-Type': 'text/vtt' } }));
    const { bar } = renderPlayer();
    const preview = screen.getByTestId('seek-preview');
    expect(preview).toHaveAttribute('data-shown', 'false');
    // Nothing is asked before the first hover or play.
    expect(asked).toEqual([]);

    // 63 % of the bar: 63 s, in the tile of 60-70 s (k = 6: column 1, row 1).
    fireEvent.pointerMove(bar, { clientX: 20 + 630, pointerType: 'mouse' });
    expect(preview).toHaveAttribute('data-shown', 'true');
    expect(preview).toHaveTextContent('1:03');
    const tile = await screen.findByTestId('seek-preview-tile');
    expect(tile.style.backgroundPosition).toBe('-160px -90px');
    expect(tile.style.backgroundImage).toContain('/api/media/storyboard/7.jpg?token=jeton');
    expect(tile.style.width).toBe('160px');
    expect(tile.style.height).toBe('90px');
    // Centred on the pointer: 630 - 80 in the bar's coordinates.
    expect(preview.style.left).toBe('550px');

    // Near the right end: kept 4 px inside the player (1040 wide, bar at 20): 1016 - 160 - 20.
    fireEvent.pointerMove(bar, { clientX: 1015, pointerType: 'mouse' });
    expect(preview).toHaveTextContent('1:39');
    expect(tile.style.backgroundPosition).toBe('-640px -90px');
    expect(preview.style.left).toBe('856px');

    fireEvent.pointerLeave(bar, { pointerType: 'mouse' });
    expect(preview).toHaveAttribute('data-shown', 'false');
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!).search).toBe('?v=0&token=jeton');
  });

  it('follows a finger dragging the bar and goes when it lifts', async () => {
    storyboard(() => new HttpResponse(TRACK));
    const { bar } = renderPlayer();
    const preview = screen.getByTestId('seek-preview');
    fireEvent.pointerDown(bar, { clientX: 20 + 30, pointerType: 'touch' });
    expect(preview).toHaveAttribute('data-shown', 'true');
    expect(preview).toHaveTextContent('0:03');
    const tile = await screen.findByTestId('seek-preview-tile');
    expect(tile.style.backgroundPosition).toBe('0px 0px');
    // Left of the player's edge otherwise: 4 px inside it, the bar starting at 20.
    expect(preview.style.left).toBe('-16px');
    fireEvent.pointerMove(bar, { clientX: 20 + 250, pointerType: 'touch' });
    expect(preview).toHaveTextContent('0:25');
    expect(tile.style.backgroundPosition).toBe('-320px 0px');
    fireEvent.pointerUp(bar, { pointerType: 'touch' });
    expect(preview).toHaveAttribute('data-shown', 'false');
  });

  it('asks for the track when the video starts playing', async () => {
    storyboard(() => new HttpResponse(TRACK));
    const { media } = renderPlayer();
    expect(asked).toEqual([]);
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValue(false);
    fireEvent.play(media);
    await waitFor(() => expect(asked).toHaveLength(1));
  });

  it('shows the time alone for a video without storyboard, with no error', async () => {
    const errors = vi.spyOn(console, 'error');
    storyboard(() =>
      HttpResponse.json(
        { statusCode: 404, error: 'Not Found', message: 'Aucun aperçu pour cette vidéo' },
        { status: 404 },
      ),
    );
    const { bar } = renderPlayer();
    fireEvent.pointerMove(bar, { clientX: 20 + 500, pointerType: 'mouse' });
    const preview = screen.getByTestId('seek-preview');
    expect(preview).toHaveTextContent('0:50');
    await waitFor(() => expect(asked).toHaveLength(1));
    fireEvent.pointerMove(bar, { clientX: 20 + 510, pointerType: 'mouse' });
    expect(preview).toHaveTextContent('0:51');
    expect(screen.queryByTestId('seek-preview-tile')).toBeNull();
    // The time bubble alone, centred: 510 - 72 / 2.
    expect(preview.style.left).toBe('474px');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('shows the time alone when the track cannot be read', async () => {
    storyboard(() => HttpResponse.error());
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { bar } = renderPlayer();
    fireEvent.pointerMove(bar, { clientX: 20 + 200, pointerType: 'mouse' });
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.getByTestId('seek-preview')).toHaveTextContent('0:20');
    expect(screen.queryByTestId('seek-preview-tile')).toBeNull();
  });
});
