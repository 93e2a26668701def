import { useEffect, useId, useRef, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import type { ChatReplayMessage } from '@plateau/contract';
import { formatVideoTime, useReplayedCount, type PlaybackClock } from '../chat-replay.ts';
import { ChatFrame } from './chat-frame.tsx';
import { ChatAuthor, ChatBody } from './chat-message.tsx';
import { ChatMessageList } from './chat-message-list.tsx';

/** One line of the replay: where it falls in the video (a button that goes there), author, text. */
const ReplayLine = ({
  message,
  onSeek,
}: {
  message: ChatReplayMessage;
  onSeek: (seconds: number) => void;
}) => {
  const time = formatVideoTime(message.videoSeconds);
  return (
    <Box
      component="li"
      data-message-id={message.id}
      sx={{ px: 1.5, py: 0.5, '&:hover, &:focus-within': { bgcolor: 'action.hover' } }}
    >
      <Typography
        variant="body2"
        component="p"
        sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
      >
        <Link
          component="button"
          type="button"
          variant="caption"
          color="textSecondary"
          underline="hover"
          aria-label={`Aller à ${time}`}
          // The exact time, not the whole second shown: the message must stay on screen.
          onClick={() => onSeek(message.videoSeconds)}
          sx={{ mr: 0.75, verticalAlign: 'baseline', fontVariantNumeric: 'tabular-nums' }}
        >
          {time}
        </Link>
        <ChatAuthor message={message} />
        <ChatBody message={message} />
      </Typography>
    </Box>
  );
};

interface ChatReplayPanelProps {
  /** Sorted by `videoSeconds`, as the server sends them. */
  messages: readonly ChatReplayMessage[];
  clock: PlaybackClock;
  onSeek: (seconds: number) => void;
  onClose: () => void;
  /** The panel's height (the page sizes it against the player). */
  height: string;
  closeRef?: Ref<HTMLButtonElement>;
}

/**
 * « Revoir le chat »: the live's chat as the REDIFF plays, each message appearing when it was
 * said. Seeking back takes the later ones away again; nothing can be written, it is over.
 */
export const ChatReplayPanel = ({
  messages,
  clock,
  onSeek,
  onClose,
  height,
  closeRef,
}: ChatReplayPanelProps) => {
  const count = useReplayedCount(clock, messages);
  const titleId = useId();
  return (
    <ChatFrame
      title="Revoir le chat"
      titleId={titleId}
      height={height}
      action={
        <IconButton ref={closeRef} aria-label="Fermer le chat" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      }
    >
      <ChatMessageList
        // The number shown stands for « the last message »: more of them while it plays is
        // what « Nouveaux messages » tells a reader scrolled up; fewer (a seek back) is not.
        lastId={count}
        firstId={count > 0 ? (messages[0]?.id ?? null) : null}
        sent={0}
        header={
          count === 0 && (
            <Typography
              variant="body2"
              color="textSecondary"
              sx={{ px: 1.5, py: 2, textAlign: 'center' }}
            >
              Les messages apparaîtront au fil de la vidéo.
            </Typography>
          )
        }
      >
        {messages.slice(0, count).map((message) => (
          <ReplayLine key={message.id} message={message} onSeek={onSeek} />
        ))}
      </ChatMessageList>
    </ChatFrame>
  );
};

interface ChatReplaySectionProps extends Omit<ChatReplayPanelProps, 'onClose' | 'closeRef'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The panel when open; when closed, the button that brings it back, with how many messages. */
export const ChatReplaySection = ({ open, onOpenChange, ...panel }: ChatReplaySectionProps) => {
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  // The button pressed goes away with the change: focus moves to the one that replaces it.
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    (open ? closeButton : openButton).current?.focus();
  }, [open]);
  const toggle = (next: boolean) => {
    toggled.current = true;
    onOpenChange(next);
  };

  if (open)
    return <ChatReplayPanel {...panel} closeRef={closeButton} onClose={() => toggle(false)} />;
  return (
    <Button
      ref={openButton}
      variant="outlined"
      startIcon={<ForumOutlinedIcon />}
      onClick={() => toggle(true)}
    >
      Revoir le chat ({panel.messages.length.toLocaleString('fr-FR')})
    </Button>
  );
};
