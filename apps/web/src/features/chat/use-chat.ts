import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatPage } from '@plateau/contract';
import { ApiError, apiUrl } from '../../lib/api.ts';
import { onSessionChange, useSession } from '../../lib/session.ts';
import { chatKeys, fetchOlderChat, mergeMessages, useChatPage } from '../../resources/chat.ts';
import { useViewer } from '../../resources/viewer.ts';
import { applyChatEvent, CHAT_EVENTS } from './chat-events.ts';

/** After the server closed a stream for good: first wait, doubled each time up to the last. */
const REOPEN_FIRST_MS = 2000;
const REOPEN_LAST_MS = 30_000;

/**
 * Every chat stream open in this tab. A shared computer's next person never sees the previous
 * one's chat: when the person changes (here or in another tab), each is closed at once, before
 * anything is drawn for the next one (the query cache is emptied at the same moment by
 * SessionScope, and the panel opens a new stream with the new token).
 */
const openStreams = new Set<EventSource>();
onSessionChange(() => {
  openStreams.forEach((source) => source.close());
  openStreams.clear();
});

/**
 * The chat of a direct: its page (state and messages) from the cache, kept current by the
 * server's events (`GET directs/{id}/chat/events`, Server-Sent Events). The stream opens once
 * the page is read, resuming after its last message (`after`, then the browser's own
 * `Last-Event-ID` on its reconnects), so nothing is missed or doubled.
 */
export const useChat = (directId: number) => {
  const client = useQueryClient();
  const viewer = useViewer();
  const { token } = useSession();
  const page = useChatPage(directId);
  const ready = page.isSuccess && page.isFetchedAfterMount;
  const refetch = page.refetch;
  // Bumped to open a new stream after the server closed the previous one.
  const [generation, setGeneration] = useState(0);
  // Streams refused in a row (the wait before the next one grows with it).
  const failures = useRef(0);

  useEffect(() => {
    // Without EventSource (jsdom, very old browsers) the chat is read once, not followed.
    if (!ready || typeof EventSource === 'undefined') return;
    const key = chatKeys.page(viewer, directId);
    const last = client.getQueryData<ChatPage>(key)?.messages.at(-1)?.id;
    // EventSource sends no header: the token goes in the query (the server redacts it in logs).
    const source = new EventSource(
      apiUrl(`directs/${directId}/chat/events`, { token: token ?? undefined, after: last ?? 0 }),
    );
    openStreams.add(source);
    let reopen: ReturnType<typeof setTimeout> | undefined;
    for (const name of CHAT_EVENTS) {
      source.addEventListener(name, (event) => {
        failures.current = 0;
        client.setQueryData<ChatPage>(key, (current) =>
          current ? applyChatEvent(current, name, (event as MessageEvent<string>).data) : current,
        );
      });
    }
    source.addEventListener('error', () => {
      // CONNECTING: the browser reconnects by itself. CLOSED: the server refused the stream
      // (a token revoked or demoted, the chat closed): the page is read again, whose 401 signs
      // out like any call, and a new stream opens only once it answers.
      if (source.readyState !== EventSource.CLOSED) return;
      openStreams.delete(source);
      const wait = Math.min(REOPEN_FIRST_MS * 2 ** failures.current, REOPEN_LAST_MS);
      failures.current += 1;
      reopen = setTimeout(() => {
        void refetch().then((result) => {
          if (result.isSuccess) setGeneration((count) => count + 1);
        });
      }, wait);
    });
    return () => {
      clearTimeout(reopen);
      source.close();
      openStreams.delete(source);
    };
  }, [client, directId, generation, ready, refetch, token, viewer]);

  const [olderError, setOlderError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  /** « Messages précédents »: the page before the first message shown joins the list. */
  const loadOlder = useCallback(async () => {
    const key = chatKeys.page(viewer, directId);
    const first = client.getQueryData<ChatPage>(key)?.messages[0]?.id;
    if (first === undefined) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const older = await fetchOlderChat(directId, first);
      client.setQueryData<ChatPage>(key, (current) =>
        current
          ? {
              ...current,
              messages: mergeMessages(current.messages, older.messages),
              hasOlder: older.hasOlder,
            }
          : current,
      );
    } catch (error) {
      // An abort (the person changed) says nothing; a refusal says the server's words.
      if (error instanceof ApiError) setOlderError(error.message);
    } finally {
      setLoadingOlder(false);
    }
  }, [client, directId, viewer]);

  return { page, loadOlder, loadingOlder, olderError };
};
