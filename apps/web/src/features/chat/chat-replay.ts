import { useSyncExternalStore } from 'react';
import type { ChatReplayMessage } from '@plateau/contract';

/**
 * A message shows once the video reaches it. The slack keeps the one whose time was just
 * clicked: a seek may land a hair before the exact time asked.
 */
const SLACK_SECONDS = 0.1;

/** `m:ss`, or `h:mm:ss` past an hour: where a message falls in the video. */
export const formatVideoTime = (seconds: number): string => {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

/** How many of the messages (sorted by `videoSeconds`) were said by `time`. */
export const replayedCount = (messages: readonly ChatReplayMessage[], time: number): number => {
  let low = 0;
  let high = messages.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (messages[middle]!.videoSeconds <= time + SLACK_SECONDS) low = middle + 1;
    else high = middle;
  }
  return low;
};

/**
 * The playback time, outside React state: the player sets it several times a second, and only
 * the replay panel (when the number of messages shown changes) should render again, not the page.
 */
export interface PlaybackClock {
  set: (seconds: number) => void;
  get: () => number;
  subscribe: (listener: () => void) => () => void;
}

export const createPlaybackClock = (): PlaybackClock => {
  let time = 0;
  const listeners = new Set<() => void>();
  return {
    set: (seconds) => {
      if (seconds === time) return;
      time = seconds;
      for (const listener of listeners) listener();
    },
    get: () => time,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
};

/** The number of messages to show now; renders again only when it changes. */
export const useReplayedCount = (
  clock: PlaybackClock,
  messages: readonly ChatReplayMessage[],
): number => useSyncExternalStore(clock.subscribe, () => replayedCount(messages, clock.get()));
