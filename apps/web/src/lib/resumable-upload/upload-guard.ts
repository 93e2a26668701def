import { getSession, onSessionChange } from '../session.ts';

/**
 * The shared-computer rule for stored uploads, loaded with the app on every page (hence apart
 * from the rest of lib/resumable-upload, which only the upload pages load): nothing stored for
 * one person outlives their session.
 */

export const STORAGE_PREFIX = 'plateau.upload::';

export const storedUploadKeys = () => {
  const keys: string[] = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (key?.startsWith(STORAGE_PREFIX)) keys.push(key);
  }
  return keys;
};

/** Whose upload an entry is (null when it cannot be read). */
export const ownerOf = (key: string): number | null => {
  try {
    const userId = (JSON.parse(localStorage.getItem(key) ?? 'null') as { userId?: unknown })
      ?.userId;
    return typeof userId === 'number' ? userId : null;
  } catch {
    return null;
  }
};

/** Removes every entry, whoever it was for. */
export const clearStoredUploads = () =>
  storedUploadKeys().forEach((key) => localStorage.removeItem(key));

let guarded = false;

/**
 * Called once at start: drops what another person left (a browser closed without
 * Déconnexion, a token that expired meanwhile), then clears everything at each change of
 * person (sign-in, Déconnexion, expiry, a revoked token, another tab).
 */
export const guardStoredUploads = () => {
  const { userId } = getSession();
  for (const key of storedUploadKeys()) {
    if (ownerOf(key) !== userId) localStorage.removeItem(key);
  }
  if (guarded) return;
  guarded = true;
  onSessionChange(clearStoredUploads);
};
