import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import send, { type SendOptions } from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/errors.ts';
import type { LocalMediaFiles, MediaStorage } from '../storage/media-storage.ts';
import { createBufferPool, type BufferPool } from '../lib/buffer-pool.ts';
import { FileRangeStream } from './file-range-stream.ts';
import { createObjectSender } from './object-send.ts';
import { missingFile, setFileHeaders, type MediaSender, type ServedFile } from './served-file.ts';

export type { MediaSender, ServedFile } from './served-file.ts';

/**
 * Bytes are read in chunks of this size into reused buffers, two per response (one read while
 * the other is written): a player asks for megabytes at a time, and a 1 MiB range is then one
 * read and one write.
 */
const MEDIA_READ_BYTES = 1024 * 1024;
/**
 * Spare buffers kept for the next requests: under load about one per connection is out at a
 * time, and fewer spares meant a fresh megabyte (and collections) for many requests.
 */
const SPARE_BUFFERS = 64;

/** The body's first byte: `bytes first-last/size` on a 206, the file's start otherwise. */
const bodyStart = (headers: Record<string, string>) => {
  const range = headers['Content-Range'];
  return range === undefined ? 0 : Number(range.slice('bytes '.length, range.indexOf('-')));
};

/** How @fastify/send answers for stored media: Plateau sets the type and cache headers itself. */
export const mediaSendOptions = (root: string): SendOptions => ({
  root,
  acceptRanges: true,
  cacheControl: false,
  contentType: false,
  dotfiles: 'deny',
  index: false,
});

/**
 * @fastify/send's answer to `headers` as for a HEAD request: the same status and headers as a
 * GET (RFC 9110), decided from a stat, with no file stream opened. Not its documented use
 * (it takes the Node request, and a GET opens the file): `media-send-internals.test.ts` fails
 * loudly if it stops reading only `method` and `headers`, or starts opening the file.
 */
export const answerAsHead = (headers: IncomingHttpHeaders, key: string, options: SendOptions) =>
  send({ method: 'HEAD', headers } as unknown as Readable, `/${key}`, options);

interface FileSending {
  files: LocalMediaFiles;
  pool: BufferPool;
  options: SendOptions;
}

/**
 * Sends a stored file. @fastify/send decides the answer: byte ranges (206/416, Accept-Ranges),
 * ETag, If-Range, If-None-Match (304), If-Match and If-Unmodified-Since (412), Last-Modified,
 * HEAD. It is asked as for a HEAD request, so it only stats the file; the bytes are read from a
 * descriptor shared by the file's readers (`LocalMediaFiles.leaseFile`) and only when the stat just
 * made still describes it.
 *
 * Why not send's own stream (`reply.send(result.stream)`, its documented use): measured in the
 * same runs (bench/README.md, "Documented APIs or today's path"), random 1 MiB ranges, 50
 * connections, five rounds: send's stream with 1 MiB reads gave 758-1,221 MB/s at 0.75-0.92 CPU
 * s per GB, this path 973-1,535 MB/s at 0.48-0.73: send's stream sent 15-42% fewer MB/s in
 * every round, for 1.3-1.6x the CPU per byte. A plain Readable (`_read`, no `pipe` override) over the shared descriptor did no better than
 * send's stream: without the write callbacks a buffer cannot be reused, and fresh megabytes
 * bring back the collections. The two undocumented behaviours this path relies on (send asked
 * as HEAD; Fastify sending a stream with `pipe(reply.raw)`) are pinned by
 * `media-send-internals.test.ts`, which names what changed.
 */
const sendFile = async (
  request: FastifyRequest,
  reply: FastifyReply,
  file: ServedFile,
  { files, pool, options }: FileSending,
) => {
  for (let attempt = 1; ; attempt += 1) {
    const result = await answerAsHead(request.headers, file.key, options);
    if (result.type !== 'file') {
      result.stream.destroy();
      if (result.statusCode === 416) {
        reply.header('content-range', result.headers['Content-Range']);
        throw new HttpError(416, 'Plage demandée hors du fichier');
      }
      if (result.statusCode === 412) throw new HttpError(412, 'Le fichier a changé');
      throw missingFile();
    }
    let body: Readable = result.stream;
    const length = Number(result.headers['Content-Length']);
    if (request.method !== 'HEAD' && result.statusCode !== 304 && length > 0) {
      // An empty stream for a HEAD; destroyed anyway, so that a send that opened the file for
      // it would still close it.
      result.stream.destroy();
      const lease = await files.leaseFile(file.key, result.metadata.stat);
      // Replaced or deleted between the stat and the open: decided again on what is there.
      if (!lease) {
        if (attempt < 3) continue;
        throw missingFile();
      }
      body = new FileRangeStream(lease, bodyStart(result.headers), length, pool);
    }
    reply.status(result.statusCode);
    reply.headers(result.headers);
    setFileHeaders(reply, file, result.statusCode);
    return reply.send(body);
  }
};

/**
 * Plateau sends the bytes itself, or, with `accelRedirect` (nginx's internal location for the
 * media folder), answers `X-Accel-Redirect` and no body: nginx then answers the request's
 * ranges and conditions from the file, with the headers set here.
 */
const createFileSender = (
  storage: MediaStorage,
  accelRedirect: string | undefined,
): MediaSender => {
  if (accelRedirect === undefined) {
    // A folder said to be on the local backend is in the local media folder.
    const files = storage.localFiles!;
    const sending: FileSending = {
      files,
      pool: createBufferPool({ size: MEDIA_READ_BYTES, maxFree: SPARE_BUFFERS }),
      options: mediaSendOptions(files.root),
    };
    return {
      servable: async (file) => file,
      send: (request, reply, file) => sendFile(request, reply, file, sending),
    };
  }
  return {
    async servable(file) {
      if (!(await storage.stat(file.key))) throw missingFile();
      return file;
    },
    async send(_request, reply, file) {
      setFileHeaders(reply, file, 200);
      // Keys are made of digits, letters and slashes (mediaKeys): nothing to escape.
      reply.header('x-accel-redirect', `${accelRedirect}${file.key}`);
      return reply.status(200).send();
    },
  };
};

/**
 * How stored media reach the viewer, by where the file's folder lives: on the local disk as
 * `createFileSender` says; in a bucket by S3_DELIVERY (`object-send.ts`). A site switching
 * backends has both while its archive moves, one folder at a time.
 */
export const createMediaSender = (
  storage: MediaStorage,
  config: Pick<Config, 'mediaAccelRedirect' | 'mediaStorage'>,
): MediaSender => {
  const settings = config.mediaStorage;
  const delivery = settings.kind === 's3' ? settings.s3.delivery : 'proxy';
  // Made on first use: a storage that is only a bucket has no media folder to send from.
  let files: MediaSender | undefined;
  let objects: MediaSender | undefined;
  const senderOf = async (file: ServedFile) =>
    (await storage.backendOf(file.key)) === 's3'
      ? (objects ??= createObjectSender(storage, delivery))
      : (files ??= createFileSender(storage, config.mediaAccelRedirect));
  return {
    servable: async (file) => (await senderOf(file)).servable(file),
    send: async (request, reply, file) => (await senderOf(file)).send(request, reply, file),
  };
};

// Characters encodeURIComponent leaves that RFC 5987 attr-char does not allow.
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * `attachment` named after the title: an ASCII fallback for old clients and the UTF-8 name
 * (accents kept) in `filename*`. Path separators and control characters are dropped.
 */
export const attachmentDisposition = (title: string, extension: string) => {
  const cleaned =
    title
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f/\\]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 150) || 'video';
  const ascii =
    cleaned
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["%]/g, '_')
      .trim() || 'video';
  return `attachment; filename="${ascii}${extension}"; filename*=UTF-8''${rfc5987(cleaned + extension)}`;
};
