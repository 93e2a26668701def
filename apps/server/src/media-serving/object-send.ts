import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors.ts';
import { createTtlCache } from '../lib/ttl-cache.ts';
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
 * A bucket object's stat is kept this long: a player asks for range after range of one file,
 * and each stat is a round trip to the store (one of two per range, measured in bench:s3). The
 * read still names the stat's ETag (If-Match), so a file replaced meanwhile is never mixed: the
 * read finds nothing and the answer is decided again on a fresh stat.
 */
const STAT_KEPT_MS = 2_000;
/** At most this many files' stats (a few hundred bytes each), least recently read out first. */
const STATS_KEPT = 10_000;

type ObjectStat = NonNullable<Awaited<ReturnType<MediaStorage['stat']>>>;

const keptStats = (storage: MediaStorage) => {
  const kept = createTtlCache<ObjectStat>({ ttlMs: STAT_KEPT_MS, maxEntries: STATS_KEPT });
  return {
    /** The key's stat, and whether it was kept (then only a read by its ETag confirms it). */
    async stat(key: string, fresh: boolean): Promise<{ stat: ObjectStat | null; kept: boolean }> {
      const known = fresh ? undefined : kept.get(key);
      if (known) return { stat: known, kept: true };
      const stat = await storage.stat(key);
      if (stat) kept.set(key, stat);
      else kept.delete(key);
      return { stat, kept: false };
    },
  };
};

/**
 * `proxy`: Plateau answers as for a local file (ranges, HEAD, ETag and the conditions, from a
 * HEAD of the object) and streams the range from the store, read from the very version the
 * headers were decided on (the stat's ETag as If-Match). Nothing is buffered: the store's body
 * is piped to the response, and a store that drops mid-body ends the response (Fastify destroys
 * it and logs), never the process.
 */
const sendThrough = async (
  storage: MediaStorage,
  stats: ReturnType<typeof keptStats>,
  request: FastifyRequest,
  reply: FastifyReply,
  file: ServedFile,
) => {
  let fresh = false;
  for (let attempt = 1; ; attempt += 1) {
    const { stat: object, kept } = await stats.stat(file.key, fresh);
    fresh = true;
    if (!object) throw missingFile();
    const etag =
      object.etag ?? `W/"${object.size.toString(16)}-${object.mtime.getTime().toString(16)}"`;
    const answer = answerForObject(request.headers, { ...object, etag });
    const range = 'range' in answer ? answer.range : null;
    const reads = request.method !== 'HEAD' && range !== null;
    // An answer no read confirms (304, 412, 416, HEAD) is decided on the store's stat of now.
    if (kept && !reads) {
      attempt -= 1;
      continue;
    }
    if (answer.status === 412) throw new HttpError(412, 'Le fichier a changé');
    if (answer.status === 416) {
      reply.header('content-range', answer.contentRange);
      throw new HttpError(416, 'Plage demandée hors du fichier');
    }
    let body: Readable | undefined;
    if (reads) {
      const stream = await storage.read(file.key, range, { etag: object.etag });
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
 * Text files (captions) are streamed through even in `redirect` mode: a `<track>` follows a
 * redirect to another origin only when the `<video>` has `crossorigin` and the store answers
 * CORS, which a bucket's owner may never set up; and they are a few KB, nothing to offload.
 */
export const proxiedInRedirectMode = (file: ServedFile) => file.contentType.startsWith('text/');

/**
 * Media kept in a bucket. `redirect`: once the route has decided the viewer may read the file
 * (every route checks access before `send`), a 302 to a presigned GET that answers with the
 * file's type, download name and cache rule; the store then answers the ranges itself. The 302
 * itself is never kept: its URL is personal and short-lived.
 *
 * Each redirect first asks the store for the object (a HEAD), as the proxy reads it for each
 * range: the route keeps the viewer's grant a few seconds, and a presigned URL is signed without
 * the store, so without it a viewer would be sent to a store that stopped meanwhile instead of
 * getting the 503 every other path gives, or to a file deleted meanwhile instead of the 404.
 */
export const createObjectSender = (
  storage: MediaStorage,
  delivery: ObjectDelivery,
): MediaSender => {
  const stats = keptStats(storage);
  const proxy: MediaSender = {
    servable: async (file) => file,
    send: (request, reply, file) => sendThrough(storage, stats, request, reply, file),
  };
  if (delivery === 'proxy') return proxy;
  return {
    servable: proxy.servable,
    async send(request, reply, file) {
      if (proxiedInRedirectMode(file)) return proxy.send(request, reply, file);
      if (!(await storage.stat(file.key))) throw missingFile();
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
