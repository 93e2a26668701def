import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Direct, DirectList, VideoList } from '@plateau/contract';
import { ApiError, api, getOne } from '../../../lib/api.ts';

/** A direct's videos: one page large enough for any recorded event (the server caps at 100). */
const DIRECT_VIDEOS_PAGE_SIZE = 100;

/** The `d` of `/direct?d=`: a positive integer, else null (spec section 5: no id, no call). */
export const parseDirectId = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null;
  const id = Number.parseInt(raw, 10);
  return id > 0 ? id : null;
};

/** `GET /api/directs/{id}`: the one direct, or a 404 when the list is empty. */
export const directQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['directs', 'one', id],
    queryFn: ({ signal }) => {
      // A missing or unreadable id is the 404 case, answered without a call.
      if (id === null) return Promise.reject(new ApiError(404, 'Introuvable'));
      return getOne<'directs', Direct>(`directs/${id}`, 'directs', { signal });
    },
    // As the watch page: a failure is an answer, and the page leaves at once (spec section 8).
    retry: false,
  });

/** `GET /api/directs/next/{id}` or `previous/{id}`: the neighbour in date order, or null. */
export const directNeighbourQuery = (id: number, direction: 'next' | 'previous') =>
  queryOptions({
    queryKey: ['directs', direction, id],
    queryFn: async ({ signal }) =>
      (await api.get<DirectList>(`directs/${direction}/${id}`, { signal })).directs[0] ?? null,
  });

/** `GET /api/videos/direct/{id}`: the videos recorded at this direct. */
export const directVideosQuery = (id: number) =>
  queryOptions({
    queryKey: ['videos', 'direct', id],
    queryFn: ({ signal }) =>
      api.get<VideoList>(`videos/direct/${id}`, {
        query: { page: 1, page_size: DIRECT_VIDEOS_PAGE_SIZE },
        signal,
      }),
  });

export const useDirect = (id: number | null) => useQuery(directQuery(id));
export const useDirectNeighbour = (id: number, direction: 'next' | 'previous') =>
  useQuery(directNeighbourQuery(id, direction));
export const useDirectVideos = (id: number) => useQuery(directVideosQuery(id));
