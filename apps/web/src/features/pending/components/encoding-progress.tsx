import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import type { EncodingWait } from '@plateau/contract';
import { PercentProgress } from '../../../components/percent-progress.tsx';
import { encodingWaitTexts, pendingMessages } from '../pending-messages.ts';

/**
 * 'Encodage en cours...' and how far it is. Before the encoder's first report (the job is
 * still queued) the bar only says that something is happening; an encode that waits (for disk
 * space) says so instead of a bar, since nothing moves until it starts by itself.
 */
export const EncodingProgress = ({
  percent,
  wait,
}: {
  percent: number | null | undefined;
  wait?: EncodingWait | null;
}) => {
  if (wait) {
    return (
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{pendingMessages.encoding}</Typography>
        <Alert
          severity="info"
          variant="outlined"
          icon={<HourglassEmptyIcon fontSize="inherit" />}
          sx={{ mt: 1 }}
        >
          {encodingWaitTexts[wait]}
        </Alert>
      </Box>
    );
  }
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>{pendingMessages.encoding}</Typography>
      <PercentProgress percent={percent} label="Progression de l'encodage" />
    </Box>
  );
};
