import type { DetailedError } from 'tus-js-client';
import { ApiError } from '../api.ts';

/**
 * How Plateau reads the tus server's answers: which failures are worth another try, and the
 * French message a person reads (the server's own, never tus-js-client's English).
 */

/** Said when nothing answered (the same words as the API client's). */
export const SERVER_SILENT = 'Le serveur ne répond pas';
export const UPLOAD_FAILED = 'L’envoi du fichier a échoué';

/**
 * Waits between tries, in ms: a few seconds for a Wi-Fi hiccup, then up to a minute apart for
 * a server restarting or a network coming back (about four minutes in all). tus-js-client
 * starts the count again as soon as bytes flow.
 */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 30_000, 60_000, 60_000];

/** Said when the server's answer has no message of its own. */
const fallbacks: Record<number, string> = {
  401: 'Veuillez vous connecter',
  403: 'Vous ne pouvez pas envoyer de fichier pour cette vidéo',
  404: 'Cet envoi n’existe plus sur le serveur : choisissez à nouveau le fichier',
  409: 'La vidéo est en cours d’encodage : réessayez après',
  413: 'Le fichier dépasse la taille maximale autorisée',
  507: 'Espace disque insuffisant sur le serveur, envoi refusé. Prévenez un geek.',
};

export const statusOf = (error: unknown): number =>
  (error as Partial<DetailedError>).originalResponse?.getStatus() ?? 0;

/**
 * The server's French message: its errors are JSON `{statusCode, error, message}`, sometimes
 * sent as text/plain by tus, so the body is read as JSON whatever its type says.
 */
export const messageOfBody = (body: string | undefined | null): string | null => {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    const message = (parsed as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message.trim() !== '' ? message : null;
  } catch {
    return null;
  }
};

/** The failure as the app's `ApiError`: its status, and a message in French. */
export const uploadError = (error: unknown): ApiError => {
  const response = (error as Partial<DetailedError>).originalResponse;
  if (!response) {
    // No answer at all (a network failure), or tus-js-client's own complaint.
    const request = (error as Partial<DetailedError>).originalRequest;
    return new ApiError(500, request ? SERVER_SILENT : UPLOAD_FAILED);
  }
  const status = response.getStatus();
  return new ApiError(
    status,
    messageOfBody(response.getBody()) ?? fallbacks[status] ?? UPLOAD_FAILED,
  );
};

/**
 * The server's disk is below its floor (507): the upload was refused before a byte was
 * written, and trying again minutes later would only keep the person waiting to hear it.
 */
const DISK_FULL = 507;

/**
 * Whether tus-js-client tries again: never after a refusal (4xx: not allowed, too large, not
 * an MP4...; 507: no room on the server's disk), except a 409 on a PATCH or HEAD (the offsets
 * disagreed: a HEAD sets it right), 423 (locked for a moment) and 429 (too many requests). A
 * network failure while the browser says it is offline is not retried either: the upload
 * waits for the `online` event instead of spending its tries.
 */
export const shouldRetry = (error: DetailedError): boolean => {
  const status = statusOf(error);
  if (status === 0) return navigator.onLine;
  if (status === 409) return error.originalRequest?.getMethod() !== 'POST';
  if (status >= 400 && status < 500) return status === 423 || status === 429;
  return status !== DISK_FULL;
};

/** A refusal: the upload is gone from the server (or never was), so its entry goes too. */
export const isFinalRefusal = (status: number) =>
  (status >= 400 && status < 500) || status === DISK_FULL;
