/**
 * hls.js's settings for a live, shared with `npm run bench:live`, which measures them.
 * Two segments behind the live edge instead of hls.js's three: with the encoder's 2 s
 * keyframes that is about 2 s less glass-to-glass, which the 6 s target needs.
 */
export const liveHlsConfig = {
  liveSyncDurationCount: 2,
  liveDurationInfinity: true,
  backBufferLength: 120,
} as const;
