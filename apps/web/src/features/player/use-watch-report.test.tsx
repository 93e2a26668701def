import { useRef } from 'react';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Heartbeat } from '@plateau/contract';
import { HEARTBEAT_SECONDS } from '@plateau/contract/constants';
import { signIn } from '../../lib/session.ts';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';
import { driveMedia, stubBeacons } from './testing/beacons.ts';
import { useWatchReport } from './use-watch-report.ts';
import type { WatchSubject } from './watch-report.ts';

const Player = ({ subject }: { subject: WatchSubject | null }) => {
  const media = useRef<HTMLVideoElement>(null);
  useWatchReport(media, subject);
  return <video ref={media} aria-label="Lecteur" />;
};

const renderPlayer = (subject: WatchSubject | null = { videoId: 7 }) => {
  const view = render(<Player subject={subject} />);
  const media = view.container.querySelector('video');
  if (!media) throw new Error('no video element');
  return { ...view, media, drive: driveMedia(media) };
};

let beacons: ReturnType<typeof stubBeacons> | null = null;
const useBeacons = (options?: { accept: boolean }) => {
  beacons = stubBeacons(options);
  return beacons;
};
afterEach(() => {
  beacons?.restore();
  beacons = null;
  vi.useRealTimers();
});

const played = async (sent: () => Promise<{ beat: Heartbeat }[]>) =>
  (await sent()).map(({ beat }) => beat.played);

describe('useWatchReport', () => {
  it('sends one heartbeat with the range played when the viewer pauses', async () => {
    const token = makeToken({ role: 'user' });
    signIn(token);
    const { sendBeacon, sent } = useBeacons();
    const { drive } = renderPlayer();
    drive.playTo(6);
    expect(sendBeacon).not.toHaveBeenCalled();
    drive.pause();
    expect(sendBeacon).toHaveBeenCalledOnce();
    const [beacon] = await sent();
    expect(beacon).toEqual({
      url: `/api/stats/heartbeat?token=${encodeURIComponent(token)}`,
      type: 'application/json',
      beat: {
        videoId: 7,
        watch: expect.stringMatching(/^[A-Za-z0-9_-]{16,40}$/),
        sequence: 0,
        played: [{ start: 0, end: 6 }],
      },
    });
  });

  it('sends a visitor’s heartbeat with no token, and nothing while nothing plays', async () => {
    const { sendBeacon, sent } = useBeacons();
    const { drive } = renderPlayer({ directId: 12 });
    drive.pause();
    drive.seek(30);
    expect(sendBeacon).not.toHaveBeenCalled();
    drive.playTo(32);
    drive.end();
    const beacons = await sent();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('/api/stats/heartbeat');
    expect(beacons[0]!.beat).toMatchObject({ directId: 12, played: [{ start: 30, end: 32 }] });
  });

  it(`reports every ${HEARTBEAT_SECONDS} s while playing, in sequence`, async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { sendBeacon, sent } = useBeacons();
    const { drive } = renderPlayer();
    drive.playTo(9.5);
    act(() => vi.advanceTimersByTime(HEARTBEAT_SECONDS * 1000));
    expect(sendBeacon).toHaveBeenCalledOnce();
    drive.playTo(19.5);
    act(() => vi.advanceTimersByTime(HEARTBEAT_SECONDS * 1000));
    drive.pause();
    // Paused: the timer finds nothing more to say.
    act(() => vi.advanceTimersByTime(3 * HEARTBEAT_SECONDS * 1000));
    const beacons = await sent();
    expect(beacons.map(({ beat }) => beat.sequence)).toEqual([0, 1]);
    expect(beacons.map(({ beat }) => beat.played)).toEqual([
      [{ start: 0, end: 9.5 }],
      [{ start: 9.5, end: 19.5 }],
    ]);
    expect(new Set(beacons.map(({ beat }) => beat.watch)).size).toBe(1);
  });

  it('sends what was played before a seek at once, and the next range after it', async () => {
    const { sendBeacon, sent } = useBeacons();
    const { drive } = renderPlayer();
    drive.playTo(4);
    drive.seek(60);
    expect(sendBeacon).toHaveBeenCalledOnce();
    drive.playTo(63);
    drive.pause();
    expect(await played(sent)).toEqual([[{ start: 0, end: 4 }], [{ start: 60, end: 63 }]]);
  });

  it('sends when the page is hidden or left, and when the player goes', async () => {
    const { sent } = useBeacons();
    const { drive, unmount } = renderPlayer();
    drive.playTo(2);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    fireEvent(document, new Event('visibilitychange'));
    Reflect.deleteProperty(document, 'visibilityState');
    drive.playTo(4);
    fireEvent(window, new Event('pagehide'));
    drive.playTo(5);
    unmount();
    expect(await played(sent)).toEqual([
      [{ start: 0, end: 2 }],
      [{ start: 2, end: 4 }],
      [{ start: 4, end: 5 }],
    ]);
  });

  it('starts a new watch for another video', async () => {
    const { sent } = useBeacons();
    const { drive, rerender } = renderPlayer({ videoId: 7 });
    drive.playTo(2);
    rerender(<Player subject={{ videoId: 8 }} />);
    drive.seek(0);
    drive.playTo(1);
    drive.pause();
    const [first, second] = (await sent()).map(({ beat }) => beat);
    expect(first).toMatchObject({ videoId: 7, sequence: 0, played: [{ start: 0, end: 2 }] });
    expect(second).toMatchObject({ videoId: 8, sequence: 0, played: [{ start: 0, end: 1 }] });
    expect(second!.watch).not.toBe(first!.watch);
  });

  it('counts nothing from a browser that asks not to be tracked (Global Privacy Control)', () => {
    const { sendBeacon } = useBeacons();
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    try {
      const { drive, unmount } = renderPlayer();
      drive.playTo(12);
      drive.pause();
      unmount();
      expect(sendBeacon).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'globalPrivacyControl');
    }
  });

  it('reports nothing without a subject (a preview)', () => {
    const { sendBeacon } = useBeacons();
    const { drive, unmount } = renderPlayer(null);
    drive.playTo(5);
    drive.pause();
    unmount();
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('posts with fetch (keepalive) where there is no beacon or the browser refuses it', async () => {
    const posted: { url: string; keepalive: boolean; beat: unknown }[] = [];
    server.use(
      http.post('*/api/stats/heartbeat', async ({ request }) => {
        posted.push({
          url: new URL(request.url).pathname + new URL(request.url).search,
          keepalive: request.keepalive,
          beat: await request.json(),
        });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { drive } = renderPlayer();
    // jsdom has no sendBeacon: the first one goes by fetch.
    drive.playTo(1);
    drive.pause();
    const { sendBeacon } = useBeacons({ accept: false });
    drive.playTo(2);
    drive.pause();
    expect(sendBeacon).toHaveBeenCalledOnce();
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[0]).toMatchObject({
      url: '/api/stats/heartbeat',
      beat: { videoId: 7, sequence: 0, played: [{ start: 0, end: 1 }] },
    });
    expect(posted[1]).toMatchObject({ beat: { sequence: 1, played: [{ start: 1, end: 2 }] } });
  });

  it('never disturbs playback when the server refuses or cannot be reached', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/stats/heartbeat', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : new HttpResponse(null, { status: 429 });
      }),
    );
    const { drive } = renderPlayer();
    drive.playTo(1);
    drive.pause();
    drive.playTo(2);
    drive.pause();
    await waitFor(() => expect(calls).toBe(2));
    expect(drive.state.paused).toBe(true);
  });
});
