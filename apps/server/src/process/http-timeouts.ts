/**
 * HTTP timeouts of the server (Fastify options). Uploads reach 8 GiB over slow links, so
 * nothing bounds a whole request: a connection is cut only when it stays silent.
 */
export const httpTimeouts = {
  /** A connection with no byte in either direction for this long is closed (a stalled upload, a player paused for good). */
  connectionTimeout: 120_000,
  /** No bound on a whole request: a slow but live upload must finish. */
  requestTimeout: 0,
  /** Longer than the reverse proxies' idle keep-alive (nginx: 60 s), so the proxy closes first. */
  keepAliveTimeout: 72_000,
  /** A client must send its request headers within this (slow-headers attacks). */
  http: { headersTimeout: 30_000 },
};
