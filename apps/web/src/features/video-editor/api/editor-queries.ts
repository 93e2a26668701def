import { queryOptions } from '@tanstack/react-query';
import type { Direct, DirectList, Video } from '@plateau/contract';
import { api, getOne } from '../../../lib/api.ts';

/** Spec section 9: three live suggestions. */
export const DIRECT_SUGGESTIONS = 3;

/**
 * `GET videos/{id}` for the edit form: always fetched afresh and never kept, since the form
 * starts from it once and a cached copy may predate someone else's edit.
 */
export const editedVideoQuery = (userId: number | null, id: number) =>
  queryOptions({
    queryKey: ['video-editor', userId, 'video', id],
    queryFn: ({ signal }) => getOne<'videos', Video>(`videos/${id}`, 'videos', { signal }),
    gcTime: 0,
    retry: false,
  });

/** `GET directs/search/{term}`: the first three matches; an empty term asks nothing. */
export const directSuggestionsQuery = (term: string) =>
  queryOptions({
    queryKey: ['video-editor', 'direct-search', term],
    enabled: term !== '',
    queryFn: async ({ signal }) =>
      (
        await api.get<DirectList>(`directs/search/${encodeURIComponent(term)}`, {
          query: { page: 1, page_size: DIRECT_SUGGESTIONS },
          signal,
        })
      ).directs.slice(0, DIRECT_SUGGESTIONS),
  });

/** `GET directs/{id}`: the title of the direct a video is already linked to. */
export const linkedDirectQuery = (id: number) =>
  queryOptions({
    queryKey: ['video-editor', 'direct', id],
    queryFn: ({ signal }) => getOne<'directs', Direct>(`directs/${id}`, 'directs', { signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });
