import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The site's banner video behind the hero: muted, looping, no poster. It is only added once the
 * page has painted and the browser is idle, so it never delays the first paint or the text, and
 * it fades in when it actually plays. Nobody asking for less motion gets it.
 */
export const BannerVideo = ({ src }: { src: string }) => {
  const [mounted, setMounted] = useState(false);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!src || prefersReducedMotion()) return;
    const start = () => setMounted(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, 300);
    return () => window.clearTimeout(id);
  }, [src]);

  if (!mounted) return null;
  return (
    <Box
      component="video"
      src={src}
      autoPlay
      muted
      loop
      playsInline
      preload="auto"
      aria-hidden
      tabIndex={-1}
      onPlaying={() => setPlaying(true)}
      sx={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        objectFit: 'cover',
        opacity: playing ? 1 : 0,
        transition: 'opacity 800ms ease',
        pointerEvents: 'none',
      }}
    />
  );
};
