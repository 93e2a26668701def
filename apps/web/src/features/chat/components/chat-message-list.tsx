import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';

/** Within this many pixels of the end, the reader is at the bottom (and the list follows). */
const BOTTOM_SLACK = 32;

interface ChatMessageListProps {
  /** The id of the last message (what « new » means) and of the first (older ones loaded). */
  lastId: number | null;
  firstId: number | null;
  /** Changes when the reader sends: their own message brings them back to the bottom. */
  sent: number;
  /** Above the messages: « Messages précédents », or why the list is empty. */
  header?: ReactNode;
  children: ReactNode;
}

/**
 * The scrolling list. It follows the conversation while the reader is at the bottom, stops as
 * soon as they scroll up to read back, and then offers « Nouveaux messages » to return when
 * more arrive. Older messages added above leave what the reader was reading where it was.
 */
export const ChatMessageList = ({
  lastId,
  firstId,
  sent,
  header,
  children,
}: ChatMessageListProps) => {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const shown = useRef({ lastId, firstId, height: 0 });
  const [unseen, setUnseen] = useState(false);

  const toBottom = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    following.current = true;
    setUnseen(false);
  }, []);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = shown.current;
    if (following.current) element.scrollTop = element.scrollHeight;
    else if (firstId !== before.firstId && lastId === before.lastId)
      // Older messages went in above: the same message stays under the reader's eyes.
      element.scrollTop += element.scrollHeight - before.height;
    else if (lastId !== null && lastId !== before.lastId && (before.lastId ?? 0) < lastId)
      setUnseen(true);
    shown.current = { lastId, firstId, height: element.scrollHeight };
  }, [lastId, firstId]);

  // The reader's own message: back to the bottom, following again.
  useLayoutEffect(() => {
    if (sent > 0) toBottom();
  }, [sent, toBottom]);

  // The list shrinks (a phone's keyboard opens): a reader at the bottom stays there.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const atBottom =
      element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK;
    following.current = atBottom;
    if (atBottom) setUnseen(false);
  };

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex' }}>
      <Box
        ref={scroller}
        onScroll={onScroll}
        data-testid="chat-scroller"
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain', py: 0.5 }}
      >
        {header}
        {/* The log role on a wrapper: on the <ol> itself it would take the list's semantics away. */}
        <div role="log" aria-label="Messages du chat">
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {children}
          </Box>
        </div>
      </Box>
      {unseen && (
        <Button
          variant="contained"
          size="small"
          startIcon={<ArrowDownwardIcon />}
          onClick={toBottom}
          sx={{
            position: 'absolute',
            bottom: 8,
            left: '50%',
            transform: 'translateX(-50%)',
            borderRadius: 4,
            boxShadow: 3,
            whiteSpace: 'nowrap',
          }}
        >
          Nouveaux messages
        </Button>
      )}
    </Box>
  );
};
