import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/errors.ts';

/** A stored file the viewer may read, and how to answer it. Keys come from `mediaKeys` only. */
export interface ServedFile {
  key: string;
  contentType: string;
  /** Visible to anyone: shared caches may keep it; otherwise `private`. */
  isPublic: boolean;
  contentDisposition?: string;
  /** Overrides the default for public files (live segments never change: `immutable`). */
  publicCacheControl?: string;
}

export interface MediaSender {
  /**
   * The file as it will be answered, checked once per access decision: with nginx sending the
   * bytes, or the store through a redirect, a missing file must still be Plateau's JSON 404.
   */
  servable(file: ServedFile): Promise<ServedFile>;
  send(request: FastifyRequest, reply: FastifyReply, file: ServedFile): Promise<FastifyReply>;
}

export const missingFile = () => notFound('Fichier introuvable');

/**
 * A public file may be kept and revalidated (ETag); any other depends on who asks, and school
 * computers are shared: the browser keeps none of it for the next person.
 */
export const cacheControlOf = (file: ServedFile) =>
  file.isPublic ? (file.publicCacheControl ?? 'public, max-age=0') : 'private, no-store';

export const setFileHeaders = (reply: FastifyReply, file: ServedFile, statusCode: number) => {
  reply.header('cache-control', cacheControlOf(file));
  if (statusCode !== 304) reply.header('content-type', file.contentType);
  if (file.contentDisposition) reply.header('content-disposition', file.contentDisposition);
};
