import { SignJWT, jwtVerify, errors } from 'jose';
import { roles, type Role, type TokenPayload } from '@plateau/contract';
import type { SignedInViewer } from '../../access/viewer.ts';

/** The only algorithm accepted: a token with any other `alg` (including `none`) is refused. */
const ALGORITHM = 'HS256';

export interface TokenKeys {
  secret: Uint8Array;
  lifetimeSeconds: number;
}

const importedKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

/**
 * The secret as a WebCrypto key, imported once: given raw bytes, jose imports them again on
 * every verification, which cost more than the rest of a cached list request.
 */
const verificationKey = (secret: Uint8Array): Promise<CryptoKey> => {
  let key = importedKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      secret as Uint8Array<ArrayBuffer>,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    importedKeys.set(secret, key);
  }
  return key;
};

/** Whom a token is signed for: the account as it is at sign-in, with its token version. */
export interface TokenSubject extends SignedInViewer {
  tokenVersion: number;
}

/**
 * The spec's payload plus `ver`, the account's token version: raising it in the database
 * revokes every token signed before.
 */
export const signToken = async (keys: TokenKeys, subject: TokenSubject): Promise<string> =>
  new SignJWT({
    user: subject.userId,
    role: subject.role,
    username: subject.username,
    gda_access: subject.gdaAccess,
    ver: subject.tokenVersion,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + keys.lifetimeSeconds)
    .sign(await verificationKey(keys.secret));

/** What a verified token names: an account and the token version it was signed at. */
export interface TokenClaims {
  userId: number;
  tokenVersion: number;
  /** When the token stops being valid, in milliseconds since the epoch. */
  expiresAt: number;
}

const isInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);

/**
 * The account a token names, or null when it is invalid, forged, expired or misses a claim.
 * Its role, username and GDA access are only checked for shape: whoever calls this reads the
 * account as it is now, never these claims.
 */
export const verifyToken = async (keys: TokenKeys, token: string): Promise<TokenClaims | null> => {
  try {
    const { payload } = await jwtVerify<Partial<TokenPayload> & { ver?: unknown }>(
      token,
      await verificationKey(keys.secret),
      {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'iat'],
      },
    );
    const { user, role, username, gda_access, ver, exp } = payload;
    if (
      !isInteger(user) ||
      !isInteger(ver) ||
      typeof username !== 'string' ||
      typeof gda_access !== 'boolean' ||
      !roles.includes(role as Role)
    ) {
      return null;
    }
    return { userId: user, tokenVersion: ver, expiresAt: exp! * 1000 };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
};
