import { useMemo, type RefObject } from 'react';
import { playSafely } from './resume.ts';

/** What the control bar's play, sound and volume controls do to the element, in every player. */
export const useMediaCommands = (media: RefObject<HTMLVideoElement | null>) =>
  useMemo(
    () => ({
      togglePlay: () => {
        const video = media.current;
        if (!video) return;
        if (video.paused) void playSafely(video);
        else video.pause();
      },
      toggleMute: () => {
        const video = media.current;
        if (!video) return;
        video.muted = !video.muted;
        // Sound back on with the volume down to nothing would still be silent.
        if (!video.muted && video.volume === 0) video.volume = 0.5;
      },
      setVolume: (volume: number) => {
        if (!media.current) return;
        media.current.volume = volume;
        media.current.muted = volume === 0;
      },
    }),
    [media],
  );
