import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LikeState, Video, VideoList } from '@plateau/contract';
import { Processing } from '@plateau/contract/constants';
import { ApiError, api, getOne } from '../lib/api.ts';
import { searchTerm } from '../lib/search-term.ts';
import { useViewer, type Viewer } from './viewer.ts';

/** Spec section 9: the grid and search show 48 a page; 5 trending slots; 6 latest, 6 random. */
export const VIDEO_PAGE_SIZE = 48;
export const TRENDING_SLOTS = 5;
export const HOME_LATEST_VIDEOS = 6;
export const RANDOM_COUNT = 6;
/** 'Du meme DT': one page is enough next to a video (the direct's page lists them all). */
const SAME_DIRECT_COUNT = 12;
/** A direct's videos: one page large enough for any recorded event (the server caps at 100). */
const DIRECT_VIDEOS_PAGE_SIZE = 100;
/** Each pending card carries a preview player: fewer a page than the 48 of the grid. */
export const PENDING_PAGE_SIZE = 20;
/** Often enough to see the progress move (the server writes it at most once a second). */
export const ENCODING_POLL_MS = 2000;

/** Which server list a grid shows. */
export type VideoListKind = 'latest' | 'search' | 'history' | 'liked' | 'mostLiked' | 'mostViewed';

export interface VideoListParams {
  kind: VideoListKind;
  /** The searched text (kind 'search' only). */
  term?: string;
  page: number;
  /** Tag ids: a video must carry every one of them. */
  tags: readonly number[];
  pageSize?: number;
}

/** Every video answer depends on who asks: each key names the viewer after `videos`. */
export const videoKeys = {
  all: ['videos'] as const,
  list: (viewer: Viewer, params: Required<Omit<VideoListParams, 'tags'>> & { tags: number[] }) =>
    ['videos', viewer, 'list', params] as const,
  one: (viewer: Viewer, id: number | null) => ['videos', viewer, 'one', id] as const,
  /** The edit form's own copy, never shared with the watch page (always read afresh). */
  edited: (viewer: Viewer, id: number) => ['videos', viewer, 'edited', id] as const,
  like: (viewer: Viewer, id: number) => ['videos', viewer, 'like', id] as const,
  random: (viewer: Viewer, id: number) => ['videos', viewer, 'random', id] as const,
  ofDirect: (viewer: Viewer, directId: number, excluded: number | null) =>
    ['videos', viewer, 'direct', directId, excluded] as const,
  trending: (viewer: Viewer) => ['videos', viewer, 'trending'] as const,
  pending: (viewer: Viewer, page: number) => ['videos', viewer, 'pending', page] as const,
  search: (viewer: Viewer, term: string, pageSize: number) =>
    ['videos', viewer, 'search', term, pageSize] as const,
};

const listPath = (kind: VideoListKind, term: string) => {
  switch (kind) {
    case 'latest':
      return 'videos';
    case 'search':
      return `videos/search/${encodeURIComponent(term)}`;
    default:
      return `videos/${kind}`;
  }
};

/** `GET videos[/kind]?page&page_size&tag_filter=…` (spec section 7, "Videos"). */
export const videoListQuery = (
  viewer: Viewer,
  { kind, term = '', page, tags, pageSize = VIDEO_PAGE_SIZE }: VideoListParams,
) => {
  const searched = searchTerm(term);
  return queryOptions({
    queryKey: videoKeys.list(viewer, { kind, term: searched, page, tags: [...tags], pageSize }),
    queryFn: ({ signal }) =>
      // `/search/%20` typed by hand: nothing to look for, no call (spec section 5).
      kind === 'search' && searched === ''
        ? Promise.resolve<VideoList>({ videos: [], nResults: 0 })
        : api.get<VideoList>(listPath(kind, searched), {
            query: { page, page_size: pageSize, tag_filter: tags },
            signal,
          }),
    // The pager keeps the previous count while the next page loads (the grid shows skeletons,
    // never the previous cards); each key only ever receives its own answer.
    placeholderData: keepPreviousData,
  });
};

/** `GET videos/{id}`: the one video, or a 404 when the list is empty or the id unreadable. */
export const videoQuery = (viewer: Viewer, id: number | null) =>
  queryOptions({
    queryKey: videoKeys.one(viewer, id),
    queryFn: ({ signal }) => {
      if (id === null) return Promise.reject(new ApiError(404, 'Introuvable'));
      return getOne<'videos', Video>(`videos/${id}`, 'videos', { signal });
    },
    // A refusal is an answer, not a hiccup: the page leaves at once (spec section 8), without
    // asking again when the page mounts on the refusal its route loader already got.
    retry: false,
    retryOnMount: false,
    // The route loader asked for it a moment before the page mounted: no second request then.
    staleTime: 10_000,
  });

/**
 * `GET videos/{id}` for the edit form: always fetched afresh and never kept, since the form
 * starts from it once and a cached copy may predate someone else's edit.
 */
export const editedVideoQuery = (viewer: Viewer, id: number) =>
  queryOptions({
    queryKey: videoKeys.edited(viewer, id),
    queryFn: ({ signal }) => getOne<'videos', Video>(`videos/${id}`, 'videos', { signal }),
    gcTime: 0,
    retry: false,
  });

/** `GET videos/like/{id}`: whether the viewer likes it, and the count. Signed-in viewers only. */
export const likeQuery = (viewer: Viewer, id: number) =>
  queryOptions({
    queryKey: videoKeys.like(viewer, id),
    queryFn: ({ signal }) => api.get<LikeState>(`videos/like/${id}`, { signal }),
  });

/** `GET videos/random`: up to 6 videos, the one being watched excluded. */
export const randomVideosQuery = (viewer: Viewer, id: number) =>
  queryOptions({
    queryKey: videoKeys.random(viewer, id),
    queryFn: async ({ signal }) =>
      (
        await api.get<VideoList>('videos/random', {
          query: { page: 1, page_size: RANDOM_COUNT, excluded_video: id },
          signal,
        })
      ).videos.slice(0, RANDOM_COUNT),
    // A new draw at each visit of the page, not at each focus of the window.
    staleTime: Infinity,
    gcTime: 0,
  });

/**
 * `GET videos/direct/{directId}`: the videos recorded at a direct; with `excluded`, the other
 * videos of the direct of the video being watched ('Du meme DT').
 */
export const directVideosQuery = (viewer: Viewer, directId: number, excluded: number | null) =>
  queryOptions({
    queryKey: videoKeys.ofDirect(viewer, directId, excluded),
    queryFn: async ({ signal }) =>
      (
        await api.get<VideoList>(`videos/direct/${directId}`, {
          query:
            excluded === null
              ? { page: 1, page_size: DIRECT_VIDEOS_PAGE_SIZE }
              : { page: 1, page_size: SAME_DIRECT_COUNT, excluded_video: excluded },
          signal,
        })
      ).videos,
  });

/** `GET videos/trending`: the videos of the 'A la une' slots, in slot order. */
export const trendingVideosQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: videoKeys.trending(viewer),
    queryFn: ({ signal }) =>
      api.get<VideoList>('videos/trending', {
        query: { page: 1, page_size: TRENDING_SLOTS },
        signal,
      }),
    staleTime: 60_000,
  });

export const isEncoding = (video: { processing: number }) =>
  video.processing === Processing.Encoding;

/**
 * `GET videos/pending?page&page_size`: the videos not yet published, newest first. While one
 * of them encodes the page asks again every 2 s (progress, then the video leaving the list);
 * when none does, it stops.
 */
export const pendingPageQuery = (viewer: Viewer, page: number) =>
  queryOptions({
    queryKey: videoKeys.pending(viewer, page),
    queryFn: ({ signal }) =>
      api.get<VideoList>('videos/pending', {
        query: { page, page_size: PENDING_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.videos.some(isEncoding) ? ENCODING_POLL_MS : false,
  });

/** `GET videos/search/{term}?page_size=n`: suggestions as one types; a blank term asks nothing. */
export const videoSearchQuery = (viewer: Viewer, text: string, pageSize: number) => {
  const term = searchTerm(text);
  return queryOptions({
    queryKey: videoKeys.search(viewer, term, pageSize),
    enabled: term !== '',
    queryFn: async ({ signal }) =>
      (
        await api.get<VideoList>(`videos/search/${encodeURIComponent(term)}`, {
          query: { page: 1, page_size: pageSize },
          signal,
        })
      ).videos,
  });
};

export const useVideoList = (params: VideoListParams) =>
  useQuery(videoListQuery(useViewer(), params));
export const useVideo = (id: number | null) => useQuery(videoQuery(useViewer(), id));
export const useTrendingVideos = (enabled = true) =>
  useQuery({ ...trendingVideosQuery(useViewer()), enabled });
export const usePendingPage = (page: number) => useQuery(pendingPageQuery(useViewer(), page));
export const useVideoSearch = (term: string, pageSize: number) =>
  useQuery(videoSearchQuery(useViewer(), term, pageSize));
/** `enabled` false until the player has its video: these lists never delay it. */
export const useLike = (id: number, enabled: boolean) =>
  useQuery({ ...likeQuery(useViewer(), id), enabled });
export const useRandomVideos = (id: number, enabled: boolean) =>
  useQuery({ ...randomVideosQuery(useViewer(), id), enabled });
export const useDirectVideos = (directId: number, excluded: number | null, enabled = true) =>
  useQuery({
    ...directVideosQuery(useViewer(), directId, excluded),
    enabled: enabled && directId > 0,
  });

const none = new Set<number>();

/** The ids in the trending slots, for the member badge on cards; empty while not asked. */
export const useTrendingIds = (enabled: boolean): ReadonlySet<number> => {
  const { data } = useTrendingVideos(enabled);
  if (!enabled || !data) return none;
  return new Set(data.videos.map((video) => video.id));
};
