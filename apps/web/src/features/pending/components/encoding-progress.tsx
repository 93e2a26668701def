import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import type { EncodingWait } from '@plateau/contract';
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
  const known = typeof percent === 'number';
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
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1 }}>
        <LinearProgress
          variant={known ? 'determinate' : 'indeterminate'}
          value={known ? percent : undefined}
          aria-label="Progression de l'encodage"
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
        />
        {known && (
          <Typography
            variant="body2"
            color="textSecondary"
            sx={{ minWidth: '3.5em', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
          >
            {percent} %
          </Typography>
        )}
      </Box>
    </Box>
  );
};
