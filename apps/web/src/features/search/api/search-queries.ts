import { queryOptions } from '@tanstack/react-query';
import type { DirectList, VideoList } from '@plateau/contract';
import { api } from '../../../lib/api.ts';

/** The header dropdown: up to 10 videos and 5 directs (spec section 9). */
export const HEADER_VIDEOS = 10;
export const HEADER_DIRECTS = 5;

export const headerSearchQuery = (term: string) =>
  queryOptions({
    queryKey: ['search', 'header', term],
    enabled: term !== '',
    queryFn: async ({ signal }) => {
      const path = encodeURIComponent(term);
      const [videos, directs] = await Promise.all([
        api.get<VideoList>(`videos/search/${path}`, {
          query: { page: 1, page_size: HEADER_VIDEOS },
          signal,
        }),
        api.get<DirectList>(`directs/search/${path}`, {
          query: { page: 1, page_size: HEADER_DIRECTS },
          signal,
        }),
      ]);
      return { videos: videos.videos, directs: directs.directs };
    },
  });
