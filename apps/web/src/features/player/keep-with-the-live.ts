import type Hls from 'hls.js/light';
import type { LevelDetails } from 'hls.js/light';

/**
 * A live viewer stays with the live through a bad moment of their connection: hls.js alone
 * leaves them behind for good after a long stall (see each function below).
 */

/**
 * How long a live must play without stalling before the stalls before are forgotten: long
 * enough that a connection that keeps failing stays further back, short enough that a viewer
 * whose network dropped for a moment is back with the others within half a minute.
 */
export const STALLS_FORGOTTEN_AFTER_MS = 20_000;

/** Below this, hls.js's target and the playlist's distance are the same (rounding). */
const SAME_DISTANCE_S = 0.05;

/**
 * The distance from the edge hls.js keeps when it has never stalled: the count of target
 * durations we give it, else the playlist's PART-HOLD-BACK (low latency) or HOLD-BACK, else
 * its own count (hls.js's `targetLatency` without its stall term).
 */
export const playlistDistance = (
  details: Pick<LevelDetails, 'partHoldBack' | 'holdBack' | 'targetduration'>,
  config: { lowLatencyMode: boolean; liveSyncDurationCount: number },
  chosenCount: number | undefined,
) => {
  if (chosenCount !== undefined) return chosenCount * details.targetduration;
  const fromPlaylist = config.lowLatencyMode
    ? details.partHoldBack || details.holdBack
    : details.holdBack;
  return fromPlaylist || config.liveSyncDurationCount * details.targetduration;
};

/**
 * hls.js (1.7) moves a live viewer a second further from the edge at each stall and never
 * back: its count of stalls is reset only by a new manifest. A phone that lost the network for
 * a moment would stay behind everyone else for the rest of the live. Once the live has played
 * `STALLS_FORGOTTEN_AFTER_MS` without a stall, the target goes back to the playlist's distance,
 * which resets that count, and hls.js's catch-up rate (`maxLiveSyncPlaybackRate`) brings the
 * viewer there smoothly.
 */
export const forgetOldStalls = (hls: Hls, HlsClass: typeof Hls, now = () => performance.now()) => {
  let lastStall = Number.NEGATIVE_INFINITY;
  hls.on(HlsClass.Events.ERROR, (_event, data) => {
    if (data.details === HlsClass.ErrorDetails.BUFFER_STALLED_ERROR) lastStall = now();
  });
  hls.on(HlsClass.Events.LEVEL_UPDATED, (_event, { details }) => {
    if (!details.live || now() - lastStall < STALLS_FORGOTTEN_AFTER_MS) return;
    const distance = playlistDistance(details, hls.config, hls.userConfig.liveSyncDurationCount);
    const target = hls.targetLatency;
    if (target !== null && Math.abs(target - distance) > SAME_DISTANCE_S) {
      hls.targetLatency = distance;
    }
  });
};

/** A seek back of more than this is the viewer rewinding (hls.js only ever seeks forward). */
const REWIND_S = 1;

/**
 * hls.js speeds a viewer up only within a target duration of where they should be; further
 * back, it takes them for someone who rewound and leaves them there for good. A viewer who
 * never left the live by choice (a rewind, a pause) but is that far back (a long cut of the
 * network, a string of stalls on a slow phone) is taken back to the live at once; one who chose
 * to be behind stays there until they come back themselves (« Retour au direct », a seek).
 */
export const rejoinWhenLeftBehind = (hls: Hls, HlsClass: typeof Hls, video: HTMLVideoElement) => {
  /** hls.js's position for the live when the viewer is beyond its catch-up range, else null. */
  const beyondCatchUp = () => {
    const target = hls.targetLatency;
    const details = hls.latestLevelDetails;
    const position = hls.liveSyncPosition;
    if (target === null || position === null || !details?.live) return null;
    return position - video.currentTime >= target + details.targetduration ? position : null;
  };
  let following = true;
  let lastTime = video.currentTime;
  const onTimeUpdate = () => {
    if (!video.seeking) lastTime = video.currentTime;
  };
  const onSeeking = () => {
    if (video.currentTime < lastTime - REWIND_S) following = false;
    else if (beyondCatchUp() === null) following = true;
  };
  const onPause = () => {
    if (!video.ended) following = false;
  };
  const bringBack = () => {
    if (video.paused || video.seeking) return;
    const position = beyondCatchUp();
    // Within hls.js's reach is following the live, whatever brought the viewer there.
    if (position === null) following = true;
    else if (following) video.currentTime = position;
  };
  video.addEventListener('timeupdate', onTimeUpdate);
  video.addEventListener('seeking', onSeeking);
  video.addEventListener('pause', onPause);
  video.addEventListener('playing', bringBack);
  // Every playlist reload: a few times a second in low latency, every segment otherwise.
  hls.on(HlsClass.Events.LEVEL_UPDATED, bringBack);
  return () => {
    video.removeEventListener('timeupdate', onTimeUpdate);
    video.removeEventListener('seeking', onSeeking);
    video.removeEventListener('pause', onPause);
    video.removeEventListener('playing', bringBack);
  };
};
