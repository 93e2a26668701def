import {
  Processing,
  type ExcludingPagingQuery,
  type PagingQuery,
  type VideoList,
} from '@plateau/contract';
import { and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { visibleVideo } from '../../access/visibility.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { history, likes, trendingSlots, videos } from '../../db/schema.ts';
import {
  hasEveryTag,
  listVideos,
  publishedVideo,
  UserList,
  type VideoListQuery,
} from '../../db/video-query.ts';
import { rankedSearchPage } from './search-results.repository.ts';
import { searchStages, searchWords } from './video-search.repository.ts';

/** The statements of the video lists; video-lists.service.ts decides who may read which. */

const RANDOM_COUNT = 6;
const newestFirst = [desc(videos.date), desc(videos.id)];
const emptyList: VideoList = { videos: [], nResults: 0 };

const excluding = (videoId: number | undefined): SQL | undefined =>
  videoId === undefined || videoId < 1 ? undefined : ne(videos.id, videoId);

const list = (
  db: Executor,
  viewer: Viewer,
  query: PagingQuery,
  rest: Omit<VideoListQuery, 'viewer' | 'page' | 'pageSize' | 'tagFilter'>,
) =>
  listVideos(db, {
    viewer,
    page: query.page,
    pageSize: query.page_size,
    tagFilter: query.tag_filter,
    ...rest,
  });

/** Published videos in a given order: the shape of most lists. */
const published = (
  db: Executor,
  viewer: Viewer,
  query: PagingQuery,
  orderBy: SQL[],
  where: (SQL | undefined)[] = [],
) =>
  list(db, viewer, query, {
    where: [publishedVideo, ...where],
    orderBy,
    wholeCatalogue: where.length === 0,
  });

export const latestVideos = (db: Executor, viewer: Viewer, query: PagingQuery) =>
  list(db, viewer, query, {
    where: [publishedVideo],
    orderBy: newestFirst,
    wholeCatalogue: true,
    sharedAs: 'latest',
  });

export const mostLikedVideos = (db: Executor, viewer: Viewer, query: PagingQuery) =>
  published(db, viewer, query, [desc(videos.likeCount), ...newestFirst]);

export const mostViewedVideos = (db: Executor, viewer: Viewer, query: PagingQuery) =>
  published(db, viewer, query, [desc(videos.views), ...newestFirst]);

export const directVideos = (
  db: Executor,
  viewer: Viewer,
  directId: number,
  query: ExcludingPagingQuery,
) =>
  published(db, viewer, query, newestFirst, [
    eq(videos.directId, directId),
    excluding(query.excluded_video),
  ]);

/**
 * Up to six distinct videos. The draw reads ids only (the narrow published-visibility
 * index), then the six rows are fetched; nResults is the number drawn.
 */
export const randomVideos = (db: Executor, viewer: Viewer, query: ExcludingPagingQuery) => {
  const size = Math.min(query.page_size, RANDOM_COUNT);
  const drawn = sql`(select ${videos.id} from ${videos} where ${and(
    visibleVideo(viewer),
    publishedVideo,
    hasEveryTag(query.tag_filter ?? []),
    excluding(query.excluded_video),
  )} order by random() limit ${size})`;
  return list(
    db,
    viewer,
    { ...query, page: 1, page_size: size },
    { where: [inArray(videos.id, drawn)], orderBy: [sql`random()`] },
  );
};

/** Slot order; empty slots have no row and hidden videos drop out through visibility. */
export const trendingVideos = (db: Executor, viewer: Viewer, query: PagingQuery) =>
  list(db, viewer, query, {
    where: [publishedVideo],
    orderBy: [asc(trendingSlots.slot)],
    joins: [{ table: trendingSlots, on: eq(trendingSlots.videoId, videos.id) }],
  });

export const pendingVideos = (db: Executor, viewer: Viewer, query: PagingQuery) =>
  list(db, viewer, query, {
    where: [lt(videos.processing, Processing.Published)],
    orderBy: newestFirst,
  });

export const likedVideos = (db: Executor, viewer: Viewer, userId: number, query: PagingQuery) =>
  list(db, viewer, query, {
    where: [publishedVideo],
    orderBy: [desc(likes.likedAt), desc(videos.id)],
    joins: [{ table: likes, on: and(eq(likes.videoId, videos.id), eq(likes.userId, userId))! }],
    userList: { userId, list: UserList.Likes },
  });

/** History rows are one per (user, video), so each video comes once. */
export const watchedVideos = (db: Executor, viewer: Viewer, userId: number, query: PagingQuery) =>
  list(db, viewer, query, {
    where: [publishedVideo],
    orderBy: [desc(history.watchedAt), desc(videos.id)],
    joins: [
      { table: history, on: and(eq(history.videoId, videos.id), eq(history.userId, userId))! },
    ],
    userList: { userId, list: UserList.History },
  });

/** The first search stage that finds anything answers (see video-search.repository.ts). */
export const searchVideos = async (
  db: Executor,
  viewer: Viewer,
  term: string,
  query: PagingQuery,
): Promise<VideoList> => {
  for (const stage of searchStages(viewer, searchWords(term))) {
    const orderBy = [...stage.orderBy, ...newestFirst];
    const found =
      stage.key === undefined
        ? await published(db, viewer, query, orderBy, [stage.match])
        : await rankedSearchPage(db, viewer, query, { ...stage, key: stage.key, orderBy });
    if (found.nResults > 0) return found;
  }
  return emptyList;
};
