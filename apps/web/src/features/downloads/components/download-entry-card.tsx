import { forwardRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import ErrorIcon from '@mui/icons-material/Error';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  cancelDownload,
  dismissDownload,
  retryDownload,
  type DownloadEntry,
} from '../download-store.ts';

const statusText = (entry: DownloadEntry) => {
  switch (entry.status) {
    case 'downloading':
      return entry.sizeKnown ? `Téléchargement… ${entry.progress} %` : 'Téléchargement…';
    case 'completed':
      return entry.handedOff
        ? 'Confié au navigateur : suivez-le dans ses téléchargements'
        : 'Téléchargement terminé';
    case 'error':
      return 'Échec du téléchargement';
    case 'cancelled':
      return 'Téléchargement annulé';
  }
};

const StatusIcon = ({ entry }: { entry: DownloadEntry }) => {
  if (entry.status === 'downloading') return <DownloadIcon color="primary" />;
  if (entry.status === 'error') return <ErrorIcon color="error" />;
  if (entry.status === 'cancelled') return <CancelIcon color="disabled" />;
  return entry.handedOff ? <OpenInNewIcon color="success" /> : <CheckCircleIcon color="success" />;
};

const barColor = {
  downloading: 'primary',
  completed: 'success',
  error: 'error',
  cancelled: 'inherit',
} as const;

/** One download: title, state, progress 0-100 and what can be done about it. */
export const DownloadEntryCard = forwardRef<HTMLLIElement, { entry: DownloadEntry }>(
  ({ entry, ...transition }, ref) => {
    const { id, status, progress, video } = entry;
    const determinate = status !== 'downloading' || entry.sizeKnown;
    return (
      <Paper
        ref={ref}
        {...transition}
        elevation={8}
        component="li"
        aria-label={video.title}
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, pointerEvents: 'auto' }}
      >
        <StatusIcon entry={entry} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {/* The title as text: whatever it holds is shown, never interpreted. */}
          <Typography variant="body2" noWrap title={video.title} sx={{ fontWeight: 600 }}>
            {video.title}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 24 }}>
            <Typography
              variant="caption"
              color="textSecondary"
              component="p"
              role="status"
              sx={{ flex: 1, minWidth: 0 }}
            >
              {statusText(entry)}
            </Typography>
            {status === 'error' && (
              <Button
                size="small"
                onClick={() => void retryDownload(id)}
                sx={{ py: 0, minWidth: 0 }}
              >
                Réessayer
              </Button>
            )}
          </Box>
          <LinearProgress
            variant={determinate ? 'determinate' : 'indeterminate'}
            value={status === 'downloading' ? progress : 100}
            color={barColor[status]}
            aria-label={`Progression : ${progress} %`}
            sx={{ mt: 0.5, borderRadius: 1 }}
          />
        </Box>
        {status === 'downloading' ? (
          <IconButton
            size="small"
            aria-label={`Annuler le téléchargement de ${video.title}`}
            onClick={() => cancelDownload(id)}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        ) : (
          <IconButton size="small" aria-label="Fermer" onClick={() => dismissDownload(id)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Paper>
    );
  },
);
DownloadEntryCard.displayName = 'DownloadEntryCard';
