import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoList } from '@plateau/contract';
import { api } from '../../../lib/api.ts';

/** Spec section 9: the home page shows 5 trending videos and the 6 latest. */
export const TRENDING_COUNT = 5;
export const HOME_LATEST_VIDEOS = 6;

/** `GET /api/videos/trending`: the 'A la une' slots in slot order, empty ones skipped. */
export const trendingVideosQuery = queryOptions({
  queryKey: ['videos', 'trending'],
  queryFn: ({ signal }) =>
    api.get<VideoList>('videos/trending', {
      query: { page: 1, page_size: TRENDING_COUNT },
      signal,
    }),
});

/** `GET /api/videos?page_size=6`: the newest videos this viewer may watch. */
export const homeLatestVideosQuery = queryOptions({
  queryKey: ['videos', 'latest', { page: 1, pageSize: HOME_LATEST_VIDEOS, tags: [] }],
  queryFn: ({ signal }) =>
    api.get<VideoList>('videos', {
      query: { page: 1, page_size: HOME_LATEST_VIDEOS },
      signal,
    }),
});

export const useTrendingVideos = () => useQuery(trendingVideosQuery);
export const useHomeLatestVideos = () => useQuery(homeLatestVideosQuery);
