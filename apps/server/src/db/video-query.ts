import { and, count, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Video, VideoList } from '@plateau/contract';
import { visibleVideo } from '../access/visibility.ts';
import { isMember, type Viewer } from '../access/viewer.ts';
import type { Executor } from './client.ts';
import { videos, videoTags } from './schema.ts';

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

/** Videos carrying every listed tag. */
export const hasEveryTag = (tagIds: number[]): SQL | undefined =>
  tagIds.length === 0
    ? undefined
    : inArray(
        videos.id,
        sql`(select ${videoTags.videoId} from ${videoTags} where ${inArray(videoTags.tagId, [...new Set(tagIds)])} group by ${videoTags.videoId} having count(*) = ${new Set(tagIds).size})`,
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
}

/** The columns of a list page: tag ids come after, in one query for the whole page. */
const { tagIds: _tagIds, ...pageColumns } = videoSelection;
type PageRow = Omit<VideoRow, 'tagIds'>;

/**
 * Tag ids of a page's videos in one query: as a per-row subquery of the page query, it would
 * also run for every row an OFFSET skips (page 200 cost five times more).
 */
const tagIdsByVideo = async (db: Executor, ids: number[]): Promise<Map<number, number[]>> => {
  const byVideo = new Map<number, number[]>();
  if (ids.length === 0) return byVideo;
  const rows = await db
    .select({ videoId: videoTags.videoId, tagId: videoTags.tagId })
    .from(videoTags)
    .where(inArray(videoTags.videoId, ids))
    .orderBy(videoTags.videoId, videoTags.tagId);
  for (const { videoId, tagId } of rows) {
    const list = byVideo.get(videoId);
    if (list) list.push(tagId);
    else byVideo.set(videoId, [tagId]);
  }
  return byVideo;
};

export const listVideos = async (db: Executor, query: VideoListQuery): Promise<VideoList> => {
  const where = and(
    visibleVideo(query.viewer),
    hasEveryTag(query.tagFilter ?? []),
    ...(query.where ?? []),
  );
  const withJoins = <T extends { innerJoin: (table: PgTable, on: SQL) => T }>(select: T) =>
    (query.joins ?? []).reduce((joined, join) => joined.innerJoin(join.table, join.on), select);
  const countQuery = async () => {
    const [counted] = await withJoins(db.select({ n: count() }).from(videos).$dynamic()).where(
      where,
    );
    return Number(counted?.n ?? 0);
  };
  const [rows, nResults] = await Promise.all([
    withJoins(db.select(pageColumns).from(videos).$dynamic())
      .where(where)
      .orderBy(...query.orderBy)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize) as Promise<PageRow[]>,
    countQuery(),
  ]);
  const tagIds = await tagIdsByVideo(
    db,
    rows.map((row) => row.id),
  );
  return {
    videos: rows.map((row) => toVideo({ ...row, tagIds: tagIds.get(row.id) ?? [] }, query.viewer)),
    nResults,
  };
};
