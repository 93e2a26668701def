import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useChatModeration } from '../../../resources/chat.ts';

/** The server's action codes, as the log names them. */
const actionLabels: Record<string, string> = {
  delete: 'Message supprimé',
  mute: 'Rendu muet',
  unmute: 'Muet levé',
  'slow-mode': 'Mode lent',
  'members-only': 'Réservé aux membres',
  pin: 'Message épinglé',
  unpin: 'Message désépinglé',
  enable: 'Chat ouvert',
  disable: 'Chat fermé',
  clear: 'Conversation supprimée',
};

const logTime = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});

const formatLogTime = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : logTime.format(date);
};

/** Every moderation action on the direct's chat: when, who, what, about whom or what. */
export const ChatModerationLog = ({ directId }: { directId: number }) => {
  const log = useChatModeration(directId);
  if (log.isError) return <Alert severity="error">{log.error.message}</Alert>;
  if (!log.data) return <Skeleton variant="rounded" height={96} />;
  if (log.data.actions.length === 0)
    return (
      <Typography variant="body2" color="textSecondary">
        Aucune action de modération pour le moment.
      </Typography>
    );
  return (
    <Box
      sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" stickyHeader aria-label="Journal de modération">
        <TableHead>
          <TableRow>
            <TableCell>Heure</TableCell>
            <TableCell>Modérateur</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>Détail</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {log.data.actions.map((action, index) => (
            <TableRow key={index}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={action.at}>{formatLogTime(action.at)}</time>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{action.moderator}</TableCell>
              <TableCell>{actionLabels[action.action] ?? action.action}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{action.detail}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
