import type { Config } from '../../config.ts';
import { HttpError } from '../../lib/errors.ts';

export const tooManyAttemptsMessage =
  'Trop de tentatives de connexion : réessayez dans une minute.';

/**
 * The limit of every way to sign in (password form, single sign-on callback): LOGIN_RATE_LIMIT
 * attempts per address and minute, counted per route in the database (shared-rate-limit-store.ts),
 * so that several instances of the site count together.
 */
export const loginRateLimit = (config: Config) => ({
  max: config.loginRateLimit,
  timeWindow: '1 minute',
  errorResponseBuilder: () => new HttpError(429, tooManyAttemptsMessage),
});
