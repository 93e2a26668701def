import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Chapter, ChapterList } from '@plateau/contract';
import { api } from '../../../lib/api.ts';
import { chapterKeys } from '../../../resources/chapters.ts';
import { useViewer } from '../../../resources/viewer.ts';

/** `PUT videos/{id}/chapters`: the whole list; its answer becomes the list the pages show. */
export const useSaveChapters = (videoId: number) => {
  const client = useQueryClient();
  const viewer = useViewer();
  return useMutation({
    mutationFn: (chapters: Chapter[]) =>
      api.put<ChapterList>(`videos/${videoId}/chapters`, { chapters }),
    onSuccess: (list) => client.setQueryData(chapterKeys.list(viewer, videoId), list),
  });
};
