import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { answerForObject } from './object-answer.ts';
import {
  cacheControlOf,
  missingFile,
  setFileHeaders,
  type MediaSender,
  type ServedFile,
} from './served-file.ts';

/** How media kept in a bucket reach the viewer (S3_DELIVERY). */
export type ObjectDelivery = 'proxy' | 'redirect';

/**
 * A presigned URL's life: long enough for a slow player to start its request (the store checks
 * the expiry when a request starts, not while the bytes flow), short enough that a URL copied
 * out of a shared computer's history soon opens nothing.
 */
export const PRESIGNED_READ_SECONDS = 5 * 60;

/** Between a stat and the read of that version, the key was replaced: decided again this often. */
const ATTEMPTS = 3;

/**
 * `proxy`: Plateau answers as for a local file (ranges, HEAD, ETag and the conditions, from a
 * HEAD of the object) and streams the range from the store, read from the very version the
 * headers were decided on (the stat's ETag as If-Match). Nothing is buffered: the store's body
 * is piped to the response, and a store that drops mid-body ends the response (Fastify destroys
 * it and logs), never the process.
 */
const sendThrough = async (
  storage: MediaStorage,
  request: FastifyRequest,
  reply: FastifyReply,
  file: ServedFile,
) => {
  for (let attempt = 1; ; attempt += 1) {
    const object = await storage.stat(file.key);
    if (!object) throw missingFile();
    const etag =
      object.etag ?? `W/"${object.size.toString(16)}-${object.mtime.getTime().toString(16)}"`;
    const answer = answerForObject(request.headers, { ...object, etag });
    if (answer.status === 412) throw new HttpError(412, 'Le fichier a changé');
    if (answer.status === 416) {
      reply.header('content-range', answer.contentRange);
      throw new HttpError(416, 'Plage demandée hors du fichier');
    }
    let body: Readable | undefined;
    if (request.method !== 'HEAD' && answer.range) {
      const stream = await storage.read(file.key, answer.range, { etag: object.etag });
      // Replaced or deleted between the stat and the read: decided again on what is there.
      if (!stream) {
        if (attempt < ATTEMPTS) continue;
        throw missingFile();
      }
      body = stream;
    }
    reply.status(answer.status);
    reply.headers(answer.headers);
    setFileHeaders(reply, file, answer.status);
    // Fastify's HEAD route sets a Content-Length of 0 for no payload, and keeps ours for a stream.
    return reply.send(body ?? (request.method === 'HEAD' ? Readable.from([]) : undefined));
  }
};

/**
 * Media kept in a bucket. `redirect`: once the route has decided the viewer may read the file
 * (every route checks access before `send`), a 302 to a presigned GET that answers with the
 * file's type, download name and cache rule; the store then answers the ranges itself. The 302
 * itself is never kept: its URL is personal and short-lived.
 */
export const createObjectSender = (
  storage: MediaStorage,
  delivery: ObjectDelivery,
): MediaSender => {
  if (delivery === 'proxy') {
    return {
      servable: async (file) => file,
      send: (request, reply, file) => sendThrough(storage, request, reply, file),
    };
  }
  // Files `servable` found in the bucket: a player's next ranges (the same file, from the
  // route's grant cache) are redirected without asking the store again.
  const found = new WeakSet<ServedFile>();
  return {
    async servable(file) {
      if (!(await storage.stat(file.key))) throw missingFile();
      const checked = { ...file };
      found.add(checked);
      return checked;
    },
    async send(_request, reply, file) {
      if (!found.has(file) && !(await storage.stat(file.key))) throw missingFile();
      const url = await storage.presignRead(file.key, {
        expiresInSeconds: PRESIGNED_READ_SECONDS,
        contentType: file.contentType,
        contentDisposition: file.contentDisposition,
        cacheControl: cacheControlOf(file),
      });
      reply.header('cache-control', 'private, no-store');
      return reply.redirect(url, 302);
    },
  };
};
