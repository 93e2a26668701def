import { plateau } from './plateau.ts';

/** One call to the run's API; a FormData goes as multipart, any other body as JSON. */
export type ApiCall = <T>(method: string, route: string, body?: FormData | object) => Promise<T>;

const call =
  (token: string): ApiCall =>
  async <T>(method: string, route: string, body?: FormData | object) => {
    const json = body !== undefined && !(body instanceof FormData);
    const answer = await fetch(`${plateau().baseUrl}/api/${route}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(json && { 'content-type': 'application/json' }),
      },
      body: json ? JSON.stringify(body) : body,
    });
    if (!answer.ok) throw new Error(`${method} ${route}: ${answer.status} ${await answer.text()}`);
    const text = await answer.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };

/**
 * The API as `username` (one of the run's accounts), signed in through `POST /api/token` as the
 * login form does; for what a scenario prepares or checks beside the browser.
 */
export const apiAs = async (username: string): Promise<{ api: ApiCall; token: string }> => {
  const form = new FormData();
  form.append('username', username);
  form.append('password', plateau().accounts[username]!.password);
  const { accessToken } = await call('')<{ accessToken: string }>('POST', 'token', form);
  return { api: call(accessToken), token: accessToken };
};
