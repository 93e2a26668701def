import { queryOptions } from '@tanstack/react-query';
import type { DirectList } from '@plateau/contract';
import { api, errorStatus } from '../../../lib/api.ts';

/** `GET /api/directs?page_size=n`: the latest directs (side menu: 5). */
export const latestDirectsQuery = (pageSize: number) =>
  queryOptions({
    queryKey: ['directs', 'latest', { page: 1, pageSize }],
    queryFn: () => api.get<DirectList>('directs', { query: { page: 1, page_size: pageSize } }),
  });

/** `GET /api/currentLive`: the live URL of the current direct; null when there is none (404). */
export const currentLiveQuery = queryOptions({
  queryKey: ['currentLive'],
  queryFn: async () => {
    try {
      const { url } = await api.get<{ url: string }>('currentLive');
      return url || null;
    } catch (error) {
      if (errorStatus(error) === 404) return null;
      throw error;
    }
  },
});
