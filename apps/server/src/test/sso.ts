import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../app.ts';
import {
  signInAtProvider,
  startTestProvider,
  type TestClient,
  type TestProvider,
} from './oidc-provider.ts';

/** Where Plateau says it lives: the provider sends browsers back to its /auth/callback. */
export const PLATEAU_URL = 'http://plateau.test';

export const plateauClient: TestClient = {
  clientId: 'plateau',
  clientSecret: 'secret-de-plateau-chez-le-fournisseur',
  redirectUri: `${PLATEAU_URL}/auth/callback`,
};

/** Another service of the school, registered at the same provider. */
export const otherClient: TestClient = {
  clientId: 'autre-service',
  clientSecret: 'secret-de-l-autre-service',
  redirectUri: 'http://autre.test/callback',
};

/**
 * Starts the provider before the test app is built, and writes into `env` (the object given to
 * `useTestApp`) the settings that point Plateau at it: OpenID Connect discovery, or with
 * `plainOAuth2` explicit endpoints read through userinfo. Call before `useTestApp`.
 */
export const useTestProvider = (
  env: Record<string, string>,
  { plainOAuth2 = false }: { plainOAuth2?: boolean } = {},
) => {
  const holder = {} as { provider: TestProvider };
  beforeAll(async () => {
    holder.provider = await startTestProvider([plateauClient, otherClient]);
    const issuer = holder.provider.issuer;
    Object.assign(env, {
      PUBLIC_URL: PLATEAU_URL,
      SSO_ISSUER: issuer,
      SSO_CLIENT_ID: plateauClient.clientId,
      SSO_CLIENT_SECRET: plateauClient.clientSecret,
      ...(plainOAuth2 && {
        SSO_AUTHORIZATION_URL: `${issuer}/auth`,
        SSO_TOKEN_URL: `${issuer}/token`,
        SSO_USERINFO_URL: `${issuer}/me`,
      }),
    });
  });
  afterAll(() => holder.provider?.close());
  return holder;
};

export interface StartedSignIn {
  /** The provider's authorization URL Plateau redirected to. */
  location: URL;
  /** `plateau_sso=...`, as the browser sends it back. */
  cookie: string;
  /** The Set-Cookie line, for its attributes. */
  setCookie: string;
}

/** Plateau's side of a sign-in, through `app.inject` as the browser and the app would call it. */
export const ssoBrowser = (app: () => App) => {
  const start = async (remoteAddress?: string): Promise<StartedSignIn> => {
    const response = await app().inject({ url: '/api/login/vr', remoteAddress });
    expect(response.statusCode, response.body).toBe(302);
    const setCookie = String(response.headers['set-cookie']);
    return {
      location: new URL(String(response.headers.location)),
      cookie: setCookie.split(';')[0]!,
      setCookie,
    };
  };
  const callback = (query: string, cookie?: string, remoteAddress?: string) =>
    app().inject({
      url: `/api/auth/callback${query ? `?${query}` : ''}`,
      headers: cookie ? { cookie } : {},
      remoteAddress,
    });
  return {
    start,
    callback,
    /** The whole round trip: Plateau, the provider's login page as `login`, the callback. */
    async signIn(login: string, { cancel = false, remoteAddress = '127.0.0.1' } = {}) {
      const started = await start(remoteAddress);
      const back = await signInAtProvider(started.location.href, login, { cancel });
      const response = await callback(back.search.slice(1), started.cookie, remoteAddress);
      return { started, back, response };
    },
  };
};
