import { HttpError } from '../../lib/errors.ts';
import { describeDiskCheck, type DiskGuard } from '../../storage/free-space.ts';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../storage/storage-errors.ts';

/** The one refusal of an upload the disk has no room for (multipart and resumable alike). */
export const DISK_FULL_MESSAGE =
  'Espace disque insuffisant sur le serveur, envoi refusé. Prévenez un geek.';

export const diskFull = () => new HttpError(507, DISK_FULL_MESSAGE);

/** The refusal of an upload while the media store cannot be reached (multipart and resumable). */
export const storageDown = () => new HttpError(503, STORAGE_UNAVAILABLE_MESSAGE);

/**
 * Refuses with a 507, before a byte is written, an upload of `length` bytes (undefined when
 * unknown, as a multipart body without Content-Length) that would take the media disk below
 * DISK_FREE_FLOOR; the log tells the geek the numbers.
 */
export const requireUploadRoom = async (
  disk: DiskGuard,
  length: number | undefined,
  log: { warn(message: string): void },
): Promise<void> => {
  const check = await disk.check(length ?? 0);
  if (check.ok) return;
  log.warn(`upload refused, the media disk is at its floor: ${describeDiskCheck(check)}`);
  throw diskFull();
};

/** A request's declared body length, or undefined (absent, chunked, malformed). */
export const declaredLength = (header: string | string[] | undefined): number | undefined => {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^\d{1,16}$/.test(value) ? Number(value) : undefined;
};
