import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Direct, DirectList, Video, VideoList } from '@plateau/contract';
import { api } from '../../../lib/api.ts';
import { searchTerm } from '../../../lib/search-term.ts';

/** Spec section 9: a trending slot's search shows 4 videos; the live search, 3 directs. */
export const SLOT_SUGGESTIONS = 4;
export const DIRECT_SUGGESTIONS = 3;

/** `GET /api/gpaPromo`: the promotion of the GPA, -1 when none is set. */
export const gpaPromoQuery = queryOptions({
  queryKey: ['gpaPromo'],
  queryFn: async ({ signal }) =>
    (await api.get<{ gpaPromo: number }>('gpaPromo', { signal })).gpaPromo,
});

/** Spec section 5: whitespace is removed from the term; an empty one makes no call. */

/** `GET /api/directs/search/{term}`: the directs to choose the current one from. */
export const directSuggestionsQuery = (text: string) => {
  const term = searchTerm(text);
  return queryOptions({
    queryKey: ['search', 'settings-directs', term],
    enabled: term !== '',
    queryFn: async ({ signal }): Promise<Direct[]> =>
      (
        await api.get<DirectList>(`directs/search/${encodeURIComponent(term)}`, {
          query: { page: 1, page_size: DIRECT_SUGGESTIONS },
          signal,
        })
      ).directs,
  });
};

/** `GET /api/videos/search/{term}?page_size=4`: the videos to put in a trending slot. */
export const videoSuggestionsQuery = (text: string) => {
  const term = searchTerm(text);
  return queryOptions({
    queryKey: ['search', 'settings-videos', term],
    enabled: term !== '',
    queryFn: async ({ signal }): Promise<Video[]> =>
      (
        await api.get<VideoList>(`videos/search/${encodeURIComponent(term)}`, {
          query: { page: 1, page_size: SLOT_SUGGESTIONS },
          signal,
        })
      ).videos,
  });
};

/** What a search picker reads: the suggestions for a term, and whether they are coming. */
export interface Suggestions<T> {
  data?: T[];
  isFetching: boolean;
}

export const useDirectSuggestions = (term: string): Suggestions<Direct> =>
  useQuery(directSuggestionsQuery(term));
export const useVideoSuggestions = (term: string): Suggestions<Video> =>
  useQuery(videoSuggestionsQuery(term));
