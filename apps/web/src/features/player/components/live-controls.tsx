import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PersonIcon from '@mui/icons-material/Person';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import { formatTime } from '../media-url.ts';
import { BEHIND_LIVE, type LivePosition } from '../use-live-position.ts';
import type { LiveLevel } from '../use-live-stream.ts';
import { ControlBar, type ControlBarButtons } from './control-bar.tsx';
import { RangeBar } from './range-bar.tsx';
import { ResolutionMenu } from './resolution-menu.tsx';

/** A window shorter than this (seconds) is no DVR: no seek bar. */
const MIN_WINDOW = 20;

const viewerCount = new Intl.NumberFormat('fr-FR');

/** Words a phone's narrow bar leaves to screen readers (the icon says it on screen). */
const wordOnWideScreens = {
  position: { xs: 'absolute', sm: 'static' },
  width: { xs: '1px', sm: 'auto' },
  height: { xs: '1px', sm: 'auto' },
  overflow: { xs: 'hidden', sm: 'visible' },
  clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
  whiteSpace: 'nowrap',
} as const;

interface LiveControlsProps extends ControlBarButtons {
  position: LivePosition;
  levels: LiveLevel[];
  level: number;
  viewers: number;
  container: HTMLElement | null;
  onSeek: (time: number) => void;
  onGoLive: () => void;
  onSelectLevel: (index: number) => void;
  onMenuOpenChange: (open: boolean) => void;
}

/** The live's bar: seek in the window, play, volume, LIVE, audience, quality, fullscreen. */
export const LiveControls = ({
  position,
  levels,
  level,
  viewers,
  container,
  onSeek,
  onGoLive,
  onSelectLevel,
  onMenuOpenChange,
  ...bar
}: LiveControlsProps) => {
  const behind = position.behind > BEHIND_LIVE;
  const window = position.end - position.start;
  const heights = new Map(levels.map((one) => [one.index, `${one.height}p`]));
  return (
    <ControlBar
      {...bar}
      data-testid="live-controls"
      phoneEdge={0.5}
      seek={
        window >= MIN_WINDOW && (
          <RangeBar
            label="Position dans le direct"
            value={position.current - position.start}
            max={window}
            valueText={behind ? `${formatTime(position.behind)} de retard` : 'Au direct'}
            onChange={(offset) => onSeek(position.start + offset)}
            keyStep={5}
            sx={{ mx: { xs: 1, sm: 0 } }}
          />
        )
      }
    >
      <Box
        data-testid="live-badge"
        data-at-edge={!behind}
        title={behind ? 'En retard sur le direct' : 'Au direct'}
        sx={{
          ml: { xs: 0.5, sm: 1 },
          px: 0.75,
          py: 0.25,
          borderRadius: 0.5,
          fontSize: '0.75rem',
          fontWeight: 800,
          letterSpacing: '0.06em',
          lineHeight: 1.4,
          // #c62828 keeps white 12px text above 4.5:1 (WCAG AA); #e53935 gave 4.2.
          bgcolor: behind ? 'rgba(255,255,255,0.25)' : '#c62828',
          color: '#fff',
        }}
      >
        LIVE
      </Box>
      {behind && (
        <Button
          size="small"
          color="inherit"
          onClick={onGoLive}
          startIcon={<SkipNextIcon />}
          sx={{
            ml: { xs: 0.5, sm: 1 },
            minWidth: 0,
            whiteSpace: 'nowrap',
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
          }}
        >
          <Box component="span" sx={wordOnWideScreens}>
            Retour au direct
          </Box>
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      <Typography
        variant="body2"
        data-testid="live-viewers"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          mx: { xs: 0.5, sm: 1 },
          whiteSpace: 'nowrap',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        <PersonIcon fontSize="small" aria-hidden />
        {viewerCount.format(viewers)}{' '}
        <Box component="span" sx={wordOnWideScreens}>
          {viewers > 1 ? 'spectateurs' : 'spectateur'}
        </Box>
      </Typography>
      {levels.length > 0 && (
        <ResolutionMenu
          offered={[-1, ...levels.map((one) => one.index)]}
          current={level}
          onSelect={onSelectLevel}
          container={container}
          onOpenChange={onMenuOpenChange}
          labelOf={(index) => heights.get(index) ?? 'Auto'}
        />
      )}
    </ControlBar>
  );
};
