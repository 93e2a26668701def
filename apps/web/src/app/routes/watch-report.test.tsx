import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Video } from '@plateau/contract';
import { makeLiveStatus } from '../../features/directs/testing/fixtures.ts';
import { liveDirectServer } from '../../features/directs/testing/live-server.ts';
import { FakeHls } from '../../features/player/testing/fake-hls.ts';
import { driveMedia, stubBeacons } from '../../features/player/testing/beacons.ts';
import { makeDirect, serveEditor } from '../../features/video-editor/testing/editor-server.ts';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';
import { makeVideo } from '../../testing/videos.ts';

// jsdom has no Media Source Extensions: the live player's hls.js is this recorder.
vi.mock('hls.js/light', () => import('../../features/player/testing/fake-hls.ts'));

let beacons: ReturnType<typeof stubBeacons>;
beforeEach(() => {
  FakeHls.instances.length = 0;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  beacons = stubBeacons();
});
afterEach(() => {
  beacons.restore();
  vi.restoreAllMocks();
});

const list = (videos: Video[]) => HttpResponse.json({ videos, nResults: videos.length });

/** The watch page's server for one video, quiet about everything else it asks. */
const watchServer = (video: Video) =>
  server.use(
    http.get('*/api/videos/random', () => list([])),
    http.get('*/api/videos/direct/:id', () => list([])),
    http.get('*/api/videos/like/:id', () => HttpResponse.json({ liked: false, likeCount: 0 })),
    http.put('*/api/videos/history/:id', () => HttpResponse.json({ views: 4 })),
    http.get('*/api/videos/:id', () => list([video])),
  );

/** Plays 0-5 s of the page's `<video>`, then pauses it. */
const playThenPause = (media: HTMLVideoElement) => {
  const drive = driveMedia(media);
  drive.playTo(5);
  drive.pause();
};

describe('what is watched goes to the statistics (issue 35)', () => {
  it('reports the watch page’s published video, played then paused, once', async () => {
    const token = makeToken({ role: 'user' });
    signIn(token);
    watchServer(makeVideo(7, { title: 'Le gala' }));
    renderApp('/video?v=7');
    playThenPause(await screen.findByLabelText('Le gala', { selector: 'video' }));
    expect(beacons.sendBeacon).toHaveBeenCalledOnce();
    const [sent] = await beacons.sent();
    expect(sent!.url).toBe(`/api/stats/heartbeat?token=${encodeURIComponent(token)}`);
    expect(sent!.beat).toMatchObject({ videoId: 7, sequence: 0, played: [{ start: 0, end: 5 }] });
  });

  it('leaves out a video not published yet, which members watch from the raw upload', async () => {
    signIn(makeToken({ role: 'plateau' }));
    watchServer(makeVideo(7, { title: 'Brut', processing: 1, rungs: [] }));
    renderApp('/video?v=7');
    playThenPause(await screen.findByLabelText('Brut', { selector: 'video' }));
    expect(beacons.sendBeacon).not.toHaveBeenCalled();
  });

  it('leaves out the edit page’s preview of a published video', async () => {
    const video = makeVideo(31, { title: 'Le match', directId: 5, rungs: [480, 240] });
    serveEditor({ video, directs: [makeDirect(5, 'Tournoi')] });
    signIn(makeToken({ role: 'plateau', gda_access: false }));
    const { unmount } = renderApp('/editVideo/31');
    const main = await screen.findByRole('main');
    await within(main).findByDisplayValue('Le match');
    playThenPause(within(main).getByLabelText('Aperçu : Le match'));
    unmount();
    expect(beacons.sendBeacon).not.toHaveBeenCalled();
  });

  it('reports the direct page’s live by its direct, for a visitor with no token', async () => {
    liveDirectServer({ status: makeLiveStatus() });
    renderApp('/direct?d=12');
    const player = await screen.findByRole('region', { name: 'Lecteur du direct' });
    await waitFor(() => expect(FakeHls.instances).toHaveLength(1));
    playThenPause(player.querySelector('video')!);
    const [sent] = await beacons.sent();
    expect(sent!.url).toBe('/api/stats/heartbeat');
    expect(sent!.beat).toMatchObject({ directId: 12, played: [{ start: 0, end: 5 }] });
  });
});
