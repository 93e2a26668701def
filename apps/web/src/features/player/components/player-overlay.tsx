import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { MediaState } from '../use-media-state.ts';

/** A layer over the whole picture, white, that centres what it holds. */
export const overlaySx = {
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  color: '#fff',
} as const;

/**
 * The sign in the middle of the picture, the same in every player: a spinner while playback
 * waits for data, a play disc while paused, nothing while it plays. Décor only: the bar's play
 * button says it to screen readers, and taps go through to the video below.
 */
export const PlaybackOverlay = ({ state }: { state: Pick<MediaState, 'paused' | 'waiting'> }) => (
  <Box aria-hidden sx={{ ...overlaySx, pointerEvents: 'none' }}>
    {state.waiting && !state.paused ? (
      <CircularProgress color="inherit" size={48} />
    ) : (
      state.paused && (
        <Box
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: { xs: 56, sm: 72 },
            height: { xs: 56, sm: 72 },
            borderRadius: '50%',
            bgcolor: 'rgba(0,0,0,0.55)',
          }}
        >
          <PlayArrowIcon sx={{ fontSize: { xs: 36, sm: 48 } }} />
        </Box>
      )
    )}
  </Box>
);
