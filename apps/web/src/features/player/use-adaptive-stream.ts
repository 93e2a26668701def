import { useEffect, useRef, useState, type RefObject } from 'react';
import { adaptiveHlsConfig } from './adaptive-hls-config.ts';
import { playWithHls } from './hls-engine.ts';
import { playsHlsNatively } from './use-live-stream.ts';

export interface AdaptiveStream {
  /** The height hls.js plays now (720…), null before the first fragment or when native. */
  playing: number | null;
  /** Adaptive playback cannot run here (no MSE, no manifest): the player plays a rung. */
  failed: boolean;
}

/** Fatal network errors retried (a dropped Wi-Fi) before the player falls back to a rung. */
const MAX_RETRIES = 3;

/**
 * Plays the master playlist `url` in `media` while `enabled`: natively on Safari without Media
 * Source Extensions (iOS), otherwise with hls.js's light build, loaded only then. `startAt`
 * is read once, when the stream starts: the position kept from the source it replaces.
 * Anything hls.js cannot get through (an old video without a segment index answers 404) ends
 * in `failed`, and the player goes back to a fixed rung.
 */
export const useAdaptiveStream = (
  media: RefObject<HTMLVideoElement | null>,
  url: string,
  enabled: boolean,
  startAt: () => number,
): AdaptiveStream => {
  const [playing, setPlaying] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const start = useRef(startAt);
  start.current = startAt;

  useEffect(() => {
    const video = media.current;
    if (!enabled || failed || !video) return;
    if (playsHlsNatively(video)) {
      const onError = () => setFailed(true);
      video.addEventListener('error', onError);
      video.src = url;
      return () => {
        video.removeEventListener('error', onError);
        if (video.getAttribute('src') === url) video.removeAttribute('src');
      };
    }

    const stop = playWithHls(video, url, {
      config: () => ({ ...adaptiveHlsConfig(), startPosition: start.current() }),
      setup: (hls, HlsClass) => {
        let retries = 0;
        hls.on(HlsClass.Events.FRAG_CHANGED, (_event, data) => {
          const level = hls.levels[data.frag.level];
          if (level) setPlaying(level.height);
        });
        hls.on(HlsClass.Events.FRAG_BUFFERED, () => {
          retries = 0;
        });
        return (data) => {
          // No manifest (an old video without a segment index) will not come by retrying.
          const noManifest =
            data.details === HlsClass.ErrorDetails.MANIFEST_LOAD_ERROR ||
            data.details === HlsClass.ErrorDetails.MANIFEST_PARSING_ERROR;
          if (noManifest || retries >= MAX_RETRIES) return false;
          retries += 1;
          hls.startLoad();
          return true;
        };
      },
      failed: () => setFailed(true),
    });

    return () => {
      // hls.js removes only its own `src`: a rung chosen meanwhile keeps loading.
      stop();
      setPlaying(null);
    };
  }, [media, url, enabled, failed]);

  return { playing, failed };
};
