/**
 * The low-latency HLS playlist of one variant (RFC 8216bis, "Low-Latency HLS"): whole
 * segments, the partial segments of the newest ones, a preload hint for the part being cut,
 * blocking reloads, and delta updates that skip the old part of a long rewind window. Pure:
 * the variant's state goes in, the text comes out.
 */

export interface LowLatencyPart {
  name: string;
  seconds: number;
  independent: boolean;
}

export interface LowLatencySegment {
  msn: number;
  name: string;
  /** Its init (EXT-X-MAP): a new publish brings a new one. */
  map: string;
  /** It starts a new publish (a reconnect): the player resets its clocks here. */
  discontinuity: boolean;
  /** When its first picture was received. */
  startedAt: Date;
  /** Its parts while they are listed (the newest segments only). */
  parts: LowLatencyPart[];
  /** Its whole duration once it is complete; the in-progress segment has none. */
  seconds: number | null;
}

export interface LowLatencyState {
  /** Listed segments, oldest first; the last one may be in progress. */
  segments: LowLatencySegment[];
  /**
   * Discontinuities of the segments that left the window: the first listed segment's
   * discontinuity sequence number (hls.js lines up a delta update's by the segments it knows).
   */
  discontinuitySequence: number;
  /** The longest part may last this long (EXT-X-PART-INF). */
  partTarget: number;
  /** The next part's name, announced before it exists; none once the live is over. */
  nextPart: string | null;
  ended: boolean;
}

/** Seconds with the precision a player needs, without binary noise. */
const decimal = (seconds: number) => Number(seconds.toFixed(3)).toString();

/** Every complete segment's duration, rounded, fits the target duration (RFC 8216 4.4.3.1). */
export const lowLatencyTargetDuration = (state: Pick<LowLatencyState, 'segments'>) =>
  Math.max(1, ...state.segments.map((segment) => Math.round(segment.seconds ?? 0)));

/**
 * What players wait behind the edge: three part targets, the least the specification allows
 * (hls.js then holds about a second behind the newest part).
 */
export const partHoldBack = (partTarget: number) => Number((partTarget * 3).toFixed(3));

/** How old a segment may be and still be skipped by a delta update: six target durations. */
export const skipBoundary = (targetDuration: number) => targetDuration * 6;

/** How many of the oldest segments a delta update leaves out (those wholly past the boundary). */
export const skippableSegments = (state: LowLatencyState, targetDuration: number) => {
  let fromEnd = 0;
  let kept = 0;
  for (let index = state.segments.length - 1; index >= 0; index -= 1) {
    const segment = state.segments[index]!;
    if (fromEnd >= skipBoundary(targetDuration) && segment.seconds !== null) break;
    fromEnd += segment.seconds ?? segment.parts.reduce((sum, part) => sum + part.seconds, 0);
    kept += 1;
  }
  return state.segments.length - kept;
};

const partLine = (part: LowLatencyPart) =>
  `#EXT-X-PART:DURATION=${decimal(part.seconds)},URI="${part.name}"${part.independent ? ',INDEPENDENT=YES' : ''}`;

export const renderLowLatencyPlaylist = (state: LowLatencyState, { skip = false } = {}) => {
  const targetDuration = lowLatencyTargetDuration(state);
  const first = state.segments[0];
  const skipped = skip ? skippableSegments(state, targetDuration) : 0;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:9',
    `#EXT-X-TARGETDURATION:${targetDuration}`,
    `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=${skipBoundary(targetDuration)},PART-HOLD-BACK=${decimal(partHoldBack(state.partTarget))}`,
    `#EXT-X-PART-INF:PART-TARGET=${decimal(state.partTarget)}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.msn ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${state.discontinuitySequence}`,
  ];
  if (skipped > 0) lines.push(`#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}`);
  let map: string | undefined;
  for (const segment of state.segments.slice(skipped)) {
    if (segment.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    if (segment.map !== map) lines.push(`#EXT-X-MAP:URI="${segment.map}"`);
    map = segment.map;
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${segment.startedAt.toISOString()}`);
    lines.push(...segment.parts.map(partLine));
    if (segment.seconds !== null) lines.push(`#EXTINF:${decimal(segment.seconds)},`, segment.name);
  }
  if (state.ended) lines.push('#EXT-X-ENDLIST');
  else if (state.nextPart) lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${state.nextPart}"`);
  return `${lines.join('\n')}\n`;
};
