import cookie from '@fastify/cookie';
import { Type } from '@sinclair/typebox';
import { AccessToken, ErrorBody, SsoCallbackQuery } from '@plateau/contract';
import type { FeatureModule } from '../../../app-deps.ts';
import { notFound } from '../../../lib/errors.ts';
import { loginRateLimit } from '../login-rate-limit.ts';
import { FLOW_COOKIE, FLOW_COOKIE_PATH, FLOW_LIFETIME_SECONDS } from './sso-flow-cookie.ts';
import { createSsoService } from './sso.service.ts';

export const ssoNotConfiguredMessage =
  "La connexion avec le compte de l'école n'est pas disponible sur ce site";

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody, 502: ErrorBody };

/**
 * `GET /api/login/vr` sends the browser to the school's provider; `GET /api/auth/callback`
 * (called by the app's /auth/callback page) finishes the sign-in and answers a token.
 */
export const ssoRoutes: FeatureModule = ({ db, config }) => {
  const sso =
    config.sso &&
    createSsoService(db, config.sso, {
      publicUrl: config.publicUrl,
      keys: { secret: config.jwtSecret, lifetimeSeconds: config.tokenLifetimeSeconds },
    });
  const secure = new URL(config.publicUrl).protocol === 'https:';
  const cookieOptions = {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure,
  } as const;

  return async (app) => {
    await app.register(cookie);

    app.get(
      '/login/vr',
      {
        schema: {
          tags: ['auth'],
          summary: "Start a sign-in with the school's single sign-on provider (browser redirect)",
          description:
            'Answers 302 to the provider with state, nonce and PKCE, bound to this browser by a ' +
            '10-minute HttpOnly cookie. 404 when single sign-on is not configured.',
          security: [],
          response: { 302: Type.Null(), ...errors },
        },
        config: { ignoreToken: true },
      },
      async (_request, reply) => {
        if (!sso) throw notFound(ssoNotConfiguredMessage);
        const { url, sealedFlow } = await sso.start();
        return reply
          .header('cache-control', 'no-store')
          .setCookie(FLOW_COOKIE, sealedFlow, { ...cookieOptions, maxAge: FLOW_LIFETIME_SECONDS })
          .redirect(url);
      },
    );

    app.get(
      '/auth/callback',
      {
        schema: {
          tags: ['auth'],
          summary: 'Finish a single sign-on and get a token, as POST /api/token answers',
          description:
            "The query string is the provider's answer as it reached /auth/callback; the " +
            'cookie set by /api/login/vr must come with it (credentials). The first sign-in ' +
            'creates a `user` without GDA access; the cookie is cleared whatever the outcome.',
          security: [],
          querystring: SsoCallbackQuery,
          response: { 200: AccessToken, ...errors },
        },
        config: { ignoreToken: true, rateLimit: loginRateLimit(config) },
      },
      async (request, reply) => {
        // The browser drops the flow with this answer, whatever it is: one try per sign-in.
        reply.header('cache-control', 'no-store').clearCookie(FLOW_COOKIE, cookieOptions);
        if (!sso) throw notFound(ssoNotConfiguredMessage);
        const query = request.url.slice(request.url.indexOf('?') + 1);
        return {
          accessToken: await sso.finish(
            request.url.includes('?') ? query : '',
            request.cookies[FLOW_COOKIE],
          ),
        };
      },
    );
  };
};
