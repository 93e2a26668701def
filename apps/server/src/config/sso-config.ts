import { ConfigError, urlSetting, type Env } from '../lib/config-error.ts';

/** How Plateau reaches the school's single sign-on provider (README, "Single sign-on"). */
export interface SsoConfig {
  /** The provider's issuer identifier; also what each linked identity is recorded under. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Explicit endpoints: a plain OAuth2 provider, read through its userinfo endpoint. */
  endpoints?: { authorization: string; token: string; userinfo: string };
  scopes: string;
  /** The claim that names the account on first sign-in. */
  usernameClaim: string;
  /** Seconds allowed to every request to the provider before a 502. */
  timeoutSeconds: number;
}

const DEFAULT_SCOPES = 'openid profile email';
const TIMEOUT_SECONDS = 10;

const httpUrl = (env: Env, name: string): string | undefined => {
  const raw = urlSetting(env, name, ['http:', 'https:']);
  if (raw !== undefined) {
    const parsed = new URL(raw);
    if (parsed.search || parsed.hash) {
      throw new ConfigError(`${name} must not carry a query string or a fragment`);
    }
  }
  return raw;
};

const ENDPOINT_VARIABLES = ['SSO_AUTHORIZATION_URL', 'SSO_TOKEN_URL', 'SSO_USERINFO_URL'] as const;
const REQUIRED = ['SSO_ISSUER', 'SSO_CLIENT_ID', 'SSO_CLIENT_SECRET'] as const;

const readEndpoints = (env: Env): SsoConfig['endpoints'] => {
  const [authorization, token, userinfo] = ENDPOINT_VARIABLES.map((name) => httpUrl(env, name));
  const given = [authorization, token, userinfo].filter((value) => value !== undefined).length;
  if (given === 0) return undefined;
  if (given < 3) {
    const missing = ENDPOINT_VARIABLES.find((name) => !env[name]);
    throw new ConfigError(
      `${missing} must be set too: a plain OAuth2 provider needs ${ENDPOINT_VARIABLES.join(', ')}`,
    );
  }
  return { authorization: authorization!, token: token!, userinfo: userinfo! };
};

/**
 * Single sign-on is on when SSO_ISSUER, SSO_CLIENT_ID and SSO_CLIENT_SECRET are set (the issuer
 * is discovered), and off when none of the SSO_ variables is; anything in between stops the start.
 */
export const loadSsoConfig = (env: Env): SsoConfig | undefined => {
  const anySet = Object.keys(env).some((name) => name.startsWith('SSO_') && env[name] !== '');
  if (!anySet) return undefined;
  const missing = REQUIRED.find((name) => !env[name]);
  if (missing) {
    throw new ConfigError(
      `${missing} must be set: single sign-on needs ${REQUIRED.join(', ')} (or none of the SSO_ variables)`,
    );
  }
  const issuer = httpUrl(env, 'SSO_ISSUER')!;
  const endpoints = readEndpoints(env);
  const scopes = (env.SSO_SCOPES || DEFAULT_SCOPES).trim().split(/\s+/);
  if (!scopes.every((scope) => /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))) {
    throw new ConfigError('SSO_SCOPES must be scope names separated by spaces');
  }
  if (!endpoints && !scopes.includes('openid')) {
    throw new ConfigError('SSO_SCOPES must include openid (OpenID Connect discovery is used)');
  }
  const usernameClaim = env.SSO_USERNAME_CLAIM || 'preferred_username';
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(usernameClaim)) {
    throw new ConfigError('SSO_USERNAME_CLAIM must be a claim name such as preferred_username');
  }
  return {
    issuer,
    clientId: env.SSO_CLIENT_ID!,
    clientSecret: env.SSO_CLIENT_SECRET!,
    ...(endpoints && { endpoints }),
    scopes: scopes.join(' '),
    usernameClaim,
    timeoutSeconds: TIMEOUT_SECONDS,
  };
};
