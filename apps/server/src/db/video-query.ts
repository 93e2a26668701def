import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Processing, type EncodingWait, type Video, type VideoList } from '@plateau/contract';
import { visibilityClass, visibleVideo } from '../access/visibility.ts';
import { isMember, type Viewer } from '../access/viewer.ts';
import type { Executor } from './client.ts';
import { listPage, type ListJoin } from './list-page.ts';
import { userVideoCounts, videoCounts, videos, videoTagCounts } from './schema.ts';
import { SHARED_WINDOW, sharedSlice, sharedTotal } from './shared-results.ts';
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
  encodingWait: videos.encodingWait,
  rungs: videos.rungs,
  mediaVersion: videos.mediaVersion,
  tagIds: videos.tagIds,
  trendingSlot: sql<
    number | null
  >`(select ts.slot from trending_slots ts where ts.video_id = "videos"."id")`,
};

/**
 * The columns of a page's rows as one SQL fragment rendered once, named as VideoRow's fields:
 * building the 17-column statement and mapping 48 rows through drizzle cost the API more than
 * PostgreSQL spends answering it (bench/README.md, `bench:api`).
 */
const videoColumns = sql.raw(
  new PgDialect().sqlToQuery(
    sql.join(
      Object.entries(videoSelection).map(
        ([name, field]) => sql`${field} as ${sql.identifier(name)}`,
      ),
      sql`, `,
    ),
  ).sql,
);

/**
 * The rows of these videos, in no particular order, with a further condition if any. They come
 * as the driver reads them (a date may be text): only `toVideo` reads them.
 */
const videoRows = async (db: Executor, ids: number[], where?: SQL) => {
  const result = (await db.execute(
    sql`select ${videoColumns} from ${videos} where ${videos.id} = any(${sql.param(ids)}) ${
      where ? sql`and ${where}` : sql``
    }`,
  )) as unknown as { rows: VideoRow[] };
  return result.rows;
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
    mediaVersion: Number(row.mediaVersion),
    trendingSlot: row.trendingSlot === null ? null : Number(row.trendingSlot),
  };
  // Encoding state is for the members who run the pending queue.
  if (isMember(viewer)) {
    video.encodingProgress = row.encodingProgress;
    video.encodingError = row.encodingError;
    video.encodingWait = (row.encodingWait as EncodingWait | null) ?? null;
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

const distinctTags = (tagIds: number[]) => [...new Set(tagIds)].sort((a, b) => a - b);

/**
 * The key of a list's results shared through the database (db/shared-results.ts): viewers of
 * one visibility class with the same tags (in any order, repeated or not) share them.
 */
export const sharedListKey = (
  kind: string,
  viewer: Viewer,
  tagFilter: number[] = [],
  ...rest: string[]
) => JSON.stringify([kind, visibilityClass(viewer), distinctTags(tagFilter), ...rest]);

/**
 * Videos carrying every listed tag, on `tag_ids` (the copy of video_tags its trigger keeps):
 * read from the covering date index while walking a page, or from its GIN index for rare tags.
 */
export const hasEveryTag = (tagIds: number[]): SQL | undefined => {
  const wanted = distinctTags(tagIds);
  return wanted.length === 0
    ? undefined
    : sql`${videos.tagIds} @> ${sql.raw(`'{${wanted.join(',')}}'::integer[]`)}`;
};

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
   * The list is every published video the viewer may see (latest, most liked...): its total is
   * read from `video_counts` (no tag), `video_tag_counts` (one or two tags) instead of counting rows.
   */
  wholeCatalogue?: boolean;
  /** The list is a user's history or liked videos: without tags, its total is kept per user. */
  userList?: { userId: number; list: UserList };
  /**
   * The list's name when its rows and order change only with the data version (newest first):
   * its deep pages are then slices of windows shared through the database.
   */
  sharedAs?: string;
}

/** `user_video_counts.list`. */
export const UserList = { History: 0, Likes: 1 } as const;
export type UserList = (typeof UserList)[keyof typeof UserList];

type CountTable = typeof videoCounts | typeof videoTagCounts | typeof userVideoCounts;

/**
 * Published videos the viewer may see, summed from a table of counts kept per visibility class
 * (the whole catalogue, a tag or tag pair, a user's list), for the rows matching `key`.
 */
const keptCount = async (db: Executor, viewer: Viewer, table: CountTable, key: SQL[] = []) => {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${table.n}), 0)` })
    .from(table)
    .where(
      and(
        ...key,
        visibleVideo(viewer, getTableName(table)),
        eq(table.processing, Processing.Published),
      ),
    );
  return Number(row?.n ?? 0);
};

/**
 * Totals without a row count on each request: kept by triggers (whole catalogue with up to two
 * tags, user lists without tags) or counted once per data version (three tags or more).
 */
const keptTotal = (db: Executor, query: VideoListQuery) => {
  const { viewer, userList } = query;
  const tags = distinctTags(query.tagFilter ?? []);
  if (query.wholeCatalogue && tags.length === 0) return () => keptCount(db, viewer, videoCounts);
  if (query.wholeCatalogue && tags.length <= 2) {
    const [tagA, tagB = 0] = tags;
    const pair = [eq(videoTagCounts.tagA, tagA!), eq(videoTagCounts.tagB, tagB)];
    return () => keptCount(db, viewer, videoTagCounts, pair);
  }
  if (query.wholeCatalogue) {
    const key = sharedListKey('tags', viewer, tags);
    const where = and(visibleVideo(viewer), publishedVideo, hasEveryTag(tags));
    return () => sharedTotal(db, key, where);
  }
  if (userList && tags.length === 0) {
    const list = [
      eq(userVideoCounts.userId, userList.userId),
      eq(userVideoCounts.list, userList.list),
    ];
    return () => keptCount(db, viewer, userVideoCounts, list);
  }
  return undefined;
};

/** Videos by id for this viewer, in the given order (hidden or missing ones drop out). */
export const videosInOrder = async (db: Executor, viewer: Viewer, ids: number[]) => {
  if (ids.length === 0) return [];
  const rows = await videoRows(db, ids, visibleVideo(viewer));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids
    .map((id) => byId.get(id))
    .filter((row): row is VideoRow => row !== undefined)
    .map((row) => toVideo(row, viewer));
};

/**
 * Pages past the first shared window are read from the shared windows: the first pages walk
 * the date index faster than any lookup, the deep ones would walk thousands of entries.
 */
const sharedPageIds = (db: Executor, query: VideoListQuery, where: SQL | undefined) => {
  const from = (query.page - 1) * query.pageSize;
  if (query.sharedAs === undefined || from < SHARED_WINDOW) return undefined;
  const key = sharedListKey(query.sharedAs, query.viewer, query.tagFilter);
  return async () =>
    (await sharedSlice(db, { key, where, orderBy: query.orderBy }, from, from + query.pageSize))
      .ids;
};

/** Every video list: visibility and tags, the list's own conditions, one page of Video JSON. */
export const listVideos = async (db: Executor, query: VideoListQuery): Promise<VideoList> => {
  const where = and(
    visibleVideo(query.viewer),
    hasEveryTag(query.tagFilter ?? []),
    ...(query.where ?? []),
  );
  const { rows, nResults } = await listPage<VideoRow>(db, {
    from: videos,
    id: videos.id,
    where,
    orderBy: query.orderBy,
    joins: query.joins,
    page: query.page,
    pageSize: query.pageSize,
    total: keptTotal(db, query),
    pageIds: sharedPageIds(db, query, where),
    rows: (ids) => videoRows(db, ids),
  });
  return { videos: rows.map((row) => toVideo(row, query.viewer)), nResults };
};
