import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import type { QueueState } from '../queue/bulk-queue.ts';

export interface QueueToolbarProps {
  state: QueueState;
  onStart: () => void;
  onPauseAll: () => void;
  onResumeAll: () => void;
  onConcurrency: (concurrency: 1 | 2) => void;
}

const count = (state: QueueState, ...statuses: string[]) =>
  state.items.filter((item) => statuses.includes(item.status)).length;

/** Above the queue: how far the run is, its start, pause and resume for all, one or two at once. */
export const QueueToolbar = ({
  state,
  onStart,
  onPauseAll,
  onResumeAll,
  onConcurrency,
}: QueueToolbarProps) => {
  const waiting = count(state, 'waiting');
  const done = count(state, 'done');
  const counted = state.items.length - count(state, 'cancelled');
  const pausable = state.running && count(state, 'waiting', 'creating', 'uploading') > 0;
  const paused = count(state, 'paused') > 0;
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          File d’envoi
        </Typography>
        <Typography variant="body2" color="textSecondary" role="status">
          {done} {done > 1 ? 'terminées' : 'terminée'} sur {counted}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={state.concurrency === 2}
              onChange={(event) => onConcurrency(event.target.checked ? 2 : 1)}
            />
          }
          label="Deux envois à la fois"
        />
        {pausable && (
          <Button startIcon={<PauseIcon />} onClick={onPauseAll}>
            Tout mettre en pause
          </Button>
        )}
        {paused && (
          <Button startIcon={<PlayArrowIcon />} onClick={onResumeAll}>
            Tout reprendre
          </Button>
        )}
        {!state.running && waiting > 0 && (
          <Button variant="contained" startIcon={<SendIcon />} onClick={onStart}>
            {waiting === 1 ? 'Envoyer la vidéo' : `Envoyer les ${waiting} vidéos`}
          </Button>
        )}
      </Box>
    </Box>
  );
};
