/**
 * The media store cannot be reached or refuses Plateau (object storage down, wrong credentials,
 * a 5xx): nothing the request did wrong, so callers answer 503 and jobs retry later.
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

/** A key asked for as a working file (`withLocalFile`) holds nothing. */
export class MissingMediaError extends Error {
  override name = 'MissingMediaError';
  constructor(readonly key: string) {
    super(`no media stored under ${key}`);
  }
}
