import {
  Processing,
  type ExcludingPagingQuery,
  type PagingQuery,
  type VideoList,
} from '@plateau/contract';
import { and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { requireMember, requireSignedIn } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
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
import { findDirect } from './videos.repository.ts';
import { rankedSearchPage } from './search-results.ts';
import { searchStages, searchWords } from './video-search.ts';

const RANDOM_COUNT = 6;
const newestFirst = [desc(videos.date), desc(videos.id)];
const emptyList: VideoList = { videos: [], nResults: 0 };

const excluding = (videoId: number | undefined): SQL | undefined =>
  videoId === undefined || videoId < 1 ? undefined : ne(videos.id, videoId);

export const createVideoListsService = (db: Executor) => {
  const list = (
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
    viewer: Viewer,
    query: PagingQuery,
    orderBy: SQL[],
    where: (SQL | undefined)[] = [],
  ) =>
    list(viewer, query, {
      where: [publishedVideo, ...where],
      orderBy,
      wholeCatalogue: where.length === 0,
    });

  return {
    latest: (viewer: Viewer, query: PagingQuery) =>
      list(viewer, query, {
        where: [publishedVideo],
        orderBy: newestFirst,
        wholeCatalogue: true,
        sharedAs: 'latest',
      }),

    mostLiked: (viewer: Viewer, query: PagingQuery) =>
      published(viewer, query, [desc(videos.likeCount), ...newestFirst]),

    mostViewed: (viewer: Viewer, query: PagingQuery) =>
      published(viewer, query, [desc(videos.views), ...newestFirst]),

    async ofDirect(viewer: Viewer, directId: number, query: ExcludingPagingQuery) {
      requireVisible(await findDirect(db, directId, viewer), viewer, notFoundMessage.direct);
      return published(viewer, query, newestFirst, [
        eq(videos.directId, directId),
        excluding(query.excluded_video),
      ]);
    },

    /**
     * Up to six distinct videos. The draw reads ids only (the narrow published-visibility
     * index), then the six rows are fetched; nResults is the number drawn.
     */
    random(viewer: Viewer, query: ExcludingPagingQuery) {
      const size = Math.min(query.page_size, RANDOM_COUNT);
      const drawn = sql`(select ${videos.id} from ${videos} where ${and(
        visibleVideo(viewer),
        publishedVideo,
        hasEveryTag(query.tag_filter ?? []),
        excluding(query.excluded_video),
      )} order by random() limit ${size})`;
      return list(
        viewer,
        { ...query, page: 1, page_size: size },
        { where: [inArray(videos.id, drawn)], orderBy: [sql`random()`] },
      );
    },

    /** Slot order; empty slots have no row and hidden videos drop out through visibility. */
    trending: (viewer: Viewer, query: PagingQuery) =>
      list(viewer, query, {
        where: [publishedVideo],
        orderBy: [asc(trendingSlots.slot)],
        joins: [{ table: trendingSlots, on: eq(trendingSlots.videoId, videos.id) }],
      }),

    pending(viewer: Viewer, query: PagingQuery) {
      requireMember(viewer);
      return list(viewer, query, {
        where: [lt(videos.processing, Processing.Published)],
        orderBy: newestFirst,
      });
    },

    liked(viewer: Viewer, query: PagingQuery) {
      const { userId } = requireSignedIn(viewer);
      return list(viewer, query, {
        where: [publishedVideo],
        orderBy: [desc(likes.likedAt), desc(videos.id)],
        joins: [{ table: likes, on: and(eq(likes.videoId, videos.id), eq(likes.userId, userId))! }],
        userList: { userId, list: UserList.Likes },
      });
    },

    /** History rows are one per (user, video), so each video comes once. */
    history(viewer: Viewer, query: PagingQuery) {
      const { userId } = requireSignedIn(viewer);
      return list(viewer, query, {
        where: [publishedVideo],
        orderBy: [desc(history.watchedAt), desc(videos.id)],
        joins: [
          { table: history, on: and(eq(history.videoId, videos.id), eq(history.userId, userId))! },
        ],
        userList: { userId, list: UserList.History },
      });
    },

    /** The first search stage that finds anything answers (see video-search.ts). */
    async search(viewer: Viewer, term: string, query: PagingQuery): Promise<VideoList> {
      for (const stage of searchStages(viewer, searchWords(term))) {
        const orderBy = [...stage.orderBy, ...newestFirst];
        const found =
          stage.key === undefined
            ? await published(viewer, query, orderBy, [stage.match])
            : await rankedSearchPage(db, viewer, query, { ...stage, key: stage.key, orderBy });
        if (found.nResults > 0) return found;
      }
      return emptyList;
    },
  };
};
