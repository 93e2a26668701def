import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The floor of a heartbeat: `node:http` reading the body and answering 204, in a process of
 * its own (forked by heartbeats.ts, which reads its CPU time). Plateau's keep-alive timeout.
 */
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(204).end());
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => process.exit(0));
