import type { HlsConfig } from 'hls.js/light';

/** What the browser knows of its link (Chromium: `navigator.connection.downlink`, in Mbit/s). */
const knownDownlink = (): number | null => {
  const connection = (navigator as Navigator & { connection?: { downlink?: number } }).connection;
  const downlink = connection?.downlink;
  return typeof downlink === 'number' && downlink > 0 ? downlink * 1_000_000 : null;
};

/**
 * hls.js's settings for a recorded video (Auto), measured by `npm run bench:web`:
 * - the first fragment's rung is picked from the browser's own estimate of its link where it
 *   has one (hls.js would otherwise assume 500 kbit/s and start every viewer at 240p);
 * - no rung wider than the player is fetched: a phone's 360 px picture never pulls 1080p,
 *   fullscreen lifts the cap.
 */
export const adaptiveHlsConfig = (): Partial<HlsConfig> => {
  const downlink = knownDownlink();
  return {
    capLevelToPlayerSize: true,
    ...(downlink === null ? {} : { abrEwmaDefaultEstimate: downlink }),
  };
};
