import { queryOptions } from '@tanstack/react-query';
import type { ChapterList } from '@plateau/contract';
import { api } from '../lib/api.ts';
import type { Viewer } from './viewer.ts';

/** Whoever may watch a video may read its chapters: the viewer is part of the key. */
export const chapterKeys = {
  all: ['chapters'] as const,
  list: (viewer: Viewer, videoId: number) => ['chapters', viewer, videoId, 'list'] as const,
};

/** `GET videos/{id}/chapters` (issue 34): the video's chapters, in order. */
export const chapterListQuery = (viewer: Viewer, videoId: number) =>
  queryOptions({
    queryKey: chapterKeys.list(viewer, videoId),
    queryFn: ({ signal }) => api.get<ChapterList>(`videos/${videoId}/chapters`, { signal }),
  });
