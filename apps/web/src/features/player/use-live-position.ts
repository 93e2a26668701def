import { useEffect, useState, type RefObject } from 'react';

/** Further behind the live edge than this (seconds), the player offers "Retour au direct". */
export const BEHIND_LIVE = 10;

export interface LivePosition {
  /**
   * The window that can be played (DVR), in the element's time: from its start to the live
   * edge (hls.js stays a few segments behind the last one: the edge is where "live" is).
   */
  start: number;
  end: number;
  current: number;
  /** Seconds behind the live edge (0 at the edge). */
  behind: number;
}

const EMPTY: LivePosition = { start: 0, end: 0, current: 0, behind: 0 };

const read = (video: HTMLVideoElement, liveEdge: () => number | null): LivePosition => {
  const { seekable, currentTime } = video;
  if (seekable.length === 0) return { ...EMPTY, current: currentTime };
  const start = seekable.start(0);
  const end = seekable.end(seekable.length - 1);
  const edge = Math.min(liveEdge() ?? end, end);
  return {
    start,
    end: Math.max(edge, currentTime),
    current: currentTime,
    behind: Math.max(0, edge - currentTime),
  };
};

const same = (a: LivePosition, b: LivePosition) =>
  Math.abs(a.start - b.start) < 0.25 &&
  Math.abs(a.end - b.end) < 0.25 &&
  Math.abs(a.current - b.current) < 0.25 &&
  Math.abs(a.behind - b.behind) < 0.25;

/**
 * Where the viewer is in the live's window: read on the element's events and every second,
 * since the window moves on by itself as the live goes on.
 */
export const useLivePosition = (
  media: RefObject<HTMLVideoElement | null>,
  liveEdge: () => number | null,
): LivePosition => {
  const [position, setPosition] = useState(EMPTY);
  useEffect(() => {
    const video = media.current;
    if (!video) return;
    const update = () =>
      setPosition((previous) => {
        const next = read(video, liveEdge);
        return same(previous, next) ? previous : next;
      });
    const events = ['timeupdate', 'durationchange', 'seeked', 'progress', 'loadedmetadata'];
    for (const name of events) video.addEventListener(name, update);
    const timer = setInterval(update, 1000);
    update();
    return () => {
      for (const name of events) video.removeEventListener(name, update);
      clearInterval(timer);
    };
  }, [media, liveEdge]);
  return position;
};
