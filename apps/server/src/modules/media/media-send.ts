import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';

export interface SendMediaOptions {
  contentType: string;
  /** Visible to anyone: shared caches may keep it; otherwise `private`. */
  isPublic: boolean;
  contentDisposition?: string;
}

/**
 * Sends a stored file with @fastify/send, which answers byte ranges (206/416, Accept-Ranges),
 * ETag, If-Range, If-None-Match (304), Last-Modified and HEAD. Keys come from `mediaKeys` only.
 */
export const sendMedia = async (
  request: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  key: string,
  options: SendMediaOptions,
) => {
  const result = await send(request.raw, `/${key}`, {
    root: storage.root,
    acceptRanges: true,
    cacheControl: false,
    contentType: false,
    dotfiles: 'deny',
    index: false,
  });
  if (result.type !== 'file') {
    result.stream.destroy();
    if (result.statusCode === 416) {
      reply.header('content-range', result.headers['Content-Range']);
      throw new HttpError(416, 'Plage demandée hors du fichier');
    }
    if (result.statusCode === 412) throw new HttpError(412, 'Le fichier a changé');
    throw notFound('Fichier introuvable');
  }
  reply.status(result.statusCode);
  reply.headers(result.headers);
  reply.header('cache-control', `${options.isPublic ? 'public' : 'private'}, max-age=0`);
  if (result.statusCode !== 304) reply.header('content-type', options.contentType);
  if (options.contentDisposition) reply.header('content-disposition', options.contentDisposition);
  return reply.send(result.stream);
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
