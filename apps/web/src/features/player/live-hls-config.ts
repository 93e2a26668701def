/**
 * hls.js's settings for a live, shared with `npm run bench:live`, which measures them.
 * - Two target durations behind the live edge instead of hls.js's three: with the encoder's
 *   2 s keyframes that is about 2 s less glass-to-glass. The server serves the target of the
 *   segments being cut now (live-playlists.ts), so a viewer who joins late is as close as one
 *   there from the start.
 * - Every viewer at that distance whenever they join: one there from the first seconds waits
 *   until the playlist has a segment more than the distance before starting.
 * - A viewer who fell behind the target (a stall, a slow start) plays up to 1.5x faster until
 *   back at it, rather than jumping: hls.js does this within one target duration of it (further
 *   back is a rewind the viewer chose); its low-latency mode, on by default, is what enables it.
 */
/** Target durations a standard live viewer keeps behind the edge. */
const LIVE_SYNC_COUNT = 2;

export const liveHlsConfig = {
  liveSyncDurationCount: LIVE_SYNC_COUNT,
  // Not before the playlist reaches back that far: a viewer who opens the direct in its first
  // seconds would start at its very first segment, closer to the edge than everyone who comes
  // later (hls.js never slows down to that distance), and stay there the whole live.
  initialLiveManifestSize: LIVE_SYNC_COUNT + 1,
  maxLiveSyncPlaybackRate: 1.5,
  liveDurationInfinity: true,
  backBufferLength: 120,
} as const;

/**
 * « Latence faible »: hls.js keeps to the playlist's PART-HOLD-BACK (three parts, about 1 s
 * behind the newest part), which a `liveSyncDurationCount` of ours would override; a viewer
 * who fell behind catches up at up to 1.5x as above.
 */
export const lowLatencyHlsConfig = {
  lowLatencyMode: true,
  maxLiveSyncPlaybackRate: 1.5,
  liveDurationInfinity: true,
  backBufferLength: 120,
} as const;
