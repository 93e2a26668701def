import { useEffect, type RefObject } from 'react';
import type { Heartbeat } from '@plateau/contract';
import { HEARTBEAT_SECONDS } from '@plateau/contract/constants';
import { API_BASE } from '../../lib/api.ts';
import { getSession } from '../../lib/session.ts';
import { createWatchReporter, type WatchSubject } from './watch-report.ts';

/** `?token=` since a beacon cannot send a header; visitors send none. */
export const heartbeatUrl = (token: string | null) =>
  `${API_BASE}/stats/heartbeat${token ? `?token=${encodeURIComponent(token)}` : ''}`;

/**
 * A beacon outlives the page (pagehide, a closed tab); `fetch` with keepalive where there is
 * none or the browser refused it. Statistics never disturb playback: every failure is silent.
 */
export const sendHeartbeat = (beat: Heartbeat, token: string | null) => {
  const url = heartbeatUrl(token);
  const body = JSON.stringify(beat);
  try {
    if (navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Some browsers throw rather than answer false (a body over their quota): try fetch.
  }
  try {
    void fetch(url, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body,
    }).catch(() => {});
  } catch {
    // No fetch at all: this heartbeat is lost, the playing is not.
  }
};

/**
 * A browser that asks not to be tracked (Global Privacy Control, Do Not Track) is not counted:
 * the objection the CNIL asks audience measurement to honour (README, "Statistics and privacy").
 */
export const refusesTracking = () => {
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  return browser.globalPrivacyControl === true || navigator.doNotTrack === '1';
};

/**
 * Reports what `media` plays of `subject` (issue 35): every HEARTBEAT_SECONDS while playing,
 * and at once when it stops (pause, end), jumps (a seek), the page goes away (hidden, closed)
 * or the player leaves. Null: nothing is reported (previews). Nothing is stored.
 */
export const useWatchReport = (
  media: RefObject<HTMLVideoElement | null>,
  subject: WatchSubject | null,
) => {
  const videoId = subject && 'videoId' in subject ? subject.videoId : null;
  const directId = subject && 'directId' in subject ? subject.directId : null;

  useEffect(() => {
    const element = media.current;
    const about = videoId !== null ? { videoId } : directId !== null ? { directId } : null;
    if (!element || !about || refusesTracking()) return;
    const reporter = createWatchReporter({
      subject: about,
      token: () => getSession().token,
      send: sendHeartbeat,
    });
    // While seeking, the position is already the target: not a place that was played. A seek
    // done, the new range starts there (no `playing` comes when it was playing already).
    const read = () => {
      if (!element.paused && !element.seeking) reporter.played(element.currentTime);
    };
    // `pause` and `ended` come once paused: the position is where the playing stopped.
    const stopped = () => {
      if (!element.seeking) reporter.played(element.currentTime);
      reporter.flush();
    };
    const beat = () => {
      read();
      reporter.flush();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') beat();
    };
    const seeking = () => reporter.seeking();

    const elementEvents = [
      ['timeupdate', read],
      ['playing', read],
      ['pause', stopped],
      ['ended', stopped],
      ['seeking', seeking],
      ['seeked', read],
    ] as const;
    elementEvents.forEach(([name, listener]) => element.addEventListener(name, listener));
    window.addEventListener('pagehide', beat);
    document.addEventListener('visibilitychange', hidden);
    const timer = window.setInterval(beat, HEARTBEAT_SECONDS * 1000);
    return () => {
      window.clearInterval(timer);
      elementEvents.forEach(([name, listener]) => element.removeEventListener(name, listener));
      window.removeEventListener('pagehide', beat);
      document.removeEventListener('visibilitychange', hidden);
      // Another video, or the page left: what was played until now is sent.
      beat();
    };
  }, [media, videoId, directId]);
};
