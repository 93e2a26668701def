import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { mediaImageQuery, mediaPaths } from '../../../resources/media.ts';
import { useSession } from '../../../lib/session.ts';

interface PosterBackdropProps {
  /** The direct whose poster blurs behind; null or without poster: a plain band. */
  directId: number | null;
  hasPoster: boolean;
  children: ReactNode;
}

/**
 * A direct's poster, blurred and washed with the page background behind a header area, so the
 * text on it reads the same in the dark and the day theme. Shares the poster cards' cache.
 */
export const PosterBackdrop = ({ directId, hasPoster, children }: PosterBackdropProps) => {
  const { token } = useSession();
  const path = mediaPaths.poster(directId ?? 0);
  const { data: url } = useQuery({
    ...mediaImageQuery(path, token),
    enabled: directId !== null && hasPoster,
  });
  const shown = directId !== null && hasPoster && url;
  return (
    // `clip`, not `hidden`: the blur stays inside, and a sticky player (a phone's live with its
    // chat) still sticks, which a scrolling box would stop.
    <Box sx={{ position: 'relative', overflow: 'clip', isolation: 'isolate' }}>
      {shown && (
        <Box
          aria-hidden
          data-testid="poster-backdrop"
          sx={{
            position: 'absolute',
            inset: -48,
            zIndex: -2,
            backgroundImage: `url(${url})`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
            filter: 'blur(28px) saturate(1.2)',
          }}
        />
      )}
      {shown && (
        <Box
          aria-hidden
          sx={(theme) => ({
            position: 'absolute',
            inset: 0,
            zIndex: -1,
            // Washed towards the page colour, fully at the bottom: no hard edge under the band.
            background: `linear-gradient(to bottom, ${alpha(theme.palette.background.default, 0.62)} 0%, ${alpha(theme.palette.background.default, 0.8)} 70%, ${theme.palette.background.default} 100%)`,
          })}
        />
      )}
      {children}
    </Box>
  );
};
