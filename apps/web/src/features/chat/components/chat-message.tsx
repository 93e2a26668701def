import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { ChatMessage } from '@plateau/contract';
import { chatTextParts } from '../chat-text.ts';
import { formatChatTime } from '../chat-status.ts';

/**
 * A message's text, always as text (React escapes it; never HTML). Addresses become links only
 * in a member's message: anyone else's stay plain, so a chat cannot send readers anywhere.
 */
export const ChatBody = ({ message }: { message: ChatMessage }) => (
  <>
    {chatTextParts(message.body).map((part, index) =>
      'href' in part && message.authorIsMember ? (
        <Link
          key={index}
          href={part.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {part.text}
        </Link>
      ) : (
        part.text
      ),
    )}
  </>
);

/** The author's name; a member's (or geek's) is marked, as the one who keeps the chat civil. */
export const ChatAuthor = ({ message }: { message: ChatMessage }) => (
  <Box
    component="span"
    sx={{
      fontWeight: 700,
      color: message.authorIsMember ? 'primary.main' : 'text.primary',
      mr: 0.75,
      display: 'inline-flex',
      alignItems: 'center',
      gap: 0.25,
      verticalAlign: 'bottom',
    }}
  >
    {message.author}
    {message.authorIsMember && (
      <Tooltip title="Membre de l'association">
        <VerifiedIcon
          aria-label="Membre"
          role="img"
          aria-hidden={false}
          sx={{ fontSize: '0.95rem' }}
        />
      </Tooltip>
    )}
  </Box>
);

interface ChatMessageItemProps {
  message: ChatMessage;
  /** The moderators' menu, when the reader moderates. */
  actions?: ReactNode;
}

/** One line of the chat: time, author, text, and the moderators' menu at its end. */
export const ChatMessageItem = ({ message, actions }: ChatMessageItemProps) => (
  <Box
    component="li"
    data-message-id={message.id}
    sx={{
      display: 'flex',
      alignItems: 'flex-start',
      gap: 0.5,
      px: 1.5,
      py: 0.5,
      '&:hover, &:focus-within': { bgcolor: 'action.hover' },
      // The menu shows on hover on a mouse; always on a touch screen.
      '& .chat-actions': { opacity: { xs: 1, md: 0 } },
      '&:hover .chat-actions, &:focus-within .chat-actions': { opacity: 1 },
    }}
  >
    <Typography
      variant="body2"
      component="p"
      sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
    >
      <Typography
        component="time"
        variant="caption"
        color="textSecondary"
        dateTime={message.sentAt}
        sx={{ mr: 0.75 }}
      >
        {formatChatTime(message.sentAt)}
      </Typography>
      <ChatAuthor message={message} />
      <ChatBody message={message} />
    </Typography>
    {actions && <Box className="chat-actions">{actions}</Box>}
  </Box>
);
