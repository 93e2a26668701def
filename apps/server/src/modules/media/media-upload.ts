import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/errors.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';

const tooLarge = () => new HttpError(413, 'Le fichier dépasse la taille maximale autorisée');

/** Errors of @fastify/multipart and busboy that mean the request itself was wrong. */
const multipartErrors: Record<string, () => HttpError> = {
  FST_REQ_FILE_TOO_LARGE: tooLarge,
  FST_FILES_LIMIT: () => badRequest('Un seul fichier est accepté'),
  FST_PARTS_LIMIT: () => badRequest('Trop de champs dans le formulaire'),
  FST_FIELDS_LIMIT: () => badRequest('Trop de champs dans le formulaire'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    badRequest('Le fichier doit être envoyé en multipart/form-data'),
  FST_PROTO_VIOLATION: () => badRequest('Nom de champ invalide'),
};

/**
 * Our typed errors and client mistakes become 4xx; a disk failure (an errno from the file
 * system) stays a server error.
 */
const asUploadError = (error: unknown): unknown => {
  if (error instanceof HttpError) return error;
  const { code, syscall } = (error ?? {}) as { code?: string; syscall?: string };
  if (code && multipartErrors[code]) return multipartErrors[code]();
  if (syscall) return error;
  // Busboy's "Unexpected end of form", a premature close: a broken or aborted body.
  return badRequest('Envoi du fichier interrompu ou mal formé');
};

/**
 * Streams the single file of field `field` into a temporary file of the storage and returns its
 * path. The body is never held in memory; on any failure (wrong field, second file, size limit,
 * aborted connection) the temporary file is removed and a typed error thrown.
 */
export const receiveUpload = async (
  request: FastifyRequest,
  storage: MediaStorage,
  field: string,
): Promise<string> => {
  let temp: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field)
        throw badRequest(`Le fichier doit être envoyé dans « ${field} »`);
      // The `files: 1` limit stops busboy at a second file; this guards a future change of it.
      if (temp) throw badRequest('Un seul fichier est accepté');
      temp = await storage.writeTemp(part.file);
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    if (temp) await storage.discardTemp(temp);
    throw asUploadError(error);
  }
  if (!temp) throw badRequest(`Aucun fichier reçu dans « ${field} »`);
  return temp;
};

/**
 * The single file of field `field`, read whole: for small files only (subtitles), refused
 * with a 413 past `maxBytes` before more is read.
 */
export const receiveSmallFile = async (
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<Buffer> => {
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part) throw badRequest(`Aucun fichier reçu dans « ${field} »`);
    if (part.fieldname !== field) throw badRequest(`Le fichier doit être envoyé dans « ${field} »`);
    return await part.toBuffer();
  } catch (error) {
    throw asUploadError(error);
  }
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type of a file's first bytes: PNG or JPEG only, decided by content, never by name. */
export const imageTypeOf = (head: Buffer | null): 'image/png' | 'image/jpeg' | null => {
  if (!head) return null;
  if (head.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (head.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
};
