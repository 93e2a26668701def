import { describe, expect, it } from 'vitest';
import { ConfigError } from '../lib/config-error.ts';
import { loadSsoConfig } from './sso-config.ts';

const four = {
  SSO_ISSUER: 'https://sso.ecole.example/realms/eleves',
  SSO_CLIENT_ID: 'plateau',
  SSO_CLIENT_SECRET: 'un-secret',
};

describe('loadSsoConfig', () => {
  it('is off without any SSO_ variable, on with the issuer, client id and secret', () => {
    expect(loadSsoConfig({})).toBeUndefined();
    expect(loadSsoConfig({ SSO_ISSUER: '' })).toBeUndefined();
    expect(loadSsoConfig(four)).toEqual({
      issuer: four.SSO_ISSUER,
      clientId: 'plateau',
      clientSecret: 'un-secret',
      scopes: 'openid profile email',
      usernameClaim: 'preferred_username',
      timeoutSeconds: 10,
    });
  });

  it('reads explicit endpoints (plain OAuth2), scopes and the username claim', () => {
    const config = loadSsoConfig({
      ...four,
      SSO_AUTHORIZATION_URL: 'https://cas.ecole.example/oauth2/authorize',
      SSO_TOKEN_URL: 'https://cas.ecole.example/oauth2/token',
      SSO_USERINFO_URL: 'https://cas.ecole.example/oauth2/profile',
      SSO_SCOPES: '  profile   email ',
      SSO_USERNAME_CLAIM: 'uid',
    });
    expect(config).toMatchObject({
      endpoints: {
        authorization: 'https://cas.ecole.example/oauth2/authorize',
        token: 'https://cas.ecole.example/oauth2/token',
        userinfo: 'https://cas.ecole.example/oauth2/profile',
      },
      scopes: 'profile email',
      usernameClaim: 'uid',
    });
  });

  it('stops the start with one line naming the variable for a bad or missing value', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ SSO_ISSUER: four.SSO_ISSUER }, /^SSO_CLIENT_ID must be set/],
      [{ ...four, SSO_CLIENT_SECRET: '' }, /^SSO_CLIENT_SECRET must be set/],
      [{ SSO_CLIENT_ID: 'x', SSO_CLIENT_SECRET: 'y' }, /^SSO_ISSUER must be set/],
      [{ ...four, SSO_ISSUER: 'pas une url' }, /^SSO_ISSUER must be a URL/],
      [{ ...four, SSO_ISSUER: 'ftp://sso.example' }, /^SSO_ISSUER must start with http/],
      [{ ...four, SSO_ISSUER: 'https://sso.example/?a=1' }, /^SSO_ISSUER must not carry/],
      [{ ...four, SSO_TOKEN_URL: 'https://sso.example/token' }, /^SSO_AUTHORIZATION_URL must/],
      [{ ...four, SSO_SCOPES: 'profile email' }, /^SSO_SCOPES must include openid/],
      [{ ...four, SSO_SCOPES: 'openid "profile"' }, /^SSO_SCOPES must be scope names/],
      [{ ...four, SSO_USERNAME_CLAIM: 'nom complet' }, /^SSO_USERNAME_CLAIM must be/],
    ];
    for (const [env, message] of cases) {
      expect(() => loadSsoConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadSsoConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });
});
