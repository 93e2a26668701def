import * as oidc from 'openid-client';
import { HttpError, unauthorized } from '../../../lib/errors.ts';
import type { SsoConfig } from '../../../config/sso-config.ts';
import type { SsoFlow } from './sso-flow-cookie.ts';

export const providerUnreachableMessage =
  "Le service de connexion de l'école ne répond pas : réessayez dans quelques minutes";
export const providerRefusedMessage = "Connexion refusée par le service de connexion de l'école";
export const invalidIdentityMessage =
  "Réponse invalide du service de connexion de l'école : connexion refusée";

/** Who the provider says signed in: `sub` and every claim read (ID token, then userinfo). */
export interface SsoIdentity {
  subject: string;
  claims: Record<string, unknown>;
}

const isNetworkFailure = (error: unknown) =>
  error instanceof TypeError && !('code' in error && String(error.code).startsWith('ERR_'));

/**
 * openid-client's failures as the French answers of the callback: the provider out of reach
 * (refused connection, 10 s timeout, a 5xx, no JSON) is a 502; a refusal or an answer that fails
 * a check (state, issuer, audience, nonce, signature, expiry) is a 401.
 */
const toHttpError = (error: unknown): HttpError => {
  if (error instanceof HttpError) return error;
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) {
    return unauthorized(providerRefusedMessage);
  }
  const code = error instanceof oidc.ClientError ? error.code : undefined;
  if (
    isNetworkFailure(error) ||
    code === 'OAUTH_TIMEOUT' ||
    code === 'OAUTH_ABORT' ||
    code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
    code === 'OAUTH_RESPONSE_IS_NOT_JSON'
  ) {
    return new HttpError(502, providerUnreachableMessage);
  }
  return unauthorized(invalidIdentityMessage);
};

const execute = (sso: SsoConfig) => {
  const plainHttp = [sso.issuer, ...Object.values(sso.endpoints ?? {})].some((url) =>
    url.startsWith('http:'),
  );
  // http: only when the operator wrote it (a provider on the same host, the tests' provider).
  return plainHttp ? [oidc.allowInsecureRequests] : [];
};

/**
 * The school's provider as openid-client sees it. OpenID Connect metadata is discovered at the
 * first sign-in, not at start, so a provider that is down does not keep Plateau from starting;
 * a failed discovery is tried again at the next sign-in.
 */
export const createSsoProvider = (sso: SsoConfig, redirectUri: string) => {
  let configuration: Promise<oidc.Configuration> | undefined;
  const auth = oidc.ClientSecretBasic(sso.clientSecret);

  const build = async (): Promise<oidc.Configuration> => {
    if (sso.endpoints) {
      const config = new oidc.Configuration(
        {
          issuer: sso.issuer,
          authorization_endpoint: sso.endpoints.authorization,
          token_endpoint: sso.endpoints.token,
          userinfo_endpoint: sso.endpoints.userinfo,
        },
        sso.clientId,
        { client_secret: sso.clientSecret },
        auth,
      );
      config.timeout = sso.timeoutSeconds;
      for (const step of execute(sso)) step(config);
      return config;
    }
    const config = await oidc.discovery(
      new URL(sso.issuer),
      sso.clientId,
      { client_secret: sso.clientSecret },
      auth,
      { timeout: sso.timeoutSeconds, execute: execute(sso) },
    );
    // ID tokens come straight from the token endpoint; their signature is checked all the same.
    oidc.enableNonRepudiationChecks(config);
    return config;
  };

  const ready = () => {
    configuration ??= build().catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  };

  return {
    /** A fresh flow (state, nonce for OpenID Connect, PKCE verifier) and the provider's URL. */
    async start(): Promise<{ flow: SsoFlow; url: string }> {
      try {
        const config = await ready();
        const codeVerifier = oidc.randomPKCECodeVerifier();
        const flow: SsoFlow = {
          state: oidc.randomState(),
          codeVerifier,
          ...(!sso.endpoints && { nonce: oidc.randomNonce() }),
        };
        const url = oidc.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: sso.scopes,
          state: flow.state,
          ...(flow.nonce && { nonce: flow.nonce }),
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
        });
        return { flow, url: url.href };
      } catch (error) {
        throw toHttpError(error);
      }
    },

    /**
     * Checks the provider's answer (`query`, as it reached /auth/callback) against the flow,
     * exchanges the code and answers who signed in.
     */
    async finish(query: string, flow: SsoFlow): Promise<SsoIdentity> {
      try {
        const config = await ready();
        const tokens = await oidc.authorizationCodeGrant(
          config,
          new URL(`${redirectUri}?${query}`),
          {
            expectedState: flow.state,
            pkceCodeVerifier: flow.codeVerifier,
            ...(flow.nonce !== undefined && { expectedNonce: flow.nonce }),
          },
        );
        if (sso.endpoints) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck);
          return { subject: info.sub, claims: { ...info } };
        }
        const idToken = tokens.claims();
        if (!idToken) throw unauthorized(invalidIdentityMessage);
        const claims: Record<string, unknown> = { ...idToken };
        // Providers often keep profile claims out of the ID token: userinfo has them.
        if (claims[sso.usernameClaim] === undefined && config.serverMetadata().userinfo_endpoint) {
          Object.assign(
            claims,
            await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub),
            { sub: idToken.sub },
          );
        }
        return { subject: idToken.sub, claims };
      } catch (error) {
        throw toHttpError(error);
      }
    },
  };
};

export type SsoProvider = ReturnType<typeof createSsoProvider>;
