import fp from 'fastify-plugin';
import type { Viewer } from '../../access/viewer.ts';
import { unauthorized } from '../../lib/errors.ts';
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

/** Sets `request.viewer` from the token; a token that is present but not valid is a 401. */
export const viewerPlugin = fp<{ keys: TokenKeys }>(async (app, { keys }) => {
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.ignoreToken) return;
    let token = bearer(request.headers.authorization);
    if (token === undefined && request.routeOptions.config?.tokenInQuery) {
      const fromQuery = (request.query as Record<string, unknown> | undefined)?.token;
      if (typeof fromQuery === 'string' && fromQuery !== '') token = fromQuery;
    }
    if (token === undefined) return;
    const viewer = token === '' ? null : await verifyToken(keys, token);
    if (viewer === null) throw unauthorized('Jeton invalide ou expiré : veuillez vous reconnecter');
    request.viewer = viewer;
  });
});
