import type { Role } from '@plateau/contract';

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned token with the server's payload fields: the client only reads it. */
export const makeToken = (
  overrides: Partial<{
    user: number | string;
    role: Role;
    username: string;
    gda_access: boolean;
    exp: number;
  }> = {},
) =>
  [
    base64Url({ alg: 'HS256', typ: 'JWT' }),
    base64Url({
      user: 7,
      role: 'user',
      username: 'camille',
      gda_access: true,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 3600,
      ...overrides,
    }),
    'signature',
  ].join('.');
