import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { videoKeys } from '../../../resources/videos.ts';

/**
 * The pending page is asked again at once; every other video list is marked stale, since a
 * deleted video leaves them all (only the lists on screen are fetched now).
 */
const useRefreshVideos = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: videoKeys.all });
};

/** `POST encode/{id}` for each id, one after the other; rejects at the first refusal. */
const encodeEach = async (ids: readonly number[]) => {
  for (const id of ids) await api.post<unknown>(`encode/${id}`);
};

/**
 * 'Encoder et publier' (one id) and 'Tout encoder et publier' (every waiting id). The list is
 * asked again either way: encodes that started show their progress, and polling begins.
 */
export const useEncodeVideos = () => {
  const refresh = useRefreshVideos();
  return useMutation({ mutationFn: encodeEach, onSettled: refresh });
};

/**
 * Supprimer: the files first (`DELETE media/video/{id}`), then the video (`DELETE videos/{id}`):
 * a failure in between leaves a video without files, which the list still shows, never files
 * without a video.
 */
export const useDeleteVideo = () => {
  const refresh = useRefreshVideos();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete<unknown>(`media/video/${id}`);
      await api.delete<unknown>(`videos/${id}`);
    },
    onSettled: refresh,
  });
};
