import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';

/** Scrolled this far, the arrow has faded out completely. */
const FADE_DISTANCE = 240;

/** The scroll-down arrow of the hero: fades as the page scrolls, and takes you to `targetId`. */
export const ScrollArrow = ({ targetId }: { targetId: string }) => {
  const [opacity, setOpacity] = useState(1);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setOpacity(Math.max(0, 1 - window.scrollY / FADE_DISTANCE));
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <IconButton
      aria-label="Voir les vidéos"
      onClick={() =>
        document.getElementById(targetId)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
      }
      sx={{
        color: 'common.white',
        opacity,
        visibility: opacity === 0 ? 'hidden' : 'visible',
        '@keyframes plateau-bounce': {
          '0%, 100%': { transform: 'translateY(0)' },
          '50%': { transform: 'translateY(8px)' },
        },
        animation: 'plateau-bounce 2s ease-in-out infinite',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      <KeyboardArrowDownIcon sx={{ fontSize: 48 }} />
    </IconButton>
  );
};
