import { and, type SQL } from 'drizzle-orm';
import type { PagingQuery, VideoList } from '@plateau/contract';
import { visibilityClass, visibleVideo } from '../../access/visibility.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { sharedResults } from '../../db/shared-results.ts';
import { hasEveryTag, publishedVideo, videosInOrder } from '../../db/video-query.ts';

export interface RankedSearch {
  /** What the search matched (the tsquery text), part of the shared results' key. */
  key: string;
  match: SQL;
  /** Best first, ties broken newest first. */
  orderBy: SQL[];
}

/**
 * A ranked full-text search page: inside the head, from the results shared through the database
 * (db/shared-results.ts: total and best SEARCH_HEAD ids ranked once per data version, so a
 * common word is not ranked on every request); deeper pages rank every match as before,
 * through `deepPage`.
 */
export const rankedSearchPage = async (
  db: Executor,
  viewer: Viewer,
  query: PagingQuery,
  search: RankedSearch,
  deepPage: () => Promise<VideoList>,
): Promise<VideoList> => {
  const tags = [...new Set(query.tag_filter ?? [])].sort((a, b) => a - b);
  const key = JSON.stringify(['search', visibilityClass(viewer), tags, search.key]);
  const where = and(visibleVideo(viewer), publishedVideo, hasEveryTag(tags), search.match);
  const from = (query.page - 1) * query.page_size;
  const to = from + query.page_size;
  const { total, page, headLength } = await sharedResults(db, key, where, search.orderBy, from, to);
  if (to > headLength && total > headLength) return deepPage();
  return { videos: await videosInOrder(db, viewer, page), nResults: total };
};
