import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PushPinIcon from '@mui/icons-material/PushPinOutlined';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import type { ChatMessage } from '@plateau/contract';
import { CHAT_MUTE_MINUTES } from '@plateau/contract/constants';
import { useNotify } from '../../../lib/notify.tsx';
import {
  useChatSettings,
  useDeleteChatMessage,
  useMuteChatAuthor,
} from '../../../resources/chat.ts';

interface ChatMessageMenuProps {
  directId: number;
  message: ChatMessage;
  pinned: boolean;
}

/** A moderator's actions on one message: delete it, mute its author, pin it. */
export const ChatMessageMenu = ({ directId, message, pinned }: ChatMessageMenuProps) => {
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const remove = useDeleteChatMessage(directId);
  const mute = useMuteChatAuthor(directId);
  const settings = useChatSettings(directId);
  // The server says in French why it refuses; the page repeats it.
  const failed = (error: Error) => notify(error.message, 'error');
  const close = () => setAnchor(null);
  const { authorId } = message;

  const muteFor = (duration: 'minutes' | 'direct') => {
    close();
    if (authorId === null) return;
    mute.mutate(
      { userId: authorId, duration },
      {
        onSuccess: () =>
          notify(
            duration === 'minutes'
              ? `${message.author} est rendu muet ${CHAT_MUTE_MINUTES} minutes`
              : `${message.author} est rendu muet pour le reste du direct`,
            'success',
          ),
        onError: failed,
      },
    );
  };

  return (
    <>
      <IconButton
        size="small"
        aria-label={`Modérer le message de ${message.author}`}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            remove.mutate(message.id, { onError: failed });
          }}
        >
          <ListItemIcon>
            <DeleteIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Supprimer</ListItemText>
        </MenuItem>
        {authorId !== null && (
          <MenuItem onClick={() => muteFor('minutes')}>
            <ListItemIcon>
              <TimerIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Rendre muet {CHAT_MUTE_MINUTES} minutes</ListItemText>
          </MenuItem>
        )}
        {authorId !== null && (
          <MenuItem onClick={() => muteFor('direct')}>
            <ListItemIcon>
              <VolumeOffIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Rendre muet pour le reste du direct</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            settings.mutate({ pinnedId: pinned ? null : message.id }, { onError: failed });
          }}
        >
          <ListItemIcon>
            <PushPinIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{pinned ? 'Désépingler' : 'Épingler'}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
};
