import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatMessage } from '@plateau/contract';
import { describe, expect, it } from 'vitest';
import {
  CHAT_DELIVERY_INTERVAL_MS,
  createChatHub,
  type ChatEvent,
  type ChatReader,
} from './chat-hub.ts';

const message = (id: number): ChatMessage =>
  ({ id, body: `message ${id}`, author: 'spectateur' }) as unknown as ChatMessage;

/** A hub over a direct's messages kept in memory, its NOTIFY called by hand. */
const hubOver = (messages: ChatMessage[]) => {
  let notify: (payload: string) => void = () => {};
  const reads: number[] = [];
  const hub = createChatHub({
    listen: async (_channel, onPayload) => {
      notify = onPayload;
      return async () => {};
    },
    messagesAfter: async (_directId, after) => {
      reads.push(after);
      return messages.filter((one) => one.id > after);
    },
    statesFor: async (_directId, viewers) => viewers.map(() => ({}) as never),
    onError: (what, error) => {
      throw new Error(`${what}: ${String(error)}`);
    },
  });
  const said = (id: number) => {
    messages.push(message(id));
    notify(JSON.stringify({ directId: 1, kind: 'message' }));
  };
  return { hub, said, reads };
};

const readerOf = (writes: ChatEvent[][]): ChatReader => ({
  directId: 1,
  viewer: null,
  lastSent: 0,
  send: (...events) => (writes.push(events), true),
  close: () => {},
});

describe("a chat's deliveries", () => {
  it('sends a quiet chat’s message at once, and a burst’s messages together in one write, in order', async () => {
    const { hub, said, reads } = hubOver([]);
    await hub.start();
    const writes: ChatEvent[][] = [];
    await hub.add(readerOf(writes));
    writes.length = 0;

    said(1);
    await sleep(50);
    expect(writes.map((events) => events.map((one) => one.id))).toEqual([[1]]);

    // Three more within the interval: one more read, one more write holding the three.
    said(2);
    said(3);
    said(4);
    await sleep(CHAT_DELIVERY_INTERVAL_MS + 100);
    expect(writes.map((events) => events.map((one) => one.id))).toEqual([[1], [2, 3, 4]]);
    expect(reads.slice(-2)).toEqual([0, 1]);
    await hub.stop();
  });
});
