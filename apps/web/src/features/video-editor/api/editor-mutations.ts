import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NewVideoBody, UpdateVideoBody, Video, VideoList } from '@plateau/contract';
import { api } from '../../../lib/api.ts';
import { videoKeys } from '../../../resources/videos.ts';

/** `POST videos`: the new video, whose id the uploads then use. */
export const createVideo = (body: NewVideoBody) => api.post<Video>('videos', body);

/** `PUT videos/{id}`: the video as saved. */
export const updateVideo = (id: number, body: UpdateVideoBody) =>
  api.put<Video>(`videos/${id}`, body);

/**
 * After a save or an upload, every copy of a video the app keeps is stale: the lists and the
 * watch page ask again when next shown.
 */
export const forgetVideos = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: videoKeys.all });

/** `PUT videos/trending/{slot}/{id}`: answers the five slots as they now are. */
export const usePlaceInTrending = (videoId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (slot: number) => api.put<VideoList>(`videos/trending/${slot}/${videoId}`),
    // The home's 'A la une' block and the cards' trending icons read this list.
    onSuccess: () => forgetVideos(client),
  });
};
