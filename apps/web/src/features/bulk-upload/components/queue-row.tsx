import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import { DeferredTooltip } from '../../../components/lazy-tooltip.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { formatBytes, transferLine } from '../../../lib/transfer-format.ts';
import type { ItemStatus, QueueItem } from '../queue/bulk-queue.ts';

export const STATUS_LABELS: Record<ItemStatus, string> = {
  waiting: 'En attente',
  creating: 'Envoi',
  uploading: 'Envoi',
  paused: 'En pause',
  verifying: 'Vérification',
  done: 'Terminée',
  cancelled: 'Annulée',
  error: 'Erreur',
};

const STATUS_COLORS: Record<ItemStatus, ChipProps['color']> = {
  waiting: 'default',
  creating: 'primary',
  uploading: 'primary',
  paused: 'warning',
  verifying: 'info',
  done: 'success',
  cancelled: 'default',
  error: 'error',
};

export const CONNECTION_LOST = 'Connexion perdue : l’envoi reprendra dès le retour du réseau';

/** The day the file will be dated, and where it comes from. */
const dayText = (recordedOn: string | null | undefined) =>
  recordedOn === undefined
    ? 'lecture de la date…'
    : recordedOn === null
      ? 'date du formulaire'
      : `tournée le ${formatDate(`${recordedOn}T12:00:00Z`)}`;

export interface QueueRowActions {
  onMove: (by: -1 | 1) => void;
  onPause: () => void;
  onResume: () => void;
  onRetry: () => void;
  onCancel: () => void;
}

interface QueueRowProps extends QueueRowActions {
  item: QueueItem;
  first: boolean;
  last: boolean;
}

const Action = ({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) => (
  <DeferredTooltip title={label}>
    <span>
      <IconButton aria-label={label} size="small" onClick={onClick} disabled={disabled}>
        {children}
      </IconButton>
    </span>
  </DeferredTooltip>
);

/** The line under the bar: speed and time left, the network's absence, or what went wrong. */
const Detail = ({ item }: { item: QueueItem }) => {
  if (item.message) {
    return (
      <Typography variant="body2" color={item.status === 'error' ? 'error' : 'textSecondary'}>
        {item.message}
      </Typography>
    );
  }
  if (item.offline) {
    return (
      <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <WifiOffIcon color="warning" fontSize="small" />
        {CONNECTION_LOST}
      </Typography>
    );
  }
  if (item.status === 'verifying') {
    return (
      <Typography variant="body2" color="textSecondary">
        Le serveur vérifie le fichier…
      </Typography>
    );
  }
  if (item.status !== 'uploading' && item.status !== 'creating') return null;
  return (
    // Kept while the speed is measured, so the row does not grow under the pointer.
    <Typography variant="body2" color="textSecondary" sx={{ minHeight: '1.43em' }}>
      {transferLine(item.progress.speed, item.progress.secondsLeft)}
    </Typography>
  );
};

/** The row's buttons; a finished file (sent or cancelled) has none left. */
const Actions = ({ item, first, last, ...actions }: QueueRowProps) => {
  const { status } = item;
  const movable = status === 'waiting' || status === 'paused';
  const pausable = status === 'waiting' || status === 'creating' || status === 'uploading';
  return (
    <>
      <Action label="Monter" onClick={() => actions.onMove(-1)} disabled={!movable || first}>
        <ArrowUpwardIcon fontSize="small" />
      </Action>
      <Action label="Descendre" onClick={() => actions.onMove(1)} disabled={!movable || last}>
        <ArrowDownwardIcon fontSize="small" />
      </Action>
      {status === 'error' ? (
        <Action label="Réessayer" onClick={actions.onRetry}>
          <ReplayIcon fontSize="small" />
        </Action>
      ) : status === 'paused' ? (
        <Action label="Reprendre" onClick={actions.onResume}>
          <PlayArrowIcon fontSize="small" />
        </Action>
      ) : (
        <Action label="Mettre en pause" onClick={actions.onPause} disabled={!pausable}>
          <PauseIcon fontSize="small" />
        </Action>
      )}
      {/* Once every byte is sent the server attaches the file: too late to cancel. */}
      <Action label="Annuler" onClick={actions.onCancel} disabled={status === 'verifying'}>
        <CloseIcon fontSize="small" />
      </Action>
    </>
  );
};

/** One file of the queue: name, size, day, status, bar, speed and time left, its buttons. */
export const QueueRow = (props: QueueRowProps) => {
  const { item } = props;
  const { status, progress } = item;
  const finished = status === 'done' || status === 'cancelled';
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={item.file.name}
      data-status={status}
      sx={{ listStyle: 'none', p: 1.5, display: 'grid', gap: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5 }}>
        <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {item.file.name}
          </Typography>
          <Typography variant="caption" color="textSecondary" component="p">
            {formatBytes(item.file.size)} · {dayText(item.recordedOn)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto', minHeight: 34 }}>
          <Chip size="small" label={STATUS_LABELS[status]} color={STATUS_COLORS[status]} />
          {!finished && <Actions {...props} />}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <LinearProgress
          variant={
            status === 'verifying' || status === 'creating' ? 'indeterminate' : 'determinate'
          }
          value={progress.percent}
          color={status === 'error' ? 'error' : status === 'done' ? 'success' : 'primary'}
          aria-label={`Progression de ${item.file.name}`}
          sx={{ flex: 1, height: 6, borderRadius: 3 }}
        />
        <Typography variant="body2" sx={{ minWidth: '3.2em', textAlign: 'right' }}>
          {progress.percent} %
        </Typography>
      </Box>
      <Detail item={item} />
    </Paper>
  );
};
