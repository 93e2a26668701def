import type { ResumableUploadKind } from '@plateau/contract';
import { getSession } from '../session.ts';
import { STORAGE_PREFIX, storedUploadKeys } from './upload-guard.ts';

/**
 * What the browser keeps of an unfinished resumable upload, so that a reload, a closed tab or
 * a restarted laptop resumes it: tus-js-client's own record (upload URL, size, metadata) plus
 * what Plateau needs to offer it again (who, which video, which file, how far).
 *
 * School computers are shared: every entry names the person who started it, only theirs are
 * ever read, and all of them go when the person changes (sign-in, Déconnexion, expiry, another
 * tab): see upload-guard.ts.
 */
export interface StoredUpload {
  /** The local storage key (tus-js-client's `urlStorageKey`). */
  key: string;
  fingerprint: string;
  uploadUrl: string | null;
  userId: number;
  videoId: number;
  kind: ResumableUploadKind;
  fileName: string;
  size: number;
  /** Bytes the server had at the last look (a HEAD, or the last progress noted). */
  bytesSent: number;
  creationTime: string;
}

/** tus-js-client's record of a previous upload (its `PreviousUpload`). */
export interface TusRecord {
  size: number | null;
  metadata: Record<string, string>;
  creationTime: string;
  urlStorageKey: string;
  uploadUrl: string | null;
  parallelUploadUrls: string[] | null;
}

const read = (key: string): StoredUpload | null => {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Omit<StoredUpload, 'key'>;
    if (typeof value?.userId !== 'number' || typeof value.videoId !== 'number') return null;
    return { ...value, key };
  } catch {
    return null;
  }
};

/** The unfinished uploads of `userId` (the session's person), oldest first. */
export const storedUploads = (userId: number | null = getSession().userId): StoredUpload[] =>
  userId === null
    ? []
    : storedUploadKeys()
        .map(read)
        .filter((entry): entry is StoredUpload => entry?.userId === userId)
        .sort((a, b) => Date.parse(a.creationTime) - Date.parse(b.creationTime));

export const forgetStoredUpload = (key: string) => localStorage.removeItem(key);

/** Notes how far the upload went, for the offer to resume it. */
export const noteBytesSent = (key: string, bytesSent: number) => {
  const entry = read(key);
  if (!entry || entry.bytesSent >= bytesSent) return;
  const { key: _key, ...value } = entry;
  localStorage.setItem(key, JSON.stringify({ ...value, bytesSent }));
};

const tusRecordOf = (entry: StoredUpload): TusRecord => ({
  size: entry.size,
  metadata: {},
  creationTime: entry.creationTime,
  urlStorageKey: entry.key,
  uploadUrl: entry.uploadUrl,
  parallelUploadUrls: null,
});

/**
 * tus-js-client's `urlStorage` for one person's uploads: it finds only their entries, and
 * stores nothing once the session is no longer theirs (an answer arriving after a sign-out).
 */
export const urlStorageFor = (
  userId: number,
  describe: { videoId: number; kind: ResumableUploadKind; fileName: string },
  onStored: (key: string) => void,
) => ({
  findAllUploads: () => Promise.resolve(storedUploads(userId).map(tusRecordOf)),
  findUploadsByFingerprint: (fingerprint: string) =>
    Promise.resolve(
      storedUploads(userId)
        .filter((entry) => entry.fingerprint === fingerprint)
        .map(tusRecordOf),
    ),
  removeUpload: (key: string) => {
    forgetStoredUpload(key);
    return Promise.resolve();
  },
  addUpload: (fingerprint: string, upload: Omit<TusRecord, 'urlStorageKey'>) => {
    // Not crypto.randomUUID: it exists only on https, and a school may serve Plateau over http.
    const key = `${STORAGE_PREFIX}${fingerprint}::${Date.now()}${Math.random().toString(36).slice(2)}`;
    if (getSession().userId !== userId) return Promise.resolve(key);
    const entry: Omit<StoredUpload, 'key'> = {
      fingerprint,
      uploadUrl: upload.uploadUrl,
      userId,
      ...describe,
      size: upload.size ?? 0,
      bytesSent: 0,
      creationTime: new Date().toISOString(),
    };
    localStorage.setItem(key, JSON.stringify(entry));
    onStored(key);
    return Promise.resolve(key);
  },
});
