import fp from 'fastify-plugin';
import type { SignedInViewer, Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { unauthorized } from '../../lib/errors.ts';
import { createTtlCache, monotonicClock, type Clock } from '../../lib/ttl-cache.ts';
import { findSessionAccount, findSessionAccounts, type SessionAccount } from './auth.repository.ts';
import { verifyToken, type TokenClaims, type TokenKeys } from './token.ts';

const VERIFIED_TOKEN_TTL_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
  interface FastifyInstance {
    /**
     * The accounts many tokens name now, read in one query (never cached): a token missing
     * from the answer is invalid, expired or revoked.
     */
    viewersOfTokens(tokens: Iterable<string>): Promise<Map<string, SignedInViewer>>;
  }
  interface FastifyContextConfig {
    /** Media streams may carry the token as `?token=` (a <video> element sends no header). */
    tokenInQuery?: boolean;
    /** Video streams: the token's viewer is kept for MEDIA_ACCESS_TTL (see ViewerPluginOptions). */
    cachedViewer?: boolean;
    /** Signing in: a stale token the client still sends must not stand in the way. */
    ignoreToken?: boolean;
  }
}

const bearer = (header: string | undefined): string | undefined => {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
};

/**
 * The viewer a token stands for, read from the account as it is now: a deleted account, or
 * one whose token version moved on (password change, demotion), makes the token worthless,
 * and the role and GDA access come from the database, never from the token's claims.
 */
const viewerOf = async (
  db: Database,
  verify: (token: string) => Promise<TokenClaims | null>,
  token: string,
): Promise<{ viewer: SignedInViewer; expiresAt: number } | null> => {
  const claims = await verify(token);
  if (claims === null) return null;
  const viewer = viewerOfAccount(claims, await findSessionAccount(db, claims.userId));
  return viewer && { viewer, expiresAt: claims.expiresAt };
};

const viewerOfAccount = (
  claims: TokenClaims,
  account: SessionAccount | undefined,
): SignedInViewer | null =>
  account && account.tokenVersion === claims.tokenVersion
    ? {
        userId: claims.userId,
        role: account.role,
        username: account.username,
        gdaAccess: account.gdaAccess,
      }
    : null;

export interface ViewerPluginOptions {
  keys: TokenKeys;
  db: Database;
  /**
   * Viewers of video streams by token, kept for a few seconds: a player sends one range request
   * after another with the same token. A password change, demotion or deletion reaches a
   * stream within the cache's TTL; every other route reads the account on each request.
   */
  mediaTtlMs: number;
  clock?: Clock;
}

/** Sets `request.viewer` from the token; a token that is present but not valid is a 401. */
export const viewerPlugin = fp<ViewerPluginOptions>(
  async (app, { keys, db, mediaTtlMs, clock = monotonicClock }) => {
    const mediaViewers = createTtlCache<SignedInViewer>({
      ttlMs: mediaTtlMs,
      maxEntries: 10_000,
      clock,
    });
    // A signature checked once holds until the token expires: the same bytes verify the same
    // way. What the token names is still read from the account on every request.
    const verifiedClaims = createTtlCache<TokenClaims>({
      ttlMs: VERIFIED_TOKEN_TTL_MS,
      maxEntries: 10_000,
      clock,
    });
    const verify = async (token: string) => {
      const kept = verifiedClaims.get(token);
      if (kept) return kept;
      const claims = await verifyToken(keys, token);
      if (claims) verifiedClaims.set(token, claims, clock() + claims.expiresAt - Date.now());
      return claims;
    };
    /** Media lookups under way by token: the player's ranges that arrive meanwhile share one. */
    const lookingUp = new Map<string, Promise<SignedInViewer | null>>();
    const lookUpMedia = (token: string): Promise<SignedInViewer | null> => {
      const remembered = mediaViewers.get(token);
      if (remembered) return Promise.resolve(remembered);
      const pending = lookingUp.get(token);
      if (pending) return pending;
      const lookup = viewerOf(db, verify, token)
        .then((found) => {
          if (found === null) return null;
          // Never past the token's own expiry (a wall-clock time, moved onto the cache's clock).
          mediaViewers.set(token, found.viewer, clock() + found.expiresAt - Date.now());
          return found.viewer;
        })
        .finally(() => lookingUp.delete(token));
      lookingUp.set(token, lookup);
      return lookup;
    };
    const lookUp = async (token: string, cached: boolean): Promise<SignedInViewer | null> => {
      if (token === '') return null;
      if (cached) return lookUpMedia(token);
      return (await viewerOf(db, verify, token))?.viewer ?? null;
    };

    app.decorate('viewersOfTokens', async (tokens: Iterable<string>) => {
      const claimed = new Map<string, TokenClaims>();
      for (const token of new Set(tokens)) {
        const claims = token === '' ? null : await verify(token);
        if (claims) claimed.set(token, claims);
      }
      const accounts = await findSessionAccounts(db, [
        ...new Set([...claimed.values()].map((claims) => claims.userId)),
      ]);
      const viewers = new Map<string, SignedInViewer>();
      for (const [token, claims] of claimed) {
        const viewer = viewerOfAccount(claims, accounts.get(claims.userId));
        if (viewer) viewers.set(token, viewer);
      }
      return viewers;
    });
    app.decorateRequest('viewer', null);
    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      if (config?.ignoreToken) return;
      let token = bearer(request.headers.authorization);
      if (token === undefined && config?.tokenInQuery) {
        const fromQuery = (request.query as Record<string, unknown> | undefined)?.token;
        if (typeof fromQuery === 'string' && fromQuery !== '') token = fromQuery;
      }
      if (token === undefined) return;
      const viewer = await lookUp(token, config?.cachedViewer === true);
      if (viewer === null) {
        throw unauthorized('Jeton invalide ou expiré : veuillez vous reconnecter');
      }
      request.viewer = viewer;
    });
  },
);
