import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoList } from '@plateau/contract';
import { api } from '../../../lib/api.ts';
import { searchTerm } from '../../../lib/search-term.ts';

/** The video grid and search show 48 videos a page (spec section 9). */
export const VIDEO_PAGE_SIZE = 48;

/** Which server list a grid shows. */
export type VideoListKind = 'latest' | 'search' | 'history' | 'liked' | 'mostLiked' | 'mostViewed';

export interface VideoListParams {
  kind: VideoListKind;
  /** The searched text (kind 'search' only). */
  term?: string;
  page: number;
  /** Tag ids: a video must carry every one of them. */
  tags: readonly number[];
}

const listPath = (kind: VideoListKind, term = '') => {
  switch (kind) {
    case 'latest':
      return 'videos';
    case 'search':
      return `videos/search/${encodeURIComponent(term)}`;
    default:
      return `videos/${kind}`;
  }
};

/** `GET videos[/kind]?page&page_size=48&tag_filter=…` (spec section 7, "Videos"). */
export const videoListQuery = ({ kind, term = '', page, tags }: VideoListParams) => {
  const searched = searchTerm(term);
  return queryOptions({
    queryKey: ['videos', 'list', kind, { term: searched, page, tags: [...tags] }],
    queryFn: ({ signal }) =>
      // `/search/%20` typed by hand: nothing to look for, no call (spec section 5).
      kind === 'search' && searched === ''
        ? Promise.resolve<VideoList>({ videos: [], nResults: 0 })
        : api.get<VideoList>(listPath(kind, searched), {
            query: { page, page_size: VIDEO_PAGE_SIZE, tag_filter: tags },
            signal,
          }),
    // The pager keeps the previous count while the next page loads (the grid shows skeletons,
    // never the previous cards); each key only ever receives its own answer.
    placeholderData: keepPreviousData,
  });
};

export const useVideoList = (params: VideoListParams) => useQuery(videoListQuery(params));
