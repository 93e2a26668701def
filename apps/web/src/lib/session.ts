import { useSyncExternalStore } from 'react';
import type { Role, TokenPayload } from '@plateau/contract';
import { onBeforeRequest, onUnauthorized, setBearerToken } from './api.ts';

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

/**
 * Counts the sessions that ended in this tab (sign-out, expiry, a revoked token, another tab, or
 * someone else signing in): what was drawn for that person is never kept for the next one.
 */
let epoch = 0;
/** A session ended in this tab and none began since: the next person starts from scratch. */
let ended = false;
const changeHooks = new Set<() => void>();

/**
 * Runs `hook` whenever the person changes (sign-in, sign-out, expiry, a revoked token, another
 * tab), after the bearer changed and before anything is drawn for the new person. Returns a
 * function removing it.
 */
export const onSessionChange = (hook: () => void) => {
  changeHooks.add(hook);
  return () => {
    changeHooks.delete(hook);
  };
};

/**
 * `rememberPage`: the guard may still send the next sign-in back to the page shown (an expiry
 * noticed on arrival: the person at the keyboard asked for that page, not the one who left).
 */
const apply = (next: Session, { rememberPage = false } = {}) => {
  const changed = next.token !== current.token;
  if (changed) {
    if (current.isAuth) epoch += 1;
    ended = current.isAuth && !rememberPage ? !next.isAuth : ended && !next.isAuth;
  }
  current = next;
  setBearerToken(next.token);
  if (changed) changeHooks.forEach((hook) => hook());
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
const endSession = (options?: { rememberPage: boolean }) => {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(ROLE_KEY);
  localStorage.removeItem(SSO_KEY);
  if (current === signedOut) return setBearerToken(null);
  apply(signedOut, options);
};

export function signOut() {
  endSession();
}

/** The auth check: an expired token (now past `exp`) signs out. Answers the session left. */
export const checkSession = (now = Date.now()): Session => {
  if (current.isAuth && isExpired(current, now)) endSession({ rememberPage: true });
  return current;
};

/** The session the stored token describes, expired or not (signed out when there is none). */
const storedSession = (): Session => {
  const token = localStorage.getItem(TOKEN_KEY);
  return token
    ? sessionFromToken(token, { sso: localStorage.getItem(SSO_KEY) === '1' })
    : signedOut;
};

/** Reads the stored token at start-up (and again in tests). */
export const restoreSession = () => {
  ended = false;
  const stored = storedSession();
  // A token that cannot be read is no session: it leaves the storage.
  if (!stored.isAuth && localStorage.getItem(TOKEN_KEY)) return signOut();
  current = stored;
  setBearerToken(stored.token);
  checkSession();
};

/**
 * Another tab of the browser signed in or out (they share local storage): this tab follows at
 * once, so it never shows the previous person's pages nor calls with their token.
 */
const followOtherTabs = () => {
  if ((localStorage.getItem(TOKEN_KEY) ?? null) === current.token) return;
  const stored = storedSession();
  const next = stored.isAuth && !isExpired(stored) ? stored : signedOut;
  if (next.token !== current.token) apply(next);
};

export const getSession = () => current;

/** Whether a session ended in this tab and nobody signed in since (the guard then remembers no page). */
export const sessionEndedHere = () => ended;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const getEpoch = () => epoch;

/** Changes each time a session ends: a key that starts every screen afresh for the next person. */
export const useSessionEpoch = () => useSyncExternalStore(subscribe, getEpoch, getEpoch);

/** The session, re-rendering on sign-in and sign-out; checks expiry when read. */
export const useSession = (): Session => {
  const session = useSyncExternalStore(subscribe, getSession, getSession);
  return session.isAuth && isExpired(session) ? signedOut : session;
};

onUnauthorized(signOut);
onBeforeRequest(followOtherTabs);
window.addEventListener('storage', (event) => {
  // null: the other tab cleared the whole storage.
  if (event.key === TOKEN_KEY || event.key === null) followOtherTabs();
});
restoreSession();
