import type Hls from 'hls.js/light';
import type { ErrorData } from 'hls.js/light';

/** Media errors hls.js is asked to recover from, until a fragment buffers, before giving up. */
const MAX_MEDIA_RECOVERIES = 2;

/**
 * How both players answer hls.js's fatal errors. A network error is the caller's to judge:
 * a video retries at once a few times, a live waits and may wait for ever while its encoder
 * reconnects; `retryNetwork` retries and says so, or returns false to give up. A media error
 * (a fragment the decoder choked on) is left to hls.js's own recovery, twice in a row at most.
 * Anything else, or giving up, destroys hls.js and calls `failed`. `HlsClass` is the class the
 * caller imported: hls.js loads only when a stream needs it, so no constant of it is imported
 * here (a type import only).
 */
export const recoverFatalErrors = (
  hls: Hls,
  HlsClass: typeof Hls,
  retryNetwork: (data: ErrorData) => boolean,
  failed: () => void,
) => {
  const fail = () => {
    hls.destroy();
    failed();
  };
  let recoveries = 0;
  hls.on(HlsClass.Events.FRAG_BUFFERED, () => {
    recoveries = 0;
  });
  hls.on(HlsClass.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR) {
      if (!retryNetwork(data)) fail();
    } else if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && recoveries < MAX_MEDIA_RECOVERIES) {
      recoveries += 1;
      hls.recoverMediaError();
    } else fail();
  });
};
