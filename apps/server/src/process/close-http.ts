import type { FastifyInstance } from 'fastify';

/**
 * Stops accepting connections and lets the requests in flight finish for `graceMs`, then
 * closes whatever is still open: a viewer streaming a film or a stalled upload must not keep
 * the process alive. Fastify answers 503 to requests arriving on open connections meanwhile.
 */
export const closeHttpServer = async (app: FastifyInstance, graceMs: number): Promise<void> => {
  const server = app.server;
  // Node keeps a keep-alive connection open after its last response even while closing, until
  // the keep-alive timeout: close each one as soon as it turns idle.
  const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(closeIdle);
    clearTimeout(cut);
  }
};
