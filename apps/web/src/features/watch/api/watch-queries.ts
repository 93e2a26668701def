import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LikeState, Video, VideoList } from '@plateau/contract';
import { ApiError, api, getOne } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';

/** Spec section 9: the watch page shows up to 6 random videos. */
export const RANDOM_COUNT = 6;
/** 'Du meme DT': one page is enough next to a video (the direct's page lists them all). */
const SAME_DIRECT_COUNT = 12;

/**
 * Keys carry the viewer: what a video says (rungs, raw upload, likes) depends on who asks,
 * and the cache outlives a sign-in.
 */
export const watchKeys = {
  video: (userId: number | null, id: number | null) => ['watch', userId, 'video', id] as const,
  like: (userId: number | null, id: number) => ['watch', userId, 'like', id] as const,
  random: (userId: number | null, id: number) => ['watch', userId, 'random', id] as const,
  sameDirect: (userId: number | null, directId: number, id: number) =>
    ['watch', userId, 'direct', directId, id] as const,
};

/** `GET videos/{id}`: the one video, or a 404 when the list is empty or the id unreadable. */
export const videoQuery = (userId: number | null, id: number | null) =>
  queryOptions({
    queryKey: watchKeys.video(userId, id),
    queryFn: ({ signal }) => {
      if (id === null) return Promise.reject(new ApiError(404, 'Introuvable'));
      return getOne<'videos', Video>(`videos/${id}`, 'videos', { signal });
    },
    // A refusal is an answer, not a hiccup: the page leaves at once (spec section 8), without
    // asking again when the page mounts on the refusal its route loader already got.
    retry: false,
    retryOnMount: false,
    // The route loader asked for it a moment before the page mounted: no second request then.
    staleTime: 10_000,
  });

/** `GET videos/like/{id}`: whether the viewer likes it, and the count. Signed-in viewers only. */
export const likeQuery = (userId: number | null, id: number) =>
  queryOptions({
    queryKey: watchKeys.like(userId, id),
    queryFn: ({ signal }) => api.get<LikeState>(`videos/like/${id}`, { signal }),
  });

/** `GET videos/random`: up to 6 videos, the one being watched excluded. */
export const randomQuery = (userId: number | null, id: number) =>
  queryOptions({
    queryKey: watchKeys.random(userId, id),
    queryFn: async ({ signal }) =>
      (
        await api.get<VideoList>('videos/random', {
          query: { page: 1, page_size: RANDOM_COUNT, excluded_video: id },
          signal,
        })
      ).videos.slice(0, RANDOM_COUNT),
    // A new draw at each visit of the page, not at each focus of the window.
    staleTime: Infinity,
    gcTime: 0,
  });

/** `GET videos/direct/{directId}?excluded_video={id}`: the other videos of the same direct. */
export const sameDirectQuery = (userId: number | null, directId: number, id: number) =>
  queryOptions({
    queryKey: watchKeys.sameDirect(userId, directId, id),
    queryFn: async ({ signal }) =>
      (
        await api.get<VideoList>(`videos/direct/${directId}`, {
          query: { page: 1, page_size: SAME_DIRECT_COUNT, excluded_video: id },
          signal,
        })
      ).videos,
  });

export const useWatchedVideo = (id: number | null) => useQuery(videoQuery(useSession().userId, id));

/** `enabled` false until the player has its video: these lists never delay it. */
export const useLike = (id: number, enabled: boolean) =>
  useQuery({ ...likeQuery(useSession().userId, id), enabled });

export const useRandomVideos = (id: number, enabled: boolean) =>
  useQuery({ ...randomQuery(useSession().userId, id), enabled });

export const useSameDirectVideos = (directId: number, id: number, enabled: boolean) =>
  useQuery({
    ...sameDirectQuery(useSession().userId, directId, id),
    enabled: enabled && directId > 0,
  });
