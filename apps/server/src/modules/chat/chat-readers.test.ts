import { CHAT_CONNECTIONS_PER_ADDRESS } from '@plateau/contract';
import { describe, expect, it } from 'vitest';
import type { ChatHub, ChatReader } from './chat-hub.ts';
import { watchChatReaders } from './chat-readers.ts';

const reader = (): ChatReader => ({
  directId: 1,
  viewer: null,
  lastSent: 0,
  send: () => true,
  close: () => {},
});

describe("a chat's readers by address", () => {
  it('holds at most the bound of streams from one address, and frees a place when one closes', () => {
    const readers = watchChatReaders({
      hub: {} as ChatHub,
      viewersOfTokens: async () => new Map(),
      mayRead: async () => {},
      onError: () => {},
    });
    const opened: ChatReader[] = [];
    // A thousand asked from one address: the bound is let in, the rest refused.
    for (let i = 0; i < 1000; i += 1) {
      if (!readers.admit('203.0.113.7', CHAT_CONNECTIONS_PER_ADDRESS)) continue;
      const one = reader();
      readers.follow(one, '203.0.113.7', undefined);
      opened.push(one);
    }
    expect(opened).toHaveLength(CHAT_CONNECTIONS_PER_ADDRESS);
    // Another address is not held back by it.
    expect(readers.admit('198.51.100.2', CHAT_CONNECTIONS_PER_ADDRESS)).toBe(true);
    readers.forget(opened[0]!);
    expect(readers.admit('203.0.113.7', CHAT_CONNECTIONS_PER_ADDRESS)).toBe(true);
    readers.stop();
  });
});
