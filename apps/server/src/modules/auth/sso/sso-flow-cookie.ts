import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';

/** The cookie that binds one sign-in to the browser that started it. */
export const FLOW_COOKIE = 'plateau_sso';
/** Sent back only to the callback API, the one request that reads it. */
export const FLOW_COOKIE_PATH = '/api/auth/callback';
export const FLOW_LIFETIME_SECONDS = 10 * 60;

/** What the callback needs to check the provider's answer: all random, made at the start. */
export interface SsoFlow {
  state: string;
  /** Absent for a plain OAuth2 provider, which issues no ID token. */
  nonce?: string;
  codeVerifier: string;
}

/**
 * A key of its own, derived from the token secret: a sealed flow and an access token can never
 * be taken for one another.
 */
export const flowKey = (jwtSecret: Uint8Array): Uint8Array =>
  new Uint8Array(hkdfSync('sha256', jwtSecret, new Uint8Array(0), 'plateau sso flow cookie', 32));

/**
 * The flow, encrypted and authenticated (JWE, dir + A256GCM) with a 10-minute expiry: the browser
 * carries it, cannot read the PKCE verifier in it, and cannot change a byte of it.
 */
export const sealFlow = (key: Uint8Array, flow: SsoFlow): Promise<string> =>
  new EncryptJWT({ ...flow })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${FLOW_LIFETIME_SECONDS}s`)
    .encrypt(key);

/** The flow a cookie carries; undefined when it is forged, altered, expired or malformed. */
export const openFlow = async (key: Uint8Array, sealed: string): Promise<SsoFlow | undefined> => {
  try {
    const { payload } = await jwtDecrypt(sealed, key, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    const { state, nonce, codeVerifier } = payload;
    if (typeof state !== 'string' || typeof codeVerifier !== 'string') return undefined;
    if (nonce !== undefined && typeof nonce !== 'string') return undefined;
    return { state, codeVerifier, ...(nonce !== undefined && { nonce }) };
  } catch {
    return undefined;
  }
};
