import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { PlaybackButtons, type PlaybackButtonsProps } from './playback-buttons.tsx';

/** What every player hands its bar for the controls they share. */
export interface ControlBarButtons extends PlaybackButtonsProps {
  /** Shown, or faded out while the player idles. */
  shown: boolean;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
}

interface ControlBarProps extends ControlBarButtons {
  ref?: Ref<HTMLDivElement>;
  /** The side padding on a phone (theme spacing): a fuller row keeps less. */
  phoneEdge: number;
  /** Above the buttons: the bar that moves in the media. */
  seek: ReactNode;
  /** The row between the playback buttons and the fullscreen button. */
  children: ReactNode;
  /** The bar's test id, and for the video its `data-shown`. */
  [data: `data-${string}`]: string | boolean | undefined;
}

/**
 * The bar over the bottom of every player: what `seek` holds, then play, sound and volume, the
 * player's own controls, fullscreen last. It fades out while the player idles.
 */
export const ControlBar = ({
  ref,
  shown,
  phoneEdge,
  seek,
  state,
  onTogglePlay,
  onToggleMute,
  onVolume,
  fullscreen,
  onToggleFullscreen,
  children,
  ...data
}: ControlBarProps) => (
  <Box
    ref={ref}
    {...data}
    // A mouse click leaves no focus on the buttons, so space still plays or pauses after it
    // (keyboard users tab to them as usual; the sliders keep focus for their drag).
    onMouseDown={(event) => {
      if (!(event.target instanceof HTMLInputElement)) event.preventDefault();
    }}
    sx={{
      position: 'absolute',
      left: 0,
      right: 0,
      bottom: 0,
      px: { xs: phoneEdge, sm: 1.5 },
      pt: { xs: 2, sm: 4 },
      color: '#fff',
      // The gradient is décor: taps on it reach the video (play, pause, long press).
      pointerEvents: 'none',
      '& > *': { pointerEvents: 'auto' },
      background: 'linear-gradient(to top, rgba(0,0,0,0.75), rgba(0,0,0,0))',
      opacity: shown ? 1 : 0,
      visibility: shown ? 'visible' : 'hidden',
      transition: shown ? 'opacity 150ms' : 'opacity 300ms, visibility 0s 300ms',
      // Focus inside brings the bar back (keyboard users never lose it).
      '&:focus-within': { opacity: 1, visibility: 'visible', transition: 'none' },
    }}
  >
    {seek}
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 }, pb: 0.5 }}>
      <PlaybackButtons
        state={state}
        onTogglePlay={onTogglePlay}
        onToggleMute={onToggleMute}
        onVolume={onVolume}
      />
      {children}
      <IconButton
        color="inherit"
        onClick={onToggleFullscreen}
        aria-label={fullscreen ? 'Quitter le plein écran' : 'Plein écran'}
      >
        {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
      </IconButton>
    </Box>
  </Box>
);
