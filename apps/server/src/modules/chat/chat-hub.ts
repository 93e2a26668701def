import type { ChatMessage, ChatState } from '@plateau/contract';
import type { Viewer } from '../../access/viewer.ts';
import { CHAT_CHANNEL, type ChatSignal } from '../../db/chat-signal.ts';

/**
 * This process's open chat streams, and what reaches them: every change to a chat is a NOTIFY
 * (db/chat-signal.ts) from whichever process made it, and each process reads the new messages
 * once per direct and hands them to its own readers. A direct's work runs one piece at a time,
 * so a reader's catch-up and the messages that arrive meanwhile never overtake each other.
 */

export interface ChatEvent {
  event: 'message' | 'deleted' | 'state' | 'cleared';
  data: unknown;
  /** A message's id: where the reader's EventSource resumes from. */
  id?: number;
}

/** One reader's stream (chat-stream.ts writes it). */
export interface ChatReader {
  readonly directId: number;
  /** Who reads, as their token says now (revalidated). */
  viewer: Viewer;
  /** The last message id this reader has: it gets only newer ones, each once. */
  lastSent: number;
  /** Writes events at once; false when the reader is gone or too slow (then it is closed). */
  send(...events: ChatEvent[]): boolean;
  close(): void;
}

export interface ChatHubDeps {
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  /** At most CHAT_DELIVERY_PAGE messages after `after`, oldest first. */
  messagesAfter(directId: number, after: number): Promise<ChatMessage[]>;
  /** Each reader's state of a direct, from one look at the direct and its mutes. */
  statesFor(directId: number, viewers: Viewer[]): Promise<ChatState[] | undefined>;
  onError(what: string, error: unknown): void;
}

/** Messages read at once for delivery. */
export const CHAT_DELIVERY_PAGE = 500;
/**
 * The least time between two deliveries of a direct's new messages. A quiet chat's message
 * goes at once; in a busy one the messages of the moment go together, one write per reader
 * rather than one per message and reader (500 readers of 10 messages a second were 5,000 writes
 * a second, the chat's main cost: bench/README.md).
 */
export const CHAT_DELIVERY_INTERVAL_MS = 200;

export const createChatHub = (deps: ChatHubDeps) => {
  const readers = new Map<number, Set<ChatReader>>();
  const work = new Map<number, Promise<void>>();

  /** Runs `task` after the direct's previous work (never two at once for one direct). */
  const inTurn = (directId: number, what: string, task: () => Promise<void>) => {
    const next = (work.get(directId) ?? Promise.resolve())
      .then(task)
      .catch((error) => deps.onError(what, error));
    work.set(directId, next);
    void next.then(() => {
      if (work.get(directId) === next) work.delete(directId);
    });
    return next;
  };

  const deliver = async (directId: number, targets: Iterable<ChatReader>) => {
    const list = [...targets];
    let from = Math.min(...list.map((reader) => reader.lastSent));
    // Page by page: a reader back after a long cut gets everything it missed.
    while (list.length > 0) {
      const messages = await deps.messagesAfter(directId, from);
      for (const reader of list) {
        const unseen = messages.filter((message) => message.id > reader.lastSent);
        if (unseen.length === 0) continue;
        const sent = reader.send(
          ...unseen.map((message) => ({
            event: 'message' as const,
            data: message,
            id: message.id,
          })),
        );
        if (sent) reader.lastSent = unseen.at(-1)!.id;
      }
      if (messages.length < CHAT_DELIVERY_PAGE) return;
      from = messages.at(-1)!.id;
    }
  };

  /** Directs whose next delivery is already planned, and when each last delivered. */
  const planned = new Set<number>();
  const deliveredAt = new Map<number, number>();
  const planDelivery = (directId: number) => {
    if (planned.has(directId)) return;
    planned.add(directId);
    const wait = (deliveredAt.get(directId) ?? 0) + CHAT_DELIVERY_INTERVAL_MS - Date.now();
    setTimeout(
      () =>
        void inTurn(directId, 'chat delivery', async () => {
          // Messages that arrive from now on need a delivery after this one.
          planned.delete(directId);
          deliveredAt.set(directId, Date.now());
          if (!readers.has(directId)) return void deliveredAt.delete(directId);
          await deliver(directId, readersOf(directId));
        }),
      Math.max(0, wait),
    ).unref();
  };

  const sendStates = async (directId: number, targets: ChatReader[]) => {
    if (targets.length === 0) return;
    const states = await deps.statesFor(
      directId,
      targets.map((reader) => reader.viewer),
    );
    // The direct is gone: nothing more to read.
    if (!states) return targets.forEach((reader) => reader.close());
    targets.forEach((reader, index) => reader.send({ event: 'state', data: states[index] }));
  };

  const readersOf = (directId: number) => [...(readers.get(directId) ?? [])];

  const onSignal = (payload: string) => {
    let signal: ChatSignal;
    try {
      signal = JSON.parse(payload) as ChatSignal;
    } catch {
      return;
    }
    const { directId } = signal;
    if (!readers.has(directId)) return;
    if (signal.kind === 'message') return planDelivery(directId);
    void inTurn(directId, `chat ${signal.kind}`, async () => {
      const targets = readersOf(directId);
      switch (signal.kind) {
        case 'deleted':
          targets.forEach((reader) => reader.send({ event: 'deleted', data: { id: signal.id } }));
          return;
        case 'cleared':
          targets.forEach((reader) => reader.send({ event: 'cleared', data: {} }));
          return sendStates(directId, targets);
        case 'state':
          return sendStates(directId, targets);
      }
    });
  };

  /** The LISTEN connection was lost a moment: every direct is read again, states too. */
  const onGap = () => {
    for (const directId of readers.keys()) {
      void inTurn(directId, 'chat resume', async () => {
        await deliver(directId, readersOf(directId));
        await sendStates(directId, readersOf(directId));
      });
    }
  };

  let unlisten: (() => Promise<void>) | undefined;

  return {
    async start() {
      unlisten = await deps.listen(CHAT_CHANNEL, onSignal, onGap);
    },
    async stop() {
      await unlisten?.();
      for (const set of readers.values()) for (const reader of set) reader.close();
      readers.clear();
    },
    /** A new reader: its state, then what it missed after `lastSent`, then live. */
    add(reader: ChatReader) {
      let set = readers.get(reader.directId);
      if (!set) readers.set(reader.directId, (set = new Set()));
      set.add(reader);
      return inTurn(reader.directId, 'chat catch-up', async () => {
        await sendStates(reader.directId, [reader]);
        await deliver(reader.directId, [reader]);
      });
    },
    remove(reader: ChatReader) {
      const set = readers.get(reader.directId);
      set?.delete(reader);
      if (set?.size === 0) readers.delete(reader.directId);
    },
    /** Tells one reader its state again (its viewer changed: a revalidated token). */
    refresh(reader: ChatReader) {
      return inTurn(reader.directId, 'chat refresh', () => sendStates(reader.directId, [reader]));
    },
    all: (): ChatReader[] => [...readers.values()].flatMap((set) => [...set]),
  };
};

export type ChatHub = ReturnType<typeof createChatHub>;
