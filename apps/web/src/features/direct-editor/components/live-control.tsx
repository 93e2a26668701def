import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import type { LiveState, LiveStatus } from '@plateau/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PercentProgress } from '../../../components/percent-progress.tsx';
import { errorStatus } from '../../../lib/api.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatViewerCount } from '../../../lib/viewer-count.ts';
import { isOnAir, useEndLive } from '../../../resources/live.ts';
import { broadcastMessages, keyframesTooSpaced, liveStateLabels } from '../broadcast-messages.ts';

const stateColors: Record<Exclude<LiveState, 'off'>, ChipProps['color']> = {
  waiting: 'default',
  live: 'error',
  reconnecting: 'warning',
  ended: 'default',
};

interface LiveControlProps {
  directId: number;
  status: LiveStatus | undefined;
}

/** The live as the geek follows it: its state, its audience, what went wrong, and the stop. */
export const LiveControl = ({ directId, status }: LiveControlProps) => {
  const notify = useNotify();
  const end = useEndLive(directId);
  const [confirming, setConfirming] = useState(false);
  const state = status?.state ?? 'off';
  const onAir = isOnAir(state);
  const segmentSeconds = status?.segmentSeconds ?? null;

  const stop = () =>
    end.mutate(undefined, {
      onSuccess: () => notify(broadcastMessages.ended, 'success'),
      onError: (error) =>
        notify(errorStatus(error) === 409 ? error.message : broadcastMessages.endFailed, 'error'),
      onSettled: () => setConfirming(false),
    });

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 1 }}
      >
        <Typography variant="body2" color="textSecondary">
          État du direct
        </Typography>
        {state === 'off' ? (
          <Chip size="small" label="…" />
        ) : (
          <Chip
            size="small"
            color={stateColors[state]}
            label={liveStateLabels[state]}
            sx={{ fontWeight: 700 }}
          />
        )}
        {onAir && (
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatViewerCount(status?.viewers ?? 0)}
          </Typography>
        )}
      </Box>
      {status && status.rediffProgress !== null && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {broadcastMessages.rediffInProgress}
          </Typography>
          <PercentProgress
            percent={status.rediffProgress}
            label="Progression de la préparation de la REDIFF"
          />
        </Box>
      )}
      {status?.problem && <Alert severity="warning">{status.problem}</Alert>}
      {onAir && keyframesTooSpaced(segmentSeconds) && (
        <Alert severity="info">{broadcastMessages.spacedKeyframes(segmentSeconds)}</Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {onAir && (
          <Button
            color="error"
            variant="contained"
            startIcon={<StopCircleIcon />}
            onClick={() => setConfirming(true)}
          >
            Terminer le direct
          </Button>
        )}
        <Button component={RouterLink} to={paths.direct(directId)}>
          Voir la page du direct
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        question="Terminer le direct ? Il s'arrête pour tous les spectateurs, et la REDIFF est préparée."
        confirmLabel="Terminer le direct"
        busy={end.isPending}
        onConfirm={stop}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};
