import { CHAT_CONNECTIONS_PER_ADDRESS } from '@plateau/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '../../access/viewer.ts';
import type { ChatHub, ChatReader } from './chat-hub.ts';
import { CHAT_RECHECK_MS, watchChatReaders } from './chat-readers.ts';

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

describe("a chat's readers checked again", () => {
  afterEach(() => vi.useRealTimers());

  it('leaves a stream opened while the accounts are read to the next pass, which checks it', async () => {
    vi.useFakeTimers();
    const asked: string[][] = [];
    let answer: (viewers: Map<string, Viewer>) => void = () => {};
    const readers = watchChatReaders({
      hub: {} as ChatHub,
      viewersOfTokens: (tokens) => {
        asked.push(tokens);
        return new Promise((resolve) => (answer = resolve));
      },
      mayRead: async () => {},
      onError: (error) => {
        throw error;
      },
    });
    const student = (username: string): Viewer => ({
      userId: username.length,
      role: 'user',
      username,
      gdaAccess: false,
    });
    const closed: string[] = [];
    const open = (token: string) => {
      const one = { ...reader(), viewer: student(token), close: () => closed.push(token) };
      readers.follow(one, '203.0.113.7', token);
    };

    open('ana');
    await vi.advanceTimersByTimeAsync(CHAT_RECHECK_MS);
    expect(asked).toEqual([['ana']]);
    // Opened while the first pass reads the accounts: not in its answer, and not cut off.
    open('basile');
    answer(new Map([['ana', student('ana')]]));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toEqual([]);

    // The next pass reads both; Basile's token is no longer good: his stream alone ends.
    await vi.advanceTimersByTimeAsync(CHAT_RECHECK_MS);
    expect(asked[1]).toEqual(['ana', 'basile']);
    answer(new Map([['ana', student('ana')]]));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toEqual(['basile']);
    readers.stop();
  });
});
