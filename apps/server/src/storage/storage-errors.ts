/**
 * The media store cannot be reached or refuses Plateau (object storage down, wrong credentials,
 * a 5xx): nothing the request did wrong, so callers answer 503 and jobs retry later.
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

/** The French answer of a request the media store failed (HTTP 503). */
export const STORAGE_UNAVAILABLE_MESSAGE =
  'Stockage des médias indisponible, réessayez dans un instant.';

/** Whether `error`, or one it was thrown for (its `cause` chain), is a StorageUnavailableError. */
export const isStorageUnavailable = (error: unknown): boolean => {
  for (let e = error, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth += 1) {
    if (e instanceof StorageUnavailableError) return true;
  }
  return false;
};

/** A key asked for as a working file (`withLocalFile`) holds nothing. */
export class MissingMediaError extends Error {
  override name = 'MissingMediaError';
  constructor(readonly key: string) {
    super(`no media stored under ${key}`);
  }
}
