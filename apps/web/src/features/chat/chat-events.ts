import type { ChatEventName, ChatMessage, ChatPage, ChatState } from '@plateau/contract';
import { mergeMessages } from '../../resources/chat.ts';

/** The events of `GET directs/{id}/chat/events`, as the page listens to them. */
export const CHAT_EVENTS: readonly ChatEventName[] = ['message', 'deleted', 'state', 'cleared'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isMessage = (value: unknown): value is ChatMessage =>
  isObject(value) &&
  typeof value.id === 'number' &&
  typeof value.author === 'string' &&
  typeof value.body === 'string';

const isState = (value: unknown): value is ChatState =>
  isObject(value) && typeof value.canWrite === 'boolean' && typeof value.enabled === 'boolean';

const parse = (data: string): unknown => {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The page after one event: a message joins once (a resumed stream or our own send may bring it
 * again), a deleted one goes, a state replaces the reader's, a clear empties the list. An event
 * that cannot be read changes nothing.
 */
export const applyChatEvent = (page: ChatPage, name: ChatEventName, data: string): ChatPage => {
  const payload = parse(data);
  switch (name) {
    case 'message':
      return isMessage(payload)
        ? { ...page, messages: mergeMessages(page.messages, [payload]) }
        : page;
    case 'deleted': {
      if (!isObject(payload) || typeof payload.id !== 'number') return page;
      const { id } = payload;
      return {
        ...page,
        messages: page.messages.filter((message) => message.id !== id),
        state: page.state.pinned?.id === id ? { ...page.state, pinned: null } : page.state,
      };
    }
    case 'state':
      return isState(payload) ? { ...page, state: payload } : page;
    case 'cleared':
      return { ...page, messages: [], hasOlder: false, state: { ...page.state, pinned: null } };
  }
};
