import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Direct, DirectList } from '@plateau/contract';
import { ApiError, api, errorStatus, getOne } from '../lib/api.ts';
import { searchTerm } from '../lib/search-term.ts';
import { useViewer, type Viewer } from './viewer.ts';

/** Spec section 9: the directs grid shows 32 posters per page. */
export const DIRECTS_PAGE_SIZE = 32;

/** Which directs a viewer sees depends on who asks: each key names the viewer. */
export const directKeys = {
  all: ['directs'] as const,
  one: (viewer: Viewer, id: number | null) => ['directs', viewer, 'one', id] as const,
  neighbour: (viewer: Viewer, direction: 'next' | 'previous', id: number) =>
    ['directs', viewer, direction, id] as const,
  latest: (viewer: Viewer, page: number, pageSize: number) =>
    ['directs', viewer, 'latest', page, pageSize] as const,
  current: (viewer: Viewer) => ['directs', viewer, 'current'] as const,
  currentLive: (viewer: Viewer) => ['directs', viewer, 'currentLive'] as const,
  upcoming: (viewer: Viewer) => ['directs', viewer, 'upcoming'] as const,
  search: (viewer: Viewer, term: string, pageSize: number) =>
    ['directs', viewer, 'search', term, pageSize] as const,
};

/** The `d` of `/direct?d=`: a positive integer, else null (spec section 5: no id, no call). */
export const parseDirectId = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null;
  const id = Number.parseInt(raw, 10);
  return id > 0 ? id : null;
};

/** `GET directs/{id}`: the one direct, or a 404 when the list is empty. */
export const directQuery = (viewer: Viewer, id: number | null) =>
  queryOptions({
    queryKey: directKeys.one(viewer, id),
    queryFn: ({ signal }) => {
      // A missing or unreadable id is the 404 case, answered without a call.
      if (id === null) return Promise.reject(new ApiError(404, 'Introuvable'));
      return getOne<'directs', Direct>(`directs/${id}`, 'directs', { signal });
    },
    // As the watch page: a failure is an answer, and the page leaves at once (spec section 8).
    retry: false,
  });

/** `GET directs/next/{id}` or `previous/{id}`: the neighbour in date order, or null. */
export const directNeighbourQuery = (viewer: Viewer, direction: 'next' | 'previous', id: number) =>
  queryOptions({
    queryKey: directKeys.neighbour(viewer, direction, id),
    queryFn: async ({ signal }) =>
      (await api.get<DirectList>(`directs/${direction}/${id}`, { signal })).directs[0] ?? null,
  });

/** `GET directs?page&page_size`: the latest directs (side menu: 5, home: 6, 'Tous nos DT': 32). */
export const latestDirectsQuery = (viewer: Viewer, page: number, pageSize: number) =>
  queryOptions({
    queryKey: directKeys.latest(viewer, page, pageSize),
    queryFn: ({ signal }) =>
      api.get<DirectList>('directs', { query: { page, page_size: pageSize }, signal }),
  });

/** `GET currentLive`: the live URL of the current direct; null when there is none (404). */
export const currentLiveQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: directKeys.currentLive(viewer),
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
 * `GET directs/currentDirect`: the direct the home page features; null when none is set or
 * when this viewer may not see it (the home page then simply leaves it out).
 */
export const currentDirectQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: directKeys.current(viewer),
    queryFn: async (): Promise<Direct | null> => {
      try {
        return (await api.get<DirectList>('directs/currentDirect')).directs[0] ?? null;
      } catch (error) {
        if ([401, 403, 404].includes(errorStatus(error))) return null;
        throw error;
      }
    },
  });

/** `GET directs/upcoming`: the soonest direct to come, or null. */
export const upcomingDirectQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: directKeys.upcoming(viewer),
    queryFn: async () =>
      (await api.get<DirectList>('directs/upcoming', { query: { page: 1, page_size: 1 } }))
        .directs[0] ?? null,
  });

/** `GET directs/search/{term}?page_size=n`: suggestions as one types; a blank term asks nothing. */
export const directSearchQuery = (viewer: Viewer, text: string, pageSize: number) => {
  const term = searchTerm(text);
  return queryOptions({
    queryKey: directKeys.search(viewer, term, pageSize),
    enabled: term !== '',
    queryFn: async ({ signal }) =>
      (
        await api.get<DirectList>(`directs/search/${encodeURIComponent(term)}`, {
          query: { page: 1, page_size: pageSize },
          signal,
        })
      ).directs.slice(0, pageSize),
  });
};

export const useDirect = (id: number | null) => useQuery(directQuery(useViewer(), id));
export const useDirectNeighbour = (id: number, direction: 'next' | 'previous') =>
  useQuery(directNeighbourQuery(useViewer(), direction, id));
export const useLatestDirects = (pageSize: number, page = 1) =>
  useQuery(latestDirectsQuery(useViewer(), page, pageSize));
export const useCurrentLive = (enabled = true) =>
  useQuery({ ...currentLiveQuery(useViewer()), enabled });
export const useCurrentDirect = () => useQuery(currentDirectQuery(useViewer()));
export const useUpcomingDirect = (enabled = true) =>
  useQuery({ ...upcomingDirectQuery(useViewer()), enabled });
export const useDirectSearch = (term: string, pageSize: number) =>
  useQuery(directSearchQuery(useViewer(), term, pageSize));
