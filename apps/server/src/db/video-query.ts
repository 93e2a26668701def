import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Video, VideoList } from '@plateau/contract';
import { hiddenError, visibleVideo } from '../access/visibility.ts';
import { notFound } from '../lib/errors.ts';
import { isMember, type Viewer } from '../access/viewer.ts';
import type { Executor } from './client.ts';
import { videoCounts, videos, videoTags } from './schema.ts';

/**
 * The one way video rows become Video JSON, and the one paged list query every video list
 * (latest, liked, history, playlist, search, ...) goes through, so visibility, tag filters,
 * paging and counting are the same everywhere.
 */
export const videoSelection = {
  id: videos.id,
  title: videos.title,
  description: videos.description,
  date: videos.date,
  promotion: videos.promotion,
  views: videos.views,
  likeCount: videos.likeCount,
  privacy: videos.privacy,
  gpaRestricted: videos.gpaRestricted,
  processing: videos.processing,
  directId: videos.directId,
  authorId: videos.authorId,
  encodingProgress: videos.encodingProgress,
  encodingError: videos.encodingError,
  rungs: videos.rungs,
  tagIds: sql<
    number[]
  >`coalesce((select array_agg(vt.tag_id order by vt.tag_id) from video_tags vt where vt.video_id = "videos"."id"), '{}')`,
};

export type VideoRow = Omit<
  typeof videos.$inferSelect,
  'searchText' | 'searchVector' | 'createdAt' | 'hasThumbnail'
> & {
  tagIds: number[];
};

export const toVideo = (row: VideoRow, viewer: Viewer): Video => {
  const video: Video = {
    id: row.id,
    title: row.title,
    description: row.description,
    date: new Date(row.date).toISOString(),
    promotion: row.promotion,
    views: row.views,
    likeCount: row.likeCount,
    privacy: row.privacy,
    gpaRestricted: row.gpaRestricted,
    processing: row.processing,
    directId: row.directId ?? -1,
    tagIds: row.tagIds.map(Number),
    authorId: row.authorId ?? -1,
  };
  // Encoding state is for the members who run the pending queue.
  if (isMember(viewer)) {
    video.encodingProgress = row.encodingProgress;
    video.encodingError = row.encodingError;
    video.rungs = row.rungs;
  }
  return video;
};

/** One video with whether this viewer may see it, so callers can tell 404 from hidden. */
export const findVideo = async (
  db: Executor,
  id: number,
  viewer: Viewer,
): Promise<(VideoRow & { visible: boolean }) | undefined> => {
  const [row] = await db
    .select({ ...videoSelection, visible: sql<boolean>`${visibleVideo(viewer)}` })
    .from(videos)
    .where(eq(videos.id, id));
  return row as (VideoRow & { visible: boolean }) | undefined;
};

export const videoNotFound = () => notFound('Vidéo introuvable');

/** A video the viewer may see: 404 when missing, 401/403 when hidden. */
export const visibleVideoOrThrow = async (db: Executor, id: number, viewer: Viewer) => {
  const video = await findVideo(db, id, viewer);
  if (!video) throw videoNotFound();
  if (!video.visible) throw hiddenError(viewer);
  return video;
};

/**
 * Videos carrying every listed tag: one `exists` per tag, so a page walks the date order and
 * stops after a page of matches instead of grouping every link of the tags first.
 */
export const hasEveryTag = (tagIds: number[]): SQL | undefined =>
  and(
    ...[...new Set(tagIds)].map(
      (tagId) =>
        sql`exists (select 1 from ${videoTags} where ${videoTags.videoId} = "videos"."id" and ${videoTags.tagId} = ${tagId})`,
    ),
  );

export const publishedVideo = sql`${videos.processing} = 3`;

export interface VideoListQuery {
  viewer: Viewer;
  /** Conditions beyond visibility and tags (published only, author, search match...). */
  where?: (SQL | undefined)[];
  orderBy: SQL[];
  page: number;
  pageSize: number;
  tagFilter?: number[];
  /** Tables joined to `videos` (history, likes, playlist entries...). */
  joins?: { table: PgTable; on: SQL }[];
  /**
   * The list is every published video the viewer may see (latest, most liked...): without a
   * tag filter its total is read from `video_counts` instead of counting rows.
   */
  wholeCatalogue?: boolean;
}

/** Published videos the viewer may see, summed from the per-class counts. */
const catalogueTotal = async (db: Executor, viewer: Viewer) => {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${videoCounts.n}), 0)` })
    .from(videoCounts)
    .where(and(visibleVideo(viewer, 'video_counts'), eq(videoCounts.processing, 3)));
  return Number(row?.n ?? 0);
};

/**
 * A page is found by ids first (narrow, often index-only), then only its rows are read: deep
 * pages skip thousands of index entries instead of thousands of rows.
 */
export const listVideos = async (db: Executor, query: VideoListQuery): Promise<VideoList> => {
  const where = and(
    visibleVideo(query.viewer),
    hasEveryTag(query.tagFilter ?? []),
    ...(query.where ?? []),
  );
  const withJoins = <T extends { innerJoin: (table: PgTable, on: SQL) => T }>(select: T) =>
    (query.joins ?? []).reduce((joined, join) => joined.innerJoin(join.table, join.on), select);
  const countQuery = async () => {
    if (query.wholeCatalogue && !query.tagFilter?.length) {
      return catalogueTotal(db, query.viewer);
    }
    const [counted] = await withJoins(db.select({ n: count() }).from(videos).$dynamic()).where(
      where,
    );
    return Number(counted?.n ?? 0);
  };
  const [pageIds, nResults] = await Promise.all([
    withJoins(db.select({ id: videos.id }).from(videos).$dynamic())
      .where(where)
      .orderBy(...query.orderBy)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countQuery(),
  ]);
  const ids = pageIds.map((row) => row.id);
  if (ids.length === 0) return { videos: [], nResults };
  // Only the page's rows are read, tag ids included: skipped rows never reach the subquery.
  const rows = (await db
    .select(videoSelection)
    .from(videos)
    .where(inArray(videos.id, ids))) as VideoRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    videos: ids
      .map((id) => byId.get(id))
      .filter((row): row is VideoRow => row !== undefined)
      .map((row) => toVideo(row, query.viewer)),
    nResults,
  };
};
