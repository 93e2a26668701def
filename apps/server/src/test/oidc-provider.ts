import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calculatePKCECodeChallenge, randomPKCECodeVerifier } from 'openid-client';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * The school's single sign-on provider in tests: oidc-provider, a certified OpenID Connect
 * implementation, on 127.0.0.1 with its own login page (devInteractions: any login, any
 * password). Consent is granted at once, as a school's own provider does for its services.
 */
export interface TestProvider {
  issuer: string;
  /** Claims of each login beyond `sub` (the login itself): preferred_username, email, ... */
  accounts: Map<string, Record<string, unknown>>;
  /** Replaces the token endpoint's JSON answer while set (a tampered or replayed response). */
  tokenResponse: ((body: Record<string, unknown>) => Record<string, unknown>) | undefined;
  /** Stops answering (connections refused) until `resume`. */
  stop(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

const listen = (server: Server, port = 0) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export const startTestProvider = async (clients: TestClient[]): Promise<TestProvider> => {
  let server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, Record<string, unknown>>();
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [client.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'name'],
      email: ['email'],
    },
    cookies: { keys: ['plateau-test-provider-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, ...(accounts.get(id) ?? { preferred_username: id }) }),
    }),
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session?.grantIdFor(client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client!.clientId,
        accountId: session!.accountId,
      });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
  });
  const handle: TestProvider = {
    issuer,
    accounts,
    tokenResponse: undefined,
    stop: () => closeServer(server),
    async resume() {
      server = createServer(provider.callback());
      await listen(server, port);
    },
    close: () => closeServer(server),
  };
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/token' && ctx.status === 200 && handle.tokenResponse) {
      ctx.body = handle.tokenResponse(ctx.body as Record<string, unknown>);
    }
  });
  server.on('request', provider.callback());
  return handle;
};

/** A tiny cookie jar: the provider's session cookies between the steps of one sign-in. */
const cookieJar = () => {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    },
  };
};

/**
 * A person at the provider's login page: opens `authorizationUrl`, signs in as `login` (or
 * presses Cancel), and answers where the provider sends the browser back (the redirect URI with
 * `code` and `state`, or `error=access_denied`).
 */
export const signInAtProvider = async (
  authorizationUrl: string,
  login: string,
  { cancel = false } = {},
): Promise<URL> => {
  const jar = cookieJar();
  let url = new URL(authorizationUrl);
  const step = async (init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.keep(response);
    return response;
  };
  for (let hop = 0; hop < 10; hop++) {
    const response = await step();
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin !== new URL(authorizationUrl).origin) return url;
      continue;
    }
    // The login page: the form posts back to the same address.
    if (cancel) {
      url = new URL(`${url.pathname}/abort`, url);
      continue;
    }
    const signedIn = await step({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'mot-de-passe' }).toString(),
    });
    url = new URL(signedIn.headers.get('location')!, url);
  }
  throw new Error('the provider never sent the browser back');
};

/**
 * An ID token the provider really signs, for `client` and `nonce`: what an attacker could get
 * from the provider for another service, or for another sign-in, and try to pass to Plateau.
 */
export const issueIdToken = async (
  provider: TestProvider,
  client: TestClient,
  login: string,
  nonce: string,
): Promise<string> => {
  const verifier = randomPKCECodeVerifier();
  const authorization = new URL(`${provider.issuer}/auth`);
  authorization.search = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    redirect_uri: client.redirectUri,
    scope: 'openid',
    state: 'etat-quelconque',
    nonce,
    code_challenge: await calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  const back = await signInAtProvider(authorization.href, login);
  const response = await fetch(`${provider.issuer}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: client.redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await response.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`no ID token: ${JSON.stringify(body)}`);
  return body.id_token;
};
