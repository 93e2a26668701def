import fp from 'fastify-plugin';
import type { SignedInViewer, Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { unauthorized } from '../../lib/errors.ts';
import { findSessionAccount } from './auth.repository.ts';
import { verifyToken, type TokenKeys } from './token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer;
  }
  interface FastifyContextConfig {
    /** Media streams may carry the token as `?token=` (a <video> element sends no header). */
    tokenInQuery?: boolean;
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
  keys: TokenKeys,
  token: string,
): Promise<SignedInViewer | null> => {
  const claims = await verifyToken(keys, token);
  if (claims === null) return null;
  const account = await findSessionAccount(db, claims.userId);
  if (!account || account.tokenVersion !== claims.tokenVersion) return null;
  return {
    userId: claims.userId,
    role: account.role,
    username: account.username,
    gdaAccess: account.gdaAccess,
  };
};

/** Sets `request.viewer` from the token; a token that is present but not valid is a 401. */
export const viewerPlugin = fp<{ keys: TokenKeys; db: Database }>(async (app, { keys, db }) => {
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.ignoreToken) return;
    let token = bearer(request.headers.authorization);
    if (token === undefined && request.routeOptions.config?.tokenInQuery) {
      const fromQuery = (request.query as Record<string, unknown> | undefined)?.token;
      if (typeof fromQuery === 'string' && fromQuery !== '') token = fromQuery;
    }
    if (token === undefined) return;
    const viewer = token === '' ? null : await viewerOf(db, keys, token);
    if (viewer === null) throw unauthorized('Jeton invalide ou expiré : veuillez vous reconnecter');
    request.viewer = viewer;
  });
});
