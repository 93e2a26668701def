import type { Readable } from 'node:stream';
import send, { type SendOptions } from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createBufferPool, type BufferPool } from '../../lib/buffer-pool.ts';
import { FileRangeStream } from './file-range-stream.ts';

/** A stored file the viewer may read, and how to answer it. Keys come from `mediaKeys` only. */
export interface ServedFile {
  key: string;
  contentType: string;
  /** Visible to anyone: shared caches may keep it; otherwise `private`. */
  isPublic: boolean;
  contentDisposition?: string;
}

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

const missingFile = () => notFound('Fichier introuvable');

const setFileHeaders = (reply: FastifyReply, file: ServedFile, statusCode: number) => {
  reply.header('cache-control', `${file.isPublic ? 'public' : 'private'}, max-age=0`);
  if (statusCode !== 304) reply.header('content-type', file.contentType);
  if (file.contentDisposition) reply.header('content-disposition', file.contentDisposition);
};

/** The body's first byte: `bytes first-last/size` on a 206, the file's start otherwise. */
const bodyStart = (headers: Record<string, string>) => {
  const range = headers['Content-Range'];
  return range === undefined ? 0 : Number(range.slice('bytes '.length, range.indexOf('-')));
};

interface FileSending {
  storage: MediaStorage;
  pool: BufferPool;
  options: SendOptions;
}

/**
 * Sends a stored file. @fastify/send decides the answer: byte ranges (206/416, Accept-Ranges),
 * ETag, If-Range, If-None-Match (304), If-Match and If-Unmodified-Since (412), Last-Modified,
 * HEAD. It is asked as for a HEAD request, so it only stats the file; the bytes are read from a
 * descriptor shared by the file's readers (storage `leaseFile`) and only when the stat just
 * made still describes it.
 */
const sendFile = async (
  request: FastifyRequest,
  reply: FastifyReply,
  file: ServedFile,
  { storage, pool, options }: FileSending,
) => {
  // send reads only `method` and `headers` of the request.
  const asHead = { method: 'HEAD', headers: request.headers } as unknown as Readable;
  for (let attempt = 1; ; attempt += 1) {
    const result = await send(asHead, `/${file.key}`, options);
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
      const lease = await storage.leaseFile(file.key, result.metadata.stat);
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

export interface MediaSender {
  /**
   * The file as it will be answered, checked once per access decision: with nginx sending the
   * bytes, a missing file must still be Plateau's JSON 404, as without it.
   */
  servable(file: ServedFile): Promise<ServedFile>;
  send(request: FastifyRequest, reply: FastifyReply, file: ServedFile): Promise<FastifyReply>;
}

/**
 * Plateau sends the bytes itself, or, with `accelRedirect` (nginx's internal location for the
 * media folder), answers `X-Accel-Redirect` and no body: nginx then answers the request's
 * ranges and conditions from the file, with the headers set here.
 */
export const createMediaSender = (
  storage: MediaStorage,
  accelRedirect: string | undefined,
): MediaSender => {
  if (accelRedirect === undefined) {
    const sending: FileSending = {
      storage,
      pool: createBufferPool({ size: MEDIA_READ_BYTES, maxFree: SPARE_BUFFERS }),
      options: {
        root: storage.root,
        acceptRanges: true,
        cacheControl: false,
        contentType: false,
        dotfiles: 'deny',
        index: false,
      },
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
