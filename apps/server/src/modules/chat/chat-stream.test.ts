import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_UNREAD_BYTES, openChatStream } from './chat-stream.ts';

/** A response whose reader never reads: what is written stays in its buffer. */
const stuckResponse = () => {
  const response = Object.assign(new EventEmitter(), {
    writableLength: 0,
    written: [] as string[],
    ended: false,
    removeHeader() {},
    writeHead: () => response,
    write(text: string) {
      response.written.push(text);
      response.writableLength += Buffer.byteLength(text);
      return false;
    },
    end() {
      response.ended = true;
    },
    destroy() {},
  });
  return response;
};

describe('a chat stream', () => {
  it('is closed, and forgotten, once its reader leaves too much unread', () => {
    const response = stuckResponse();
    const closed: unknown[] = [];
    const reader = openChatStream(
      response as unknown as ServerResponse,
      { directId: 1, viewer: null, lastSent: 0 },
      (gone) => closed.push(gone),
    );
    const message = { body: 'x'.repeat(280) };
    let sent = 0;
    while (reader.send({ event: 'message', data: message, id: sent + 1 })) sent += 1;
    // It took about the bound, then nothing more: memory held stays bounded.
    expect(response.writableLength).toBeGreaterThan(MAX_UNREAD_BYTES);
    expect(response.writableLength).toBeLessThan(MAX_UNREAD_BYTES + 1024);
    expect(response.ended).toBe(true);
    expect(closed).toEqual([reader]);
    expect(reader.send({ event: 'message', data: message, id: sent + 2 })).toBe(false);
    expect(response.written[1]).toBe(`id: 1\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);
  });
});
