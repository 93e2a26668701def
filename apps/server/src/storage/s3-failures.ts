import { S3ServiceException } from '@aws-sdk/client-s3';
import { StorageUnavailableError } from './storage-errors.ts';

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/** The store says the key holds nothing (HEAD answers a bare 404, GET a NoSuchKey). */
export const isAbsent = (error: unknown) => statusOf(error) === 404;

/** The key holds another version than the ETag a read was conditioned on (If-Match). */
export const isOtherVersion = (error: unknown) => statusOf(error) === 412;

/** A range starting at or past the end of the object. */
export const isUnsatisfiableRange = (error: unknown) => statusOf(error) === 416;

/**
 * What a failed call to the store means for the caller: unreachable (connection refused, timed
 * out, reset: no HTTP answer at all), refusing Plateau's credentials, or failing itself (5xx)
 * is a StorageUnavailableError, which the server answers 503 and jobs retry. Any other answer
 * (a 4xx about the request) is a bug of ours and stays as the SDK threw it.
 */
export const storageFailure = (error: unknown, action: string): unknown => {
  if (error instanceof StorageUnavailableError) return error;
  const status = statusOf(error);
  if (status !== undefined && status < 500 && status !== 401 && status !== 403) return error;
  const reason = error instanceof Error ? error.message || error.name : String(error);
  const answer = status === undefined ? '' : ` (HTTP ${status})`;
  return new StorageUnavailableError(`object storage ${action}: ${reason}${answer}`, {
    cause: error,
  });
};
