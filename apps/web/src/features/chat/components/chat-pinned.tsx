import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import PushPinIcon from '@mui/icons-material/PushPin';
import type { ChatMessage } from '@plateau/contract';
import { useNotify } from '../../../lib/notify.tsx';
import { useChatSettings } from '../../../resources/chat.ts';
import { ChatAuthor, ChatBody } from './chat-message.tsx';

interface ChatPinnedProps {
  directId: number;
  message: ChatMessage;
  canModerate: boolean;
}

/** The pinned message (the question being answered), above the list for everyone. */
export const ChatPinned = ({ directId, message, canModerate }: ChatPinnedProps) => {
  const notify = useNotify();
  const settings = useChatSettings(directId);
  return (
    <Box
      role="note"
      aria-label="Message épinglé"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        px: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'action.selected',
      }}
    >
      <PushPinIcon fontSize="small" color="primary" sx={{ mt: 0.25 }} aria-hidden />
      <Typography
        variant="body2"
        component="p"
        sx={{
          flex: 1,
          minWidth: 0,
          overflowWrap: 'anywhere',
          whiteSpace: 'pre-wrap',
          // A long question stays a banner: the list keeps its room.
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        <ChatAuthor message={message} />
        <ChatBody message={message} />
      </Typography>
      {canModerate && (
        <Tooltip title="Désépingler">
          <IconButton
            size="small"
            aria-label="Désépingler"
            disabled={settings.isPending}
            onClick={() =>
              settings.mutate(
                { pinnedId: null },
                { onError: (error) => notify(error.message, 'error') },
              )
            }
            sx={{ mt: -0.5 }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
};
