import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeState, ViewCount } from '@plateau/contract';
import { api } from '../../../lib/api.ts';
import { playlistKeys } from '../../../resources/playlists.ts';
import { videoKeys } from '../../../resources/videos.ts';
import { useViewer } from '../../../resources/viewer.ts';

/**
 * `PUT` (like) or `DELETE` (unlike) `videos/like/{id}`. The count changes at once on screen
 * and takes the server's answer when it comes; a failure puts the previous state back.
 */
export const useToggleLike = (id: number) => {
  const client = useQueryClient();
  const key = videoKeys.like(useViewer(), id);
  return useMutation({
    mutationFn: (like: boolean) =>
      like ? api.put<LikeState>(`videos/like/${id}`) : api.delete<LikeState>(`videos/like/${id}`),
    onMutate: async (like) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<LikeState>(key);
      if (before && before.liked !== like) {
        client.setQueryData<LikeState>(key, {
          liked: like,
          likeCount: Math.max(0, before.likeCount + (like ? 1 : -1)),
        });
      }
      return { before };
    },
    onError: (_error, _like, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
};

/**
 * `PUT videos/history/{id}` once per page load: the ref survives StrictMode's second effect
 * run and re-renders, so a view is counted once. Answers the view count after this view.
 */
export const useRecordView = (id: number, enabled: boolean) => {
  const recorded = useRef<number | null>(null);
  const [views, setViews] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled || recorded.current === id) return;
    recorded.current = id;
    api
      .put<ViewCount>(`videos/history/${id}`)
      .then((answer) => {
        if (typeof answer?.views === 'number') setViews(answer.views);
      })
      // Already logged by the client: a view not counted is no reason to bother the viewer.
      .catch(() => {});
  }, [id, enabled]);
  return views;
};

/** `PUT playlists/{code}/addVideo/{id}`. */
export const useAddToPlaylist = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.put<unknown>(`playlists/${encodeURIComponent(code)}/addVideo/${id}`),
    // The playlist's pages and counts now include this video.
    onSuccess: () => client.invalidateQueries({ queryKey: playlistKeys.all }),
  });
};
