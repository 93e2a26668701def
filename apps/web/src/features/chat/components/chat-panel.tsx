import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import GroupIcon from '@mui/icons-material/Group';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import type { ChatPage } from '@plateau/contract';
import { chatMessages } from '@plateau/contract/constants';
import { slowModeText } from '../chat-status.ts';
import { useChat } from '../use-chat.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatFrame } from './chat-frame.tsx';
import { ChatMessageItem } from './chat-message.tsx';
import { ChatMessageList } from './chat-message-list.tsx';
import { ChatMessageMenu } from './chat-message-menu.tsx';
import { ChatModerationBar } from './chat-moderation-bar.tsx';
import { ChatPinned } from './chat-pinned.tsx';

const Frame = ({ children }: { children: React.ReactNode }) => (
  <ChatFrame title="Chat du direct" titleId="chat-title" height="100%" testId="chat-panel">
    {children}
  </ChatFrame>
);

/** Slow mode and members only, said to everyone above the field. */
const Rules = ({ page }: { page: ChatPage }) => {
  const slow = slowModeText(page.state.slowModeSeconds);
  if (!slow && !page.state.membersOnly) return null;
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 2,
        px: 1.5,
        pt: 0.75,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {slow && (
        <Typography variant="caption" color="textSecondary" sx={{ display: 'flex', gap: 0.5 }}>
          <TimerIcon sx={{ fontSize: '1rem' }} aria-hidden />
          {slow}
        </Typography>
      )}
      {page.state.membersOnly && (
        <Typography variant="caption" color="textSecondary" sx={{ display: 'flex', gap: 0.5 }}>
          <GroupIcon sx={{ fontSize: '1rem' }} aria-hidden />
          Réservé aux membres
        </Typography>
      )}
    </Box>
  );
};

/** A mute with an end: the page asks again when it ends, so the field comes back by itself. */
const useMuteEnd = (mutedUntil: string | null | undefined, refetch: () => unknown) => {
  useEffect(() => {
    if (!mutedUntil) return;
    const wait = new Date(mutedUntil).getTime() - Date.now() + 1000;
    if (!(wait > 0)) return;
    // Timers hold at most about 24 days; a mute ends long before.
    const timer = setTimeout(() => void refetch(), Math.min(wait, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [mutedUntil, refetch]);
};

/**
 * The chat of a direct (issue 36): the moderators' bar, the pinned message, the messages kept
 * current by the server's events, the rules in force and the field.
 */
export const ChatPanel = ({ directId }: { directId: number }) => {
  const { page, loadOlder, loadingOlder, olderError } = useChat(directId);
  const [sent, setSent] = useState(0);
  useMuteEnd(page.data?.state.mutedUntil, page.refetch);

  if (page.isError)
    return (
      <Frame>
        <Box sx={{ p: 2, display: 'grid', gap: 1.5, justifyItems: 'start' }}>
          <Typography variant="body2" role="alert">
            {page.error.message || chatMessages.off}
          </Typography>
          <Button size="small" variant="outlined" onClick={() => void page.refetch()}>
            Réessayer
          </Button>
        </Box>
      </Frame>
    );
  if (!page.data)
    return (
      <Frame>
        <Box
          sx={{ flex: 1, display: 'grid', placeItems: 'center' }}
          role="status"
          aria-label="Chargement du chat"
        >
          <CircularProgress size={28} />
        </Box>
      </Frame>
    );

  const { state, messages, hasOlder } = page.data;
  const header = hasOlder ? (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.5, py: 0.5 }}>
      <Button size="small" onClick={() => void loadOlder()} loading={loadingOlder}>
        Messages précédents
      </Button>
      {olderError && (
        <Typography variant="caption" color="error">
          {olderError}
        </Typography>
      )}
    </Box>
  ) : (
    messages.length === 0 && (
      <Typography
        variant="body2"
        color="textSecondary"
        sx={{ px: 1.5, py: 2, textAlign: 'center' }}
      >
        Aucun message pour le moment.
      </Typography>
    )
  );

  return (
    <Frame>
      {state.canModerate && <ChatModerationBar directId={directId} state={state} />}
      {state.pinned && (
        <ChatPinned directId={directId} message={state.pinned} canModerate={state.canModerate} />
      )}
      <ChatMessageList
        lastId={messages.at(-1)?.id ?? null}
        firstId={messages[0]?.id ?? null}
        sent={sent}
        header={header}
      >
        {messages.map((message) => (
          <ChatMessageItem
            key={message.id}
            message={message}
            actions={
              state.canModerate && (
                <ChatMessageMenu
                  directId={directId}
                  message={message}
                  pinned={state.pinned?.id === message.id}
                />
              )
            }
          />
        ))}
      </ChatMessageList>
      <Box sx={{ flex: 'none' }}>
        <Rules page={page.data} />
        <ChatComposer
          directId={directId}
          state={state}
          onSent={() => setSent((count) => count + 1)}
        />
      </Box>
    </Frame>
  );
};
