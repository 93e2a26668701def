import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoList } from '@plateau/contract';
import { api } from '../../../lib/api.ts';

/** There are five trending slots (spec section 9). */
export const TRENDING_SLOTS = 5;

/** `GET videos/trending`: the videos of the 'A la une' slots, in slot order. */
export const trendingVideosQuery = queryOptions({
  queryKey: ['videos', 'trending'],
  queryFn: ({ signal }) =>
    api.get<VideoList>('videos/trending', {
      query: { page: 1, page_size: TRENDING_SLOTS },
      signal,
    }),
  staleTime: 60_000,
});

export const useTrendingVideos = (enabled = true) => useQuery({ ...trendingVideosQuery, enabled });

const none = new Set<number>();

/** The ids in the trending slots, for the member badge on cards; empty while not asked. */
export const useTrendingIds = (enabled: boolean): ReadonlySet<number> => {
  const { data } = useTrendingVideos(enabled);
  if (!enabled || !data) return none;
  return new Set(data.videos.map((video) => video.id));
};
