import { useSyncExternalStore } from 'react';
import type { Role, TokenPayload } from '@plateau/contract';
import { onUnauthorized, setBearerToken } from './api.ts';

/** The signed-in person, as the token says (spec section 3, "Session"). */
export interface Session {
  isAuth: boolean;
  token: string | null;
  role: Role | null;
  userId: number | null;
  username: string | null;
  gdaAccess: boolean;
  /** Expiry, in seconds since the epoch. */
  exp: number | null;
}

export const TOKEN_KEY = 'token';
export const ROLE_KEY = 'role';
/** Single sign-on is one-way: the app keeps that this session came from it (gda access false). */
const SSO_KEY = 'ssoSession';

export const signedOut: Session = {
  isAuth: false,
  token: null,
  role: null,
  userId: null,
  username: null,
  gdaAccess: false,
  exp: null,
};

const base64UrlDecode = (part: string) => {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

/** Reads the payload of a JWT; null when it is not one. The server checks the signature. */
export const decodeToken = (token: string): Partial<TokenPayload> | null => {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(part));
    return typeof payload === 'object' && payload !== null ? payload : null;
  } catch {
    return null;
  }
};

/** The session a token describes; signed out when it cannot be read. */
export const sessionFromToken = (token: string, options: { sso?: boolean } = {}): Session => {
  const payload = decodeToken(token);
  if (!payload) return signedOut;
  const userId = Number.parseInt(String(payload.user), 10);
  return {
    isAuth: true,
    token,
    role: payload.role ?? null,
    userId: Number.isNaN(userId) ? null : userId,
    username: payload.username ?? null,
    gdaAccess: options.sso ? false : payload.gda_access === true,
    exp: typeof payload.exp === 'number' ? payload.exp : null,
  };
};

const isExpired = (session: Session, now = Date.now()) =>
  session.exp !== null && now / 1000 > session.exp;

let current: Session = signedOut;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

const apply = (next: Session) => {
  current = next;
  setBearerToken(next.token);
  emit();
};

/** Stores the token and its role, sets the bearer header. */
export const signIn = (token: string, options: { sso?: boolean } = {}) => {
  const next = sessionFromToken(token, options);
  if (!next.isAuth) return signOut();
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(ROLE_KEY, next.role ?? '');
  if (options.sso) localStorage.setItem(SSO_KEY, '1');
  else localStorage.removeItem(SSO_KEY);
  apply(next);
};

/** Clears every stored token datum and the bearer header. */
export function signOut() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(ROLE_KEY);
  localStorage.removeItem(SSO_KEY);
  if (current === signedOut) return setBearerToken(null);
  apply(signedOut);
}

/** The auth check: an expired token (now past `exp`) signs out. Answers the session left. */
export const checkSession = (now = Date.now()): Session => {
  if (current.isAuth && isExpired(current, now)) signOut();
  return current;
};

/** Reads the stored token at start-up (and again in tests). */
export const restoreSession = () => {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) {
    current = signedOut;
    setBearerToken(null);
    return;
  }
  const next = sessionFromToken(token, { sso: localStorage.getItem(SSO_KEY) === '1' });
  if (!next.isAuth) return signOut();
  current = next;
  setBearerToken(next.token);
  checkSession();
};

export const getSession = () => current;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The session, re-rendering on sign-in and sign-out; checks expiry when read. */
export const useSession = (): Session => {
  const session = useSyncExternalStore(subscribe, getSession, getSession);
  return session.isAuth && isExpired(session) ? signedOut : session;
};

onUnauthorized(signOut);
restoreSession();
