import type { AccessToken } from '@plateau/contract';
import { api } from '../../../lib/api.ts';

/** `POST /api/token`, multipart `username` and `password`. */
export const requestToken = (username: string, password: string) => {
  const form = new FormData();
  form.append('username', username);
  form.append('password', password);
  return api.post<AccessToken>('token', form);
};

/** `GET /api/auth/callback` with the query string the provider sent back, with credentials. */
export const finishSingleSignOn = (search: string) =>
  api.get<AccessToken>(`auth/callback${search}`, { credentials: 'include' });
