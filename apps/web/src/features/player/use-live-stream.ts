import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type Hls from 'hls.js/light';
import { forgetOldStalls, rejoinWhenLeftBehind } from './keep-with-the-live.ts';
import { playWithHls } from './hls-engine.ts';
import { liveHlsConfig, lowLatencyHlsConfig } from './live-hls-config.ts';

/** One quality of the live, as hls.js numbers it. */
export interface LiveLevel {
  index: number;
  height: number;
}

/** Fatal network errors retried before the player gives up (none counted while reconnecting). */
export const MAX_LIVE_RETRIES = 4;

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Safari on iPhone (no Media Source Extensions) plays HLS itself: hls.js is never loaded. */
export const playsHlsNatively = (video: HTMLVideoElement) =>
  !('MediaSource' in window) &&
  !('ManagedMediaSource' in window) &&
  video.canPlayType(HLS_TYPE) !== '';

/** The end of what can be played: the live edge when nothing better is known. */
export const seekableEnd = (video: HTMLVideoElement) =>
  video.seekable.length > 0 ? video.seekable.end(video.seekable.length - 1) : null;

const levelsOf = (hls: Hls): LiveLevel[] =>
  hls.levels
    .map((level, index) => ({ index, height: level.height }))
    .filter((level) => level.height > 0)
    .sort((a, b) => b.height - a.height);

export interface LiveStream {
  /** The qualities, best first; empty when the browser plays HLS itself. */
  levels: LiveLevel[];
  /** The chosen level, -1 for Auto. */
  level: number;
  selectLevel: (index: number) => void;
  /** Where "the live" is: hls.js's sync position, else the end of the seekable range. */
  liveEdge: () => number | null;
  /** The stream could not be loaded, even after retrying. */
  failed: boolean;
  retry: () => void;
}

/**
 * Plays the live playlist `url` in `media`: natively where the browser can and has no Media
 * Source Extensions (iOS), otherwise with hls.js's light build, loaded only here (in its
 * low-latency settings for a « Latence faible » live), kept with the live after a stall.
 * Fatal network errors are retried a few times (without end while `reconnecting`), media
 * errors recovered.
 */
export const useLiveStream = (
  media: RefObject<HTMLVideoElement | null>,
  url: string,
  { reconnecting, lowLatency }: { reconnecting: boolean; lowLatency: boolean },
): LiveStream => {
  const engine = useRef<Hls | null>(null);
  const patient = useRef(reconnecting);
  // Read when the player (re)starts: a live that leaves low latency plays on as it was.
  const lowLatencyNow = useRef(lowLatency);
  const [attempt, setAttempt] = useState(0);
  const [levels, setLevels] = useState<LiveLevel[]>([]);
  const [level, setLevel] = useState(-1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    patient.current = reconnecting;
    lowLatencyNow.current = lowLatency;
  }, [reconnecting, lowLatency]);

  useEffect(() => {
    const video = media.current;
    if (!video) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const giveUpAfter = (tries: number) => !patient.current && tries > MAX_LIVE_RETRIES;
    const later = (again: () => void) => {
      failures += 1;
      if (giveUpAfter(failures)) return false;
      timer = setTimeout(again, 1000 * Math.min(failures, 5));
      return true;
    };

    if (playsHlsNatively(video)) {
      const reload = () => {
        video.src = url;
        video.load();
      };
      const onError = () => {
        if (!later(reload)) setFailed(true);
      };
      const onPlaying = () => (failures = 0);
      video.addEventListener('error', onError);
      video.addEventListener('playing', onPlaying);
      video.src = url;
      return () => {
        clearTimeout(timer);
        video.removeEventListener('error', onError);
        video.removeEventListener('playing', onPlaying);
        video.removeAttribute('src');
        video.load();
      };
    }

    let stopRejoining: (() => void) | undefined;
    const stop = playWithHls(video, url, {
      config: () => ({
        ...(lowLatencyNow.current ? lowLatencyHlsConfig : liveHlsConfig),
      }),
      setup: (hls, HlsClass) => {
        engine.current = hls;
        forgetOldStalls(hls, HlsClass);
        stopRejoining = rejoinWhenLeftBehind(hls, HlsClass, video);
        let manifestLoaded = false;
        hls.on(HlsClass.Events.MANIFEST_PARSED, () => {
          manifestLoaded = true;
          setLevels(levelsOf(hls));
        });
        hls.on(HlsClass.Events.LEVELS_UPDATED, () => setLevels(levelsOf(hls)));
        hls.on(HlsClass.Events.FRAG_BUFFERED, () => {
          failures = 0;
        });
        return () => later(() => (manifestLoaded ? hls.startLoad() : hls.loadSource(url)));
      },
      failed: () => {
        engine.current = null;
        setFailed(true);
      },
    });

    return () => {
      clearTimeout(timer);
      stopRejoining?.();
      stop();
      engine.current = null;
    };
  }, [media, url, attempt]);

  const selectLevel = useCallback((index: number) => {
    if (engine.current) engine.current.currentLevel = index;
    setLevel(index);
  }, []);

  const liveEdge = useCallback(() => {
    const video = media.current;
    return engine.current?.liveSyncPosition ?? (video ? seekableEnd(video) : null);
  }, [media]);

  const retry = useCallback(() => {
    setFailed(false);
    setLevels([]);
    setLevel(-1);
    setAttempt((n) => n + 1);
  }, []);

  // The live changed state (the encoder dropped or came back) after the player gave up: it
  // starts again by itself rather than wait for "Réessayer".
  const lastState = useRef(reconnecting);
  useEffect(() => {
    if (lastState.current === reconnecting) return;
    lastState.current = reconnecting;
    if (failed) retry();
  }, [reconnecting, failed, retry]);

  return { levels, level, selectLevel, liveEdge, failed, retry };
};
