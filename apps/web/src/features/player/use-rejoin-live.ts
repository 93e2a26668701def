import { useEffect, type RefObject } from 'react';
import { BEHIND_LIVE } from './use-live-position.ts';

/**
 * A viewer who was following the live when the page was hidden (another tab, a phone locked or
 * in another app, which stops the video) is back at the live when it shows again, not where the
 * hidden page left them. One who had rewound or paused stays where they were.
 */
export const useRejoinLive = (
  media: RefObject<HTMLVideoElement | null>,
  liveEdge: () => number | null,
  goLive: () => void,
) => {
  useEffect(() => {
    let following = false;
    const onVisibility = () => {
      const video = media.current;
      if (!video) return;
      if (document.visibilityState === 'hidden') {
        const edge = liveEdge();
        following = !video.paused && edge !== null && edge - video.currentTime < BEHIND_LIVE;
        return;
      }
      if (following) goLive();
      following = false;
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [media, liveEdge, goLive]);
};
