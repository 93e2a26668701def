import { currentBearer, tokenRefused } from '../api.ts';
import { TUS_HEADERS } from './protocol.ts';
import { forgetStoredUpload, type StoredUpload } from './stored-uploads.ts';

/**
 * The two tus requests made without tus-js-client (not loaded just to look): how far a stored
 * upload went, and its removal.
 */
const call = async (method: 'HEAD' | 'DELETE', url: string): Promise<Response | null> => {
  const token = currentBearer();
  try {
    const response = await fetch(url, {
      method,
      headers: { ...TUS_HEADERS, ...(token && { Authorization: `Bearer ${token}` }) },
    });
    if (response.status === 401) tokenRefused(token);
    if (!response.ok) console.error('[HTTPERROR]', method, url, response.status);
    return response;
  } catch (cause) {
    console.error('[HTTPERROR]', method, url, cause);
    return null;
  }
};

/**
 * Bytes the server holds of a stored upload: a number, `'gone'` when the server no longer has
 * it (expired, finished or refused: the entry is dropped), or null when it could not be asked.
 */
export const bytesOnServer = async (entry: StoredUpload): Promise<number | 'gone' | null> => {
  if (!entry.uploadUrl) return 'gone';
  const response = await call('HEAD', entry.uploadUrl);
  if (!response) return null;
  if (response.status === 404 || response.status === 410 || response.status === 403) {
    forgetStoredUpload(entry.key);
    return 'gone';
  }
  const offset = Number.parseInt(response.headers.get('Upload-Offset') ?? '', 10);
  return response.ok && Number.isFinite(offset) ? offset : null;
};

/** Removes an upload from the server (tus termination); a failure leaves it to expire there. */
export const terminateUpload = async (url: string) => {
  await call('DELETE', url);
};

/** Gives up a stored upload: removed from the server, and from this browser. */
export const abandonStoredUpload = async (entry: StoredUpload) => {
  forgetStoredUpload(entry.key);
  if (entry.uploadUrl) await terminateUpload(entry.uploadUrl);
};
