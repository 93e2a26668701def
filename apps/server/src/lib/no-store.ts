import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * API answers depend on who asks (the visibility rule, personal lists, tokens), and school
 * computers are shared: the browser's HTTP cache must keep none of them for the next person
 * (RFC 6749 section 5.1 asks it of token answers too). A route that decided its own caching
 * (media: private or public, revalidated by ETag) keeps it.
 */
export const noStoreByDefault = (
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
) => {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  done(null, payload);
};
