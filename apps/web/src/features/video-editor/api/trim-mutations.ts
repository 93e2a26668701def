import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { KeptRange, TrimStatus } from '@plateau/contract';
import { api } from '../../../lib/api.ts';
import { captionKeys } from '../../../resources/captions.ts';
import { chapterKeys } from '../../../resources/chapters.ts';
import { mediaKeys, mediaPaths } from '../../../resources/media.ts';
import { storyboardKeys } from '../../../resources/storyboards.ts';
import { trimKeys } from '../../../resources/trims.ts';
import type { Viewer } from '../../../resources/viewer.ts';
import { videoKeys } from '../../../resources/videos.ts';
import { useSession } from '../../../lib/session.ts';

interface Asker {
  viewer: Viewer;
  token: string | null;
}

/**
 * A cut applied or undone changes the video under the same addresses: its length, thumbnail,
 * storyboard, loudness, captions and chapters are asked again (the preview reloads itself).
 */
export const forgetCutVideo = (client: QueryClient, { viewer, token }: Asker, videoId: number) =>
  Promise.all(
    [
      videoKeys.all,
      mediaKeys.image(mediaPaths.thumbnail(videoId), token),
      storyboardKeys.track(videoId, token),
      trimKeys.loudness(videoId, token),
      captionKeys.list(viewer, videoId),
      chapterKeys.list(viewer, videoId),
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  );

/** `POST videos/{id}/trim`: the cut is queued; its status (then followed) is the answer. */
export const useApplyTrim = (videoId: number) => {
  const client = useQueryClient();
  const { userId } = useSession();
  return useMutation({
    mutationFn: (keep: KeptRange[]) => api.post<TrimStatus>(`videos/${videoId}/trim`, { keep }),
    onSuccess: (status) => client.setQueryData(trimKeys.status(userId, videoId), status),
  });
};

/** `POST videos/{id}/trim/undo`: the version before the cut is back at once. */
export const useUndoTrim = (videoId: number) => {
  const client = useQueryClient();
  const { userId, token } = useSession();
  return useMutation({
    mutationFn: () => api.post<TrimStatus>(`videos/${videoId}/trim/undo`),
    onSuccess: (status) => {
      client.setQueryData(trimKeys.status(userId, videoId), status);
      return forgetCutVideo(client, { viewer: userId, token }, videoId);
    },
  });
};
