/**
 * The one client every server call goes through (spec section 7): base `/api`, the bearer
 * header once signed in, bodies unwrapped, every failure logged with `[HTTPERROR]` and
 * rejected with its status.
 */

export const API_BASE = '/api';

/** A failed call: `status` is the HTTP status, or 500 when there was no answer to read. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export const errorStatus = (error: unknown): number =>
  error instanceof ApiError ? error.status : 500;

let bearer: string | null = null;
let onSessionLost: (() => void) | null = null;
let beforeRequest: (() => void) | null = null;
/** Aborted when the person changes: what was asked for the previous one never arrives. */
let sessionRequests = new AbortController();

/** Set at sign-in, cleared (null) at sign-out; another token cancels the calls in flight. */
export const setBearerToken = (token: string | null) => {
  if (token === bearer) return;
  bearer = token;
  sessionRequests.abort();
  sessionRequests = new AbortController();
};

/**
 * Runs before each call: the session store checks there that no other tab signed in or out
 * meanwhile, so no call leaves with a token whose session ended.
 */
export const onBeforeRequest = (hook: (() => void) | null) => {
  beforeRequest = hook;
};

const sessionChanged = () => new DOMException('La session a changé', 'AbortError');

/**
 * The bearer and the signal of one call, for the session as it is now: the call is aborted if
 * the person changes before it is answered, and `check` refuses an answer that came anyway.
 */
const sessionCall = (own?: AbortSignal) => {
  beforeRequest?.();
  const token = bearer;
  const scope = sessionRequests.signal;
  return {
    token,
    signal: own ? AbortSignal.any([own, scope]) : scope,
    headers: () => {
      const headers = new Headers();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
    /** Throws (as an abort) when the answer was made for a session that has ended since. */
    check: () => {
      if (scope.aborted || token !== bearer) throw sessionChanged();
    },
    aborted: () => own?.aborted === true || scope.aborted,
  };
};

/** The bearer header for calls made outside `fetch` (uploads through XHR). */
export const authorizationHeaders = (): Record<string, string> =>
  bearer ? { Authorization: `Bearer ${bearer}` } : {};

/**
 * The bearer of a call made outside this client (the resumable uploads' requests), after the
 * same check as every call (another tab may have signed out), so none leaves with the token
 * of a session that ended.
 */
export const currentBearer = (): string | null => {
  beforeRequest?.();
  return bearer;
};

/**
 * A call made outside this client answered 401 to `token`: as for every call, a refused token
 * ends the session (unless the person already changed since the call left).
 */
export const tokenRefused = (token: string | null) => {
  if (token && token === bearer) onSessionLost?.();
};

/**
 * Called when a request that carried a token answers 401: the server revoked or expired it,
 * so the session is gone (the session store registers its sign-out here).
 */
export const onUnauthorized = (handler: (() => void) | null) => {
  onSessionLost = handler;
};

type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** A FormData goes as multipart; anything else as JSON. */
  body?: unknown;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

const buildUrl = (path: string, query?: Query) => {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
};

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const messageOf = (body: unknown, fallback: string) =>
  typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
    ? body.message
    : fallback;

/** Calls `path` under `/api` and resolves to the answer's body. */
export const apiRequest = async <T>(path: string, request: ApiRequest = {}): Promise<T> => {
  const { method = 'GET', query, body, credentials, signal } = request;
  const url = buildUrl(path, query);
  const call = sessionCall(signal);
  const headers = call.headers();
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: payload,
      credentials,
      signal: call.signal,
    });
  } catch (cause) {
    console.error('[HTTPERROR]', method, url, cause);
    if (call.aborted()) throw cause;
    throw new ApiError(500, 'Le serveur ne répond pas');
  }
  const answer = await readBody(response).catch(() => undefined);
  call.check();
  if (!response.ok) {
    console.error('[HTTPERROR]', method, url, response.status, answer);
    // Only a token the server refused ends the session; a visitor's 401 is just "sign in".
    if (response.status === 401 && call.token) onSessionLost?.();
    throw new ApiError(response.status, messageOf(answer, response.statusText));
  }
  return answer as T;
};

/**
 * A protected image (thumbnail, poster) as a Blob; null when the answer is not 200 (the caller
 * shows its placeholder). A public image goes through the browser's HTTP cache (the server
 * answers with an ETag, so a second look costs a 304); any other is never stored there.
 */
export const fetchMediaBlob = async (path: string, signal?: AbortSignal): Promise<Blob | null> => {
  const url = buildUrl(path);
  const call = sessionCall(signal);
  try {
    const response = await fetch(url, { headers: call.headers(), signal: call.signal });
    if (response.status === 200) {
      const blob = await response.blob();
      call.check();
      return blob;
    }
    // The answer's body is let go: unread, it holds the request open (and its connection).
    void response.body?.cancel().catch(() => undefined);
    // A missing poster is normal (404 means none); anything else is worth a log line.
    if (response.status !== 404) console.error('[HTTPERROR]', 'GET', url, response.status);
    return null;
  } catch (cause) {
    if (call.aborted()) throw cause;
    console.error('[HTTPERROR]', 'GET', url, cause);
    return null;
  }
};

/** The full URL of `path` under `/api` (for links the browser follows itself, e.g. `?token=`). */
export const apiUrl = (path: string, query?: Query) => buildUrl(path, query);

/**
 * A GET whose body the caller reads itself (a download streamed to disk): the bearer header is
 * sent; a failure is logged with `[HTTPERROR]` and rejected as an `ApiError`, like every call.
 */
export const apiFetch = async (path: string, signal?: AbortSignal): Promise<Response> => {
  const url = buildUrl(path);
  const call = sessionCall(signal);
  let response: Response;
  try {
    response = await fetch(url, { headers: call.headers(), signal: call.signal });
  } catch (cause) {
    if (call.aborted()) throw cause;
    console.error('[HTTPERROR]', 'GET', url, cause);
    throw new ApiError(500, 'Le serveur ne répond pas');
  }
  if (!response.ok) {
    const answer = await readBody(response).catch(() => undefined);
    console.error('[HTTPERROR]', 'GET', url, response.status, answer);
    throw new ApiError(response.status, messageOf(answer, response.statusText));
  }
  return response;
};

export const api = {
  get: <T>(path: string, request?: Omit<ApiRequest, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...request, method: 'GET' }),
  post: <T>(path: string, body?: unknown, request?: Omit<ApiRequest, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...request, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, request?: Omit<ApiRequest, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...request, method: 'PUT', body }),
  delete: <T>(path: string, request?: Omit<ApiRequest, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...request, method: 'DELETE' }),
};

/**
 * Single-entity reads answer the list shape (`GET videos/{id}` gives `{videos:[v], nResults:1}`):
 * this takes the one entity out, or fails with a 404 when the list is empty.
 */
export const getOne = async <K extends string, T>(
  path: string,
  key: K,
  request?: Omit<ApiRequest, 'method' | 'body'>,
): Promise<T> => {
  const list = await api.get<Record<K, T[]>>(path, request);
  const first = list?.[key]?.[0];
  if (first === undefined) {
    console.error('[HTTPERROR]', 'GET', path, 404, 'empty list');
    throw new ApiError(404, 'Introuvable');
  }
  return first;
};
