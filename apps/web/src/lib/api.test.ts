import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../testing/server.ts';
import { makeToken } from '../testing/tokens.ts';
import { api, ApiError, getOne } from './api.ts';
import { getSession, signIn } from './session.ts';

const errorLog = () => vi.spyOn(console, 'error').mockImplementation(() => {});

afterEach(() => vi.restoreAllMocks());

describe('api client', () => {
  it('answers the body and sends the bearer token once signed in', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get('*/api/tags', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json([{ id: 1, name: 'Concert' }]);
      }),
    );
    expect(await api.get('tags')).toEqual([{ id: 1, name: 'Concert' }]);
    const token = makeToken();
    signIn(token);
    await api.get('tags');
    expect(seen).toEqual([null, `Bearer ${token}`]);
  });

  it('builds repeated query parameters', async () => {
    let url = '';
    server.use(
      http.get('*/api/videos', ({ request }) => {
        url = request.url;
        return HttpResponse.json({ videos: [], nResults: 0 });
      }),
    );
    await api.get('videos', { query: { page: 2, tag_filter: [3, 4] } });
    expect(new URL(url).search).toBe('?page=2&tag_filter=3&tag_filter=4');
  });

  it('unwraps a single entity from the list shape', async () => {
    server.use(
      http.get('*/api/videos/5', () =>
        HttpResponse.json({ videos: [{ id: 5, title: 'Gala' }], nResults: 1 }),
      ),
      http.get('*/api/videos/6', () => HttpResponse.json({ videos: [], nResults: 0 })),
    );
    expect(await getOne('videos/5', 'videos')).toEqual({ id: 5, title: 'Gala' });
    errorLog();
    await expect(getOne('videos/6', 'videos')).rejects.toMatchObject({ status: 404 });
  });

  it('logs every failure with [HTTPERROR] and rejects with its status', async () => {
    const log = errorLog();
    server.use(
      http.get('*/api/videos/9', () =>
        HttpResponse.json(
          { statusCode: 403, error: 'Forbidden', message: 'Accès refusé' },
          { status: 403 },
        ),
      ),
    );
    const failure = api.get('videos/9');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 403, message: 'Accès refusé' });
    expect(log).toHaveBeenCalledWith('[HTTPERROR]', 'GET', '/api/videos/9', 403, expect.anything());
  });

  it('rejects with 500 when the server cannot be reached', async () => {
    const log = errorLog();
    server.use(http.get('*/api/videos', () => HttpResponse.error()));
    await expect(api.get('videos')).rejects.toMatchObject({ status: 500 });
    expect(log.mock.calls[0]?.[0]).toBe('[HTTPERROR]');
  });

  it('signs out when the server refuses the token it was sent', async () => {
    errorLog();
    server.use(
      http.get('*/api/videos/history', () =>
        HttpResponse.json(
          { statusCode: 401, error: 'Unauthorized', message: 'Jeton révoqué' },
          { status: 401 },
        ),
      ),
    );
    signIn(makeToken());
    await expect(api.get('videos/history')).rejects.toMatchObject({ status: 401 });
    expect(getSession().isAuth).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });
});
