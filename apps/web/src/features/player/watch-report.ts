import type { Heartbeat, PlayedRange } from '@plateau/contract';
import { fieldLimits } from '@plateau/contract/constants';

/**
 * « Statistiques » (issue 35): what a page played, sent as heartbeats. Pure logic, fed by the
 * player's hook (`use-watch-report.ts`) with the media element's position.
 */

/** What is watched: a published video, or a direct's live. */
export type WatchSubject = { videoId: number } | { directId: number };

/**
 * The longest step between two readings that still counts as played. `timeupdate` comes every
 * 15-250 ms, so even at 2x a step stays under 0.5 s; a longer one is a jump nobody watched.
 */
export const MAX_STEP_SECONDS = 1.5;

/** Shorter ranges are a seek's noise, not viewing. */
export const MIN_RANGE_SECONDS = 0.05;

/** The contract's bound on a position: anything past it is not a real reading. */
const MAX_POSITION_SECONDS = 48 * 3600;

const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

const long = (range: PlayedRange) => range.end - range.start >= MIN_RANGE_SECONDS;

export interface PlayedRanges {
  /** A reading of the position while playing; true when the ranges are full (send now). */
  add(time: number): boolean;
  /** The position is about to jump (a seek): the range being played ends at its last reading. */
  cut(): void;
  /** The ranges played since the last take, rounded to the millisecond; starts afresh. */
  take(): PlayedRange[];
}

/** Adds up the stretches of the timeline actually played, at most `limit` between two takes. */
export const createPlayedRanges = (limit: number = fieldLimits.heartbeatRanges): PlayedRanges => {
  let closed: PlayedRange[] = [];
  let open: PlayedRange | null = null;

  const full = () => closed.length + (open ? 1 : 0) >= limit;
  const close = () => {
    if (open && long(open)) closed.push(open);
    open = null;
  };

  return {
    add(time) {
      if (!Number.isFinite(time) || time < 0 || time > MAX_POSITION_SECONDS) return full();
      if (open) {
        const step = time - open.end;
        if (step >= 0 && step <= MAX_STEP_SECONDS) {
          open.end = time;
          return full();
        }
        close();
      }
      // Full and not taken yet: what is played now waits for the next take rather than
      // overflowing what the server accepts.
      if (closed.length < limit) open = { start: time, end: time };
      return full();
    },
    cut: close,
    take() {
      const taken = closed;
      closed = [];
      // The range being played goes on from where this take ends it; a too short one is kept
      // whole for the next take rather than lost.
      if (open && long(open)) {
        taken.push(open);
        open = { start: open.end, end: open.end };
      }
      return taken
        .map((range) => ({ start: roundMs(range.start), end: roundMs(range.end) }))
        .filter((range) => range.end > range.start);
    },
  };
};

const WATCH_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A random name for one playing (96 bits): it ties heartbeats together, never a person. */
export const newWatchId = (length = 16) =>
  Array.from(
    crypto.getRandomValues(new Uint8Array(length)),
    (byte) => WATCH_ALPHABET[byte & 63],
  ).join('');

export interface WatchReporter {
  /** A reading of the position while playing (sends at once when the ranges are full). */
  played(time: number): void;
  /** A seek starts: what was played before it is sent now. */
  seeking(): void;
  /** Sends what was played since the last heartbeat, if anything. */
  flush(): void;
}

export interface WatchReporterOptions {
  subject: WatchSubject;
  /** Read at each send: a sign-in or sign-out while playing counts from then on. */
  token: () => string | null;
  send: (beat: Heartbeat, token: string | null) => void;
}

/** One page's playing of one video or live: its heartbeats, numbered from 0. */
export const createWatchReporter = ({
  subject,
  token,
  send,
}: WatchReporterOptions): WatchReporter => {
  const ranges = createPlayedRanges();
  const watch = newWatchId();
  // The contract accepts nothing else beside the id, whatever the caller's object holds.
  const about =
    'videoId' in subject ? { videoId: subject.videoId } : { directId: subject.directId };
  let sequence = 0;

  const flush = () => {
    const played = ranges.take();
    if (played.length === 0) return;
    send({ ...about, watch, sequence, played }, token());
    sequence += 1;
  };

  return {
    played(time) {
      if (ranges.add(time)) flush();
    },
    seeking() {
      ranges.cut();
      flush();
    },
    flush,
  };
};
