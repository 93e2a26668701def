import { useQuery } from '@tanstack/react-query';
import type { Chapter } from '@plateau/contract';
import { chapterListQuery } from '../../resources/chapters.ts';
import { useViewer } from '../../resources/viewer.ts';

const NONE: Chapter[] = [];

/** The video's chapters, in order; none while loading, on a failure or when it has none. */
export const useChapters = (videoId: number): Chapter[] =>
  useQuery(chapterListQuery(useViewer(), videoId)).data?.chapters ?? NONE;
