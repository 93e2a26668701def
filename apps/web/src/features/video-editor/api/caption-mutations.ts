import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaptionList } from '@plateau/contract';
import { captionUploadField } from '@plateau/contract/constants';
import { api } from '../../../lib/api.ts';
import { captionKeys } from '../../../resources/captions.ts';
import { useViewer } from '../../../resources/viewer.ts';

export interface CaptionUpload {
  language: string;
  file: File;
}

/**
 * Both calls answer the video's captions as they now are: that answer becomes the list the
 * page shows, with no second request.
 */
const useCaptionMutation = <V>(videoId: number, send: (variables: V) => Promise<CaptionList>) => {
  const client = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: send,
    onSuccess: (list) => client.setQueryData(captionKeys.list(viewer, videoId), list),
  });
};

/**
 * `PUT media/captions/{id}/{language}`, multipart: a subtitle file is at most 1 MiB, so it goes
 * through the one client as it is (no progress to show, unlike a video's upload).
 */
export const useSendCaption = (videoId: number) =>
  useCaptionMutation(videoId, ({ language, file }: CaptionUpload) => {
    const form = new FormData();
    form.append(captionUploadField, file);
    return api.put<CaptionList>(`media/captions/${videoId}/${language}`, form);
  });

/** `DELETE media/captions/{id}/{language}`. */
export const useRemoveCaption = (videoId: number) =>
  useCaptionMutation(videoId, (language: string) =>
    api.delete<CaptionList>(`media/captions/${videoId}/${language}`),
  );
