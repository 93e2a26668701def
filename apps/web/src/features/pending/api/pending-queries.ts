import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoList } from '@plateau/contract';
import { Processing } from '@plateau/contract/constants';
import { api } from '../../../lib/api.ts';

/** Each card carries a preview player: fewer a page than the 48 of the video grid. */
export const PENDING_PAGE_SIZE = 20;

/** Often enough to see the progress move (the server writes it at most once a second). */
export const ENCODING_POLL_MS = 2000;

export const isEncoding = (video: { processing: number }) =>
  video.processing === Processing.Encoding;

/**
 * `GET videos/pending?page&page_size`: the videos not yet published, newest first. While one
 * of them encodes the page asks again every 2 s (progress, then the video leaving the list);
 * when none does, it stops.
 */
export const pendingPageQuery = (page: number) =>
  queryOptions({
    queryKey: ['videos', 'pending', { page, pageSize: PENDING_PAGE_SIZE }],
    queryFn: ({ signal }) =>
      api.get<VideoList>('videos/pending', {
        query: { page, page_size: PENDING_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.videos.some(isEncoding) ? ENCODING_POLL_MS : false,
  });

export const usePendingPage = (page: number) => useQuery(pendingPageQuery(page));
