import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The floor of the chat's fan-out: `node:http` alone, in a process of its own (forked by
 * chat.bench.ts, which reads its CPU time). A POST's message goes to every open stream as the
 * same Server-Sent Events text Plateau writes (id, event, JSON data); no account, no rule, no
 * database.
 */
const streams = new Set<http.ServerResponse>();
let lastId = 0;

const server = http.createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.write('retry: 2000\n\n');
    streams.add(response);
    response.on('close', () => streams.delete(response));
    return;
  }
  let text = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (text += chunk));
  request.on('end', () => {
    const { body } = JSON.parse(text) as { body: string };
    lastId += 1;
    const message = { id: lastId, author: 'bench', body, sentAt: new Date().toISOString() };
    const event = `id: ${lastId}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`;
    for (const stream of streams) stream.write(event);
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(message));
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => process.exit(0));
