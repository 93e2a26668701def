import type { ChatMessage } from '@plateau/contract';
import { expect } from 'vitest';
import type { TestContext, TestUser } from '../../test/harness.ts';

/** One Server-Sent Event as a browser's EventSource would hand it over. */
export interface ChatEvent {
  id?: string;
  event: string;
  data: unknown;
}

/**
 * A chat stream read as EventSource reads it (over a real socket): its events as they come,
 * a wait for one, and whether the server closed it.
 */
export const openChatEvents = async (
  base: string,
  directId: number,
  { token, after, lastEventId }: { token?: string; after?: number; lastEventId?: number } = {},
) => {
  const query = new URLSearchParams();
  if (token) query.set('token', token);
  if (after !== undefined) query.set('after', String(after));
  const controller = new AbortController();
  const response = await fetch(`${base}/api/directs/${directId}/chat/events?${query}`, {
    signal: controller.signal,
    headers: lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) },
  });
  const events: ChatEvent[] = [];
  let closed = false;
  const waiters = new Set<() => void>();
  const reading = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line !== '' && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (!fields.event) continue;
          events.push({
            id: fields.id,
            event: fields.event,
            data: JSON.parse(fields.data ?? 'null'),
          });
          waiters.forEach((wake) => wake());
        }
      }
    } catch {
      // aborted by the test
    }
    closed = true;
    waiters.forEach((wake) => wake());
  })();
  const until = (check: () => boolean, what: string, ms = 5_000) =>
    new Promise<void>((resolve, reject) => {
      if (check()) return resolve();
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(events)}`));
      }, ms);
      const wake = () => {
        if (!check()) return;
        clearTimeout(timer);
        waiters.delete(wake);
        resolve();
      };
      waiters.add(wake);
    });
  return {
    status: response.status,
    events,
    messages: () =>
      events.filter((e) => e.event === 'message').map((e) => (e.data as ChatMessage).body),
    waitFor: (event: string, count = 1, ms?: number) =>
      until(() => events.filter((e) => e.event === event).length >= count, `${count} ${event}`, ms),
    waitClosed: (ms?: number) => until(() => closed, 'the stream to close', ms),
    isClosed: () => closed,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
};

export const postMessage = (
  ctx: TestContext,
  user: TestUser | null,
  directId: number,
  body: string,
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/directs/${directId}/chat`,
    headers: user?.auth ?? {},
    payload: { body },
  });

export const chatSettings = async (
  ctx: TestContext,
  user: TestUser,
  directId: number,
  payload: Record<string, unknown>,
) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/directs/${directId}/chat/settings`,
    headers: user.auth,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
