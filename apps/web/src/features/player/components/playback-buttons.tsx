import IconButton from '@mui/material/IconButton';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import type { MediaState } from '../use-media-state.ts';
import { RangeBar } from './range-bar.tsx';

export interface PlaybackButtonsProps {
  state: MediaState;
  onTogglePlay: () => void;
  onToggleMute: () => void;
  onVolume: (volume: number) => void;
}

/** Play/pause, sound on/off and the volume bar: the start of every player's control row. */
export const PlaybackButtons = ({
  state,
  onTogglePlay,
  onToggleMute,
  onVolume,
}: PlaybackButtonsProps) => {
  const silent = state.muted || state.volume === 0;
  return (
    <>
      <IconButton
        color="inherit"
        onClick={onTogglePlay}
        aria-label={state.paused ? 'Lecture' : 'Pause'}
      >
        {state.paused ? <PlayArrowIcon /> : <PauseIcon />}
      </IconButton>
      <IconButton
        color="inherit"
        onClick={onToggleMute}
        aria-label={state.muted ? 'Activer le son' : 'Couper le son'}
      >
        {silent ? <VolumeOffIcon /> : <VolumeUpIcon />}
      </IconButton>
      <RangeBar
        label="Volume"
        value={state.muted ? 0 : state.volume}
        max={1}
        valueText={`${Math.round((state.muted ? 0 : state.volume) * 100)} %`}
        onChange={onVolume}
        keyStep={0.1}
        // Phones have volume keys; the bar would crowd the row.
        sx={{ width: 80, mx: 1, display: { xs: 'none', sm: 'flex' } }}
      />
    </>
  );
};
