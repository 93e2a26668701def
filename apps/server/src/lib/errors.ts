import { STATUS_CODES } from 'node:http';

/** An error a service throws to answer a 4xx with a French message a person can read. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** A 429's wait, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentification requise') => new HttpError(401, message);
export const forbidden = (message = 'Accès refusé') => new HttpError(403, message);
export const notFound = (message = 'Introuvable') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, seconds: number) =>
  new HttpError(429, message, seconds);

/** The SQLSTATE of a PostgreSQL error, looking through drizzle's wrapping. */
export const postgresCode = (error: unknown): string | undefined => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
};

export const isUniqueViolation = (error: unknown) => postgresCode(error) === '23505';

/** The body of every error answer: `{ statusCode, error, message }`, the message in French. */
export const errorBody = (statusCode: number, message: string) => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
});
