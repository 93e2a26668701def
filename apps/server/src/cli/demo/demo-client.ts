import { openAsBlob } from 'node:fs';
import path from 'node:path';

/** A refused call, with the server's own (French) message. */
export class DemoApiError extends Error {
  constructor(
    readonly status: number,
    readonly call: string,
    message: string,
  ) {
    super(`${call}: ${status} ${message}`);
  }
}

/** Calls of one account (or of a visitor, without a token) to a running Plateau. */
export interface DemoSession {
  get<T>(route: string): Promise<T>;
  post<T>(route: string, body: unknown): Promise<T>;
  put<T>(route: string, body?: unknown): Promise<T>;
  /** A multipart upload of `file` in the form field `field` (video_upload, poster_upload...). */
  upload(route: string, field: string, file: string): Promise<void>;
}

export interface DemoClient {
  visitor: DemoSession;
  /** Signs in through POST /api/token, as the login form does. */
  signIn(username: string, password: string): Promise<DemoSession>;
}

/** The real HTTP API of the Plateau at `baseUrl` (http://127.0.0.1:PORT), through fetch. */
export const createDemoClient = (baseUrl: string): DemoClient => {
  const call = async <T>(
    token: string | undefined,
    method: string,
    route: string,
    body?: FormData | string,
  ): Promise<T> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}/api${route}`, { method, headers, body });
    const text = await response.text();
    const parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
    if (!response.ok) {
      const message = (parsed as { message?: string } | undefined)?.message ?? text;
      throw new DemoApiError(response.status, `${method} /api${route}`, message);
    }
    return parsed as T;
  };

  const session = (token?: string): DemoSession => ({
    get: (route) => call(token, 'GET', route),
    post: (route, body) => call(token, 'POST', route, JSON.stringify(body)),
    put: (route, body) =>
      call(token, 'PUT', route, body === undefined ? undefined : JSON.stringify(body)),
    async upload(route, field, file) {
      const form = new FormData();
      // A Blob backed by the file: fetch streams it, the clip never sits in memory whole.
      form.append(field, await openAsBlob(file), path.basename(file));
      await call(token, 'POST', route, form);
    },
  });

  return {
    visitor: session(),
    async signIn(username, password) {
      const form = new FormData();
      form.append('username', username);
      form.append('password', password);
      const { accessToken } = await call<{ accessToken: string }>(
        undefined,
        'POST',
        '/token',
        form,
      );
      return session(accessToken);
    },
  };
};
