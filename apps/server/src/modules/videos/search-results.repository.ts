import { and, type SQL } from 'drizzle-orm';
import type { PagingQuery, VideoList } from '@plateau/contract';
import { visibleVideo } from '../../access/visibility.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { sharedSlice } from '../../db/shared-results.ts';
import { hasEveryTag, publishedVideo, sharedListKey, videosInOrder } from '../../db/video-query.ts';

export interface RankedSearch {
  /** What the search matched (the tsquery text), part of the shared results' key. */
  key: string;
  match: SQL;
  /** Best first, ties broken newest first. */
  orderBy: SQL[];
}

/**
 * A ranked full-text search page, from the results shared through the database
 * (db/shared-results.ts: the total and the ranked ids, a window of a thousand at a time, computed
 * once per data version), so a common word is not ranked on every request.
 */
export const rankedSearchPage = async (
  db: Executor,
  viewer: Viewer,
  query: PagingQuery,
  search: RankedSearch,
): Promise<VideoList> => {
  const tags = query.tag_filter ?? [];
  const from = (query.page - 1) * query.page_size;
  const { total, ids } = await sharedSlice(
    db,
    {
      key: sharedListKey('search', viewer, tags, search.key),
      where: and(visibleVideo(viewer), publishedVideo, hasEveryTag(tags), search.match),
      orderBy: search.orderBy,
    },
    from,
    from + query.page_size,
  );
  return { videos: await videosInOrder(db, viewer, ids), nResults: total };
};
