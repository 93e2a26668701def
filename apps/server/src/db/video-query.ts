import { and, eq, sql, type SQL } from 'drizzle-orm';
import { Processing, type Video, type VideoList } from '@plateau/contract';
import { visibleVideo } from '../access/visibility.ts';
import { isMember, type Viewer } from '../access/viewer.ts';
import type { Executor } from './client.ts';
import { listPage, type ListJoin } from './list-page.ts';
import { videoCounts, videos, videoTags } from './schema.ts';
import { sqlLiteral } from './sql-literal.ts';

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
  trendingSlot: sql<
    number | null
  >`(select ts.slot from trending_slots ts where ts.video_id = "videos"."id")`,
};

export type VideoRow = Omit<
  typeof videos.$inferSelect,
  'searchText' | 'searchVector' | 'createdAt' | 'hasThumbnail'
> & {
  tagIds: number[];
  trendingSlot: number | null;
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
    // Every viewer who may see the video may stream each rung: the player offers exactly these.
    rungs: row.rungs.map(Number),
    trendingSlot: row.trendingSlot === null ? null : Number(row.trendingSlot),
  };
  // Encoding state is for the members who run the pending queue.
  if (isMember(viewer)) {
    video.encodingProgress = row.encodingProgress;
    video.encodingError = row.encodingError;
  }
  return video;
};

/**
 * One video with whether this viewer may see it, so callers can tell 404 from hidden
 * (access/require-visible.ts answers both).
 */
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

export const publishedVideo = sql`${videos.processing} = ${sqlLiteral(Processing.Published)}`;

export interface VideoListQuery {
  viewer: Viewer;
  /** Conditions beyond visibility and tags (published only, author, search match...). */
  where?: (SQL | undefined)[];
  orderBy: SQL[];
  page: number;
  pageSize: number;
  tagFilter?: number[];
  /** Tables joined to `videos` (history, likes, playlist entries...). */
  joins?: ListJoin[];
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
    .where(
      and(visibleVideo(viewer, 'video_counts'), eq(videoCounts.processing, Processing.Published)),
    );
  return Number(row?.n ?? 0);
};

/** Every video list: visibility and tags, the list's own conditions, one page of Video JSON. */
export const listVideos = async (db: Executor, query: VideoListQuery): Promise<VideoList> => {
  const { rows, nResults } = await listPage<VideoRow>(db, {
    from: videos,
    id: videos.id,
    selection: videoSelection,
    where: and(
      visibleVideo(query.viewer),
      hasEveryTag(query.tagFilter ?? []),
      ...(query.where ?? []),
    ),
    orderBy: query.orderBy,
    joins: query.joins,
    page: query.page,
    pageSize: query.pageSize,
    total:
      query.wholeCatalogue && !query.tagFilter?.length
        ? () => catalogueTotal(db, query.viewer)
        : undefined,
  });
  return { videos: rows.map((row) => toVideo(row, query.viewer)), nResults };
};
