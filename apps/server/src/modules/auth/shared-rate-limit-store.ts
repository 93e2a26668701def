import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Executor } from '../../db/client.ts';
import { countAttempt, forgetPastWindows } from './login-attempts.repository.ts';

/** How often a process clears the rows of windows that are over. */
const FORGET_EVERY_MS = 60_000;

type RouteInfo = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store for @fastify/rate-limit kept in the database, so every instance of the site counts
 * the same attempts: with two processes behind nginx, a per-process count would let an
 * address try twice as often. Each route counts apart (its method and URL prefix the key).
 */
export const sharedRateLimitStore = (db: Executor): FastifyRateLimitStoreCtor => {
  let forgottenAt = 0;
  const forgetNow = () => {
    if (Date.now() - forgottenAt < FORGET_EVERY_MS) return;
    forgottenAt = Date.now();
    forgetPastWindows(db).catch(() => (forgottenAt = 0));
  };

  const storeFor = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow?: number) {
      forgetNow();
      countAttempt(db, `${prefix}${key}`, timeWindow ?? 60_000).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    },
    child(routeOptions) {
      const { method, url } = (routeOptions as RouteInfo).routeInfo ?? {};
      return storeFor(`${prefix}${String(method)} ${url ?? routeOptions.path}|`);
    },
  });

  return class {
    constructor() {
      return storeFor('');
    }
  } as unknown as FastifyRateLimitStoreCtor;
};
