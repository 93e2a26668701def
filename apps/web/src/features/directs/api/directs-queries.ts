import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Direct, DirectList } from '@plateau/contract';
import { api, errorStatus } from '../../../lib/api.ts';

/** Spec section 9: the directs grid shows 32 posters per page. */
export const DIRECTS_PAGE_SIZE = 32;

/** `GET /api/directs?page_size=n`: the latest directs (side menu: 5, home: 6). */
export const latestDirectsQuery = (pageSize: number) =>
  queryOptions({
    queryKey: ['directs', 'latest', { page: 1, pageSize }],
    queryFn: () => api.get<DirectList>('directs', { query: { page: 1, page_size: pageSize } }),
  });

/** `GET /api/directs?page=p&page_size=32`: one page of 'Tous nos DT'. */
export const directsPageQuery = (page: number) =>
  queryOptions({
    queryKey: ['directs', 'latest', { page, pageSize: DIRECTS_PAGE_SIZE }],
    queryFn: ({ signal }) =>
      api.get<DirectList>('directs', {
        query: { page, page_size: DIRECTS_PAGE_SIZE },
        signal,
      }),
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

/**
 * `GET /api/directs/currentDirect`: the direct the home page features; null when none is set
 * or when this viewer may not see it (the home page then simply leaves it out).
 */
export const currentDirectQuery = queryOptions({
  queryKey: ['directs', 'current'],
  queryFn: async (): Promise<Direct | null> => {
    try {
      return (await api.get<DirectList>('directs/currentDirect')).directs[0] ?? null;
    } catch (error) {
      if ([401, 403, 404].includes(errorStatus(error))) return null;
      throw error;
    }
  },
});

/** `GET /api/directs/upcoming`: the soonest direct to come, or null. */
export const upcomingDirectQuery = queryOptions({
  queryKey: ['directs', 'upcoming', { page: 1, pageSize: 1 }],
  queryFn: async () =>
    (await api.get<DirectList>('directs/upcoming', { query: { page: 1, page_size: 1 } }))
      .directs[0] ?? null,
});

export const useDirectsPage = (page: number) => useQuery(directsPageQuery(page));
export const useLatestDirects = (pageSize: number) => useQuery(latestDirectsQuery(pageSize));
export const useCurrentLive = (enabled = true) => useQuery({ ...currentLiveQuery, enabled });
export const useCurrentDirect = () => useQuery(currentDirectQuery);
export const useUpcomingDirect = (enabled = true) => useQuery({ ...upcomingDirectQuery, enabled });
