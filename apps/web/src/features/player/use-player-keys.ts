import { useEffect, type RefObject } from 'react';
import type { Chapter } from '@plateau/contract';
import { chapterJump } from './chapters.ts';
import { applyKeyAction, FRAME_STEP, keyAction, PLAYING_STEP } from './keyboard.ts';

const NO_CHAPTERS: Chapter[] = [];

/**
 * The watch page's keys (keyboard.ts) drive the player from anywhere on the page but a field,
 * and each one brings the controls back. `seek`, when given, takes the arrows' target time
 * instead of the element: the live keeps it inside its window. `chapters`, when the video has
 * some, are what Ctrl + arrows move between.
 */
export const usePlayerKeys = (
  media: RefObject<HTMLVideoElement | null>,
  toggleFullscreen: () => void,
  wake: () => void,
  seek?: (time: number) => void,
  chapters: readonly Chapter[] = NO_CHAPTERS,
) => {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const video = media.current;
      if (!video || event.defaultPrevented) return;
      const action = keyAction(event);
      if (!action) return;
      if (action.kind === 'chapter') {
        const to = chapterJump(chapters, video.currentTime, action.direction);
        if (to === null) return;
        event.preventDefault();
        video.currentTime = to;
        wake();
        return;
      }
      event.preventDefault();
      if (action.kind === 'seek' && seek) {
        seek(video.currentTime + action.direction * (video.paused ? FRAME_STEP : PLAYING_STEP));
      } else applyKeyAction(action, video, toggleFullscreen);
      wake();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [media, toggleFullscreen, wake, seek, chapters]);
};
