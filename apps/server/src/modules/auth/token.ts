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

export const signToken = async (keys: TokenKeys, viewer: SignedInViewer): Promise<string> =>
  new SignJWT({
    user: viewer.userId,
    role: viewer.role,
    username: viewer.username,
    gda_access: viewer.gdaAccess,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + keys.lifetimeSeconds)
    .sign(await verificationKey(keys.secret));

/** The viewer a token stands for, or null when it is invalid, forged or expired. */
export const verifyToken = async (
  keys: TokenKeys,
  token: string,
): Promise<SignedInViewer | null> => {
  try {
    const { payload } = await jwtVerify<Partial<TokenPayload>>(
      token,
      await verificationKey(keys.secret),
      {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'iat'],
      },
    );
    const { user, role, username, gda_access } = payload;
    if (
      typeof user !== 'number' ||
      !Number.isInteger(user) ||
      typeof username !== 'string' ||
      typeof gda_access !== 'boolean' ||
      !roles.includes(role as Role)
    ) {
      return null;
    }
    return { userId: user, role: role as Role, username, gdaAccess: gda_access };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
};
