import { useCallback, useEffect, useState, type RefObject } from 'react';

/** iOS Safari on iPhone has no element fullscreen, only the video's own. */
type IosVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/** Fullscreen of the whole player (our controls stay), else the iOS video-only fallback. */
export const useFullscreen = (
  container: RefObject<HTMLElement | null>,
  video: RefObject<HTMLVideoElement | null>,
) => {
  const [active, setActive] = useState(false);

  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [container]);

  const toggle = useCallback(() => {
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => {});
      return;
    }
    const box = container.current;
    if (box && typeof box.requestFullscreen === 'function' && document.fullscreenEnabled) {
      void box.requestFullscreen().catch(() => {});
      return;
    }
    (video.current as IosVideo | null)?.webkitEnterFullscreen?.();
  }, [container, video]);

  return { active, toggle };
};
