import { queryOptions } from '@tanstack/react-query';
import type { CaptionList } from '@plateau/contract';
import { api } from '../lib/api.ts';
import type { Viewer } from './viewer.ts';

/** Whoever may watch a video may list its captions: the viewer is part of the key. */
export const captionKeys = {
  all: ['captions'] as const,
  list: (viewer: Viewer, videoId: number) => ['captions', viewer, videoId, 'list'] as const,
};

/** `GET media/captions/{id}` (issue 21): the video's captions, one per language. */
export const captionListQuery = (viewer: Viewer, videoId: number) =>
  queryOptions({
    queryKey: captionKeys.list(viewer, videoId),
    queryFn: ({ signal }) => api.get<CaptionList>(`media/captions/${videoId}`, { signal }),
  });
