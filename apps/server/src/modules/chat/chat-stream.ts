import type { ServerResponse } from 'node:http';
import type { Viewer } from '../../access/viewer.ts';
import type { ChatReader } from './chat-hub.ts';

/** What a reader may leave unread before it is closed: a slow client never holds memory. */
export const MAX_UNREAD_BYTES = 256 * 1024;
/** A comment every so often keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 20_000;
/** How soon a browser's EventSource comes back after a cut. */
const RETRY_MS = 2_000;

/**
 * One Server-Sent Events stream of a chat, over a hijacked response. Why SSE and not a
 * WebSocket: readers only receive (messages are sent with ordinary POSTs, behind the same
 * checks as every call), EventSource reconnects by itself with Last-Event-ID, and it passes
 * every proxy as a plain HTTP response (DESIGN.md).
 */
export const openChatStream = (
  response: ServerResponse,
  { directId, viewer, lastSent }: { directId: number; viewer: Viewer; lastSent: number },
  onClose: (reader: ChatReader) => void,
): ChatReader => {
  // No chunked encoding: the stream ends with its connection (`connection: close`), and each
  // write goes out as one buffer rather than a chunk's header, data and CRLF.
  response.removeHeader('transfer-encoding');
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    // The stream is the connection's last answer: when it ends, so does the connection (a
    // kept-alive one would hold the server's close for its whole keep-alive timeout).
    connection: 'close',
  });
  response.write(`retry: ${RETRY_MS}\n\n`);
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(keepalive);
    response.end();
    response.destroy();
    onClose(reader);
  };
  const write = (text: string) => {
    if (!open) return false;
    if (response.writableLength > MAX_UNREAD_BYTES) {
      close();
      return false;
    }
    response.write(text);
    return true;
  };
  const keepalive = setInterval(() => write(': \n\n'), KEEPALIVE_MS);
  keepalive.unref();
  const reader: ChatReader = {
    directId,
    viewer,
    lastSent,
    send: (...events) =>
      write(
        events
          .map(
            ({ event, data, id }) =>
              `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
          )
          .join(''),
      ),
    close,
  };
  response.on('close', close);
  return reader;
};
