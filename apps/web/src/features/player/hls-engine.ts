import type Hls from 'hls.js/light';
import type { ErrorData, HlsConfig } from 'hls.js/light';

/** Media errors hls.js is asked to recover from, until a fragment buffers, before giving up. */
const MAX_MEDIA_RECOVERIES = 2;

/** What a stream makes of hls.js, for `playWithHls`. */
export interface HlsPlayback {
  /** hls.js's settings, read once it has loaded (a position kept meanwhile counts). */
  config: () => Partial<HlsConfig>;
  /**
   * Adds the stream's own listeners to the new engine, before it loads, and returns the
   * stream's answer to a fatal network error: retry (now, later) and say so, or return false
   * to give up. A video retries at once a few times; a live waits, without end while its
   * encoder reconnects.
   */
  setup: (hls: Hls, HlsClass: typeof Hls) => (data: ErrorData) => boolean;
  /** hls.js cannot run here, could not be loaded, or gave up (it is destroyed by then). */
  failed: () => void;
}

/**
 * Plays `url` in `video` with hls.js's light build, imported only now: a page without a
 * stream never downloads it. Fatal errors end the same way for every stream: a media error (a
 * fragment the decoder choked on) is left to hls.js's own recovery, twice in a row at most;
 * network errors are the stream's (`setup`); anything else, or giving up, destroys hls.js.
 * Returns the stop, which destroys it too.
 */
export const playWithHls = (
  video: HTMLVideoElement,
  url: string,
  { config, setup, failed }: HlsPlayback,
) => {
  let cancelled = false;
  let engine: Hls | null = null;

  import('hls.js/light')
    .then(({ default: HlsClass }) => {
      if (cancelled) return;
      if (!HlsClass.isSupported()) return failed();
      const hls = new HlsClass(config());
      engine = hls;
      const fail = () => {
        hls.destroy();
        engine = null;
        failed();
      };
      const retryNetwork = setup(hls, HlsClass);
      let recoveries = 0;
      hls.on(HlsClass.Events.FRAG_BUFFERED, () => {
        recoveries = 0;
      });
      hls.on(HlsClass.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR) {
          if (!retryNetwork(data)) fail();
        } else if (
          data.type === HlsClass.ErrorTypes.MEDIA_ERROR &&
          recoveries < MAX_MEDIA_RECOVERIES
        ) {
          recoveries += 1;
          hls.recoverMediaError();
        } else fail();
      });
      hls.loadSource(url);
      hls.attachMedia(video);
    })
    .catch(() => {
      if (!cancelled) failed();
    });

  return () => {
    cancelled = true;
    engine?.destroy();
    engine = null;
  };
};
