import type { ExcludingPagingQuery, PagingQuery, VideoList } from '@plateau/contract';
import { requireMember, requireSignedIn } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import * as repository from './video-lists.repository.ts';
import { findDirect } from './videos.repository.ts';

/** Who may read which video list; the statements are video-lists.repository.ts's. */
export const createVideoListsService = (db: Executor) => ({
  latest: (viewer: Viewer, query: PagingQuery) => repository.latestVideos(db, viewer, query),

  mostLiked: (viewer: Viewer, query: PagingQuery) => repository.mostLikedVideos(db, viewer, query),

  mostViewed: (viewer: Viewer, query: PagingQuery) =>
    repository.mostViewedVideos(db, viewer, query),

  async ofDirect(viewer: Viewer, directId: number, query: ExcludingPagingQuery) {
    requireVisible(await findDirect(db, directId, viewer), viewer, notFoundMessage.direct);
    return repository.directVideos(db, viewer, directId, query);
  },

  random: (viewer: Viewer, query: ExcludingPagingQuery) =>
    repository.randomVideos(db, viewer, query),

  trending: (viewer: Viewer, query: PagingQuery) => repository.trendingVideos(db, viewer, query),

  pending(viewer: Viewer, query: PagingQuery) {
    requireMember(viewer);
    return repository.pendingVideos(db, viewer, query);
  },

  liked(viewer: Viewer, query: PagingQuery) {
    const { userId } = requireSignedIn(viewer);
    return repository.likedVideos(db, viewer, userId, query);
  },

  history(viewer: Viewer, query: PagingQuery) {
    const { userId } = requireSignedIn(viewer);
    return repository.watchedVideos(db, viewer, userId, query);
  },

  search: (viewer: Viewer, term: string, query: PagingQuery): Promise<VideoList> =>
    repository.searchVideos(db, viewer, term, query),
});
