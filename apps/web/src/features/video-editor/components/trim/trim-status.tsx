import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import UndoIcon from '@mui/icons-material/Undo';
import type { TrimStatus } from '@plateau/contract';
import { formatDateTime } from '../../../../lib/dates.ts';
import { useNotify } from '../../../../lib/notify.tsx';
import { useUndoTrim } from '../../api/trim-mutations.ts';
import { refusalText } from './trim-messages.ts';
import { TrimDialog } from './trim-dialog.tsx';

export const statusMessages = {
  queued: 'Montage en attente…',
  running: (progress: number | null) =>
    progress === null ? 'Montage en cours…' : `Montage en cours… ${progress} %`,
  failed: (error: string | null) =>
    error ? `Le montage a échoué : ${error}` : 'Le montage a échoué.',
  done: 'Montage appliqué : les spectateurs voient la nouvelle version.',
  awaiting: 'Montage prévu : l’encodage de la vidéo le fera avant de la publier.',
  dropped: 'Montage prévu retiré : la vidéo sera encodée entière.',
  undoUntil: (date: string) => `Vous pouvez l’annuler jusqu’au ${date}.`,
  undone: 'Montage annulé : la version d’avant est de retour.',
  undoFailed: "Le montage n'a pas pu être annulé, réessayez.",
} as const;

interface TrimStatusBarProps {
  videoId: number;
  status: TrimStatus;
  disabled: boolean;
  /** Once undone, the video is the one before: the page shows it again. */
  onUndone: () => void;
}

/**
 * Where the video's last cut stands: waiting or running (with its percent, the page asking
 * again every 2 s), failed (the server's French reason), or applied, with « Annuler le
 * montage » while the version before is kept.
 */
export const TrimStatusBar = ({ videoId, status, disabled, onUndone }: TrimStatusBarProps) => {
  const notify = useNotify();
  const undo = useUndoTrim(videoId);
  const [asking, setAsking] = useState(false);

  if (status.state === 'queued' || status.state === 'running') {
    return (
      <Box role="status">
        <Typography>
          {status.state === 'queued'
            ? statusMessages.queued
            : statusMessages.running(status.progress)}
        </Typography>
        <LinearProgress
          variant={
            status.state === 'running' && status.progress !== null ? 'determinate' : 'indeterminate'
          }
          value={status.progress ?? undefined}
          aria-label="Avancement du montage"
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
        />
      </Box>
    );
  }
  if (status.state === 'awaiting') {
    const drop = () =>
      undo.mutate(undefined, {
        onSuccess: () => {
          notify(statusMessages.dropped, 'success');
          onUndone();
        },
        onError: (error) => notify(refusalText(error, statusMessages.undoFailed), 'error'),
      });
    return (
      <Alert
        severity="info"
        action={
          <Button
            type="button"
            color="inherit"
            size="small"
            disabled={disabled || undo.isPending}
            onClick={drop}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Retirer le montage prévu
          </Button>
        }
        sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: 0 } }}
      >
        {statusMessages.awaiting}
      </Alert>
    );
  }
  if (status.state === 'failed') {
    return <Alert severity="error">{statusMessages.failed(status.error)}</Alert>;
  }
  const until = status.undoUntil ? new Date(status.undoUntil) : null;
  if (status.state !== 'done' || !until || until.getTime() <= Date.now()) return null;

  const confirm = () =>
    undo.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        notify(statusMessages.undone, 'success');
        onUndone();
      },
      onError: (error) => {
        setAsking(false);
        notify(refusalText(error, statusMessages.undoFailed), 'error');
      },
    });

  return (
    <>
      <Alert
        severity="success"
        action={
          <Button
            type="button"
            color="inherit"
            size="small"
            startIcon={<UndoIcon />}
            disabled={disabled}
            onClick={() => setAsking(true)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Annuler le montage
          </Button>
        }
        sx={{ flexWrap: 'wrap', '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: 0 } }}
      >
        {statusMessages.done} {statusMessages.undoUntil(formatDateTime(until))}
      </Alert>
      <TrimDialog
        open={asking}
        title="Annuler le montage ?"
        confirmLabel="Annuler le montage"
        cancelLabel="Garder le montage"
        busy={undo.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        <Typography>
          La vidéo redevient celle d’avant le montage, pour tous les spectateurs.
        </Typography>
      </TrimDialog>
    </>
  );
};
