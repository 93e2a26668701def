import { and, eq, inArray, sql } from 'drizzle-orm';
import { Processing } from '@plateau/contract';
import type { Viewer } from '../../access/viewer.ts';
import { visibleDirect, visibleVideo } from '../../access/visibility.ts';
import type { Executor } from '../../db/client.ts';
import { directs, lives, videos } from '../../db/schema.ts';
import {
  statsLives,
  statsLiveSamples,
  statsRetention,
  statsSiteDays,
  statsVideoDays,
  statsViewsBefore,
} from '../../db/statistics-schema.ts';
import type { TallySums } from './tally-sums.ts';

/** Rows as one jsonb parameter, sorted so that two processes lock them in the same order. */
const rowsParam = <T>(rows: T[], order: (a: T, b: T) => number) =>
  sql`${JSON.stringify([...rows].sort(order))}::jsonb`;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Adds what the players reported since the last write, in one transaction: each row gains its
 * additions (`+ excluded`), so every process adds to the same rows; a video or live deleted
 * meanwhile takes nothing.
 */
export const addSums = async (db: Executor, sums: TallySums) =>
  db.transaction(async (tx) => {
    if (sums.videoDays.length > 0) {
      await tx.execute(sql`
        insert into ${statsVideoDays} (video_id, day, views, viewers, seconds)
        select (r ->> 'videoId')::int, (r ->> 'day')::date, (r ->> 'views')::int,
          (r ->> 'viewers')::int, (r ->> 'seconds')::float8
        from jsonb_array_elements(${rowsParam(sums.videoDays, (a, b) => a.videoId - b.videoId || byText(a.day, b.day))}) with ordinality as t(r, n)
        where exists (select 1 from videos v where v.id = (r ->> 'videoId')::int)
        order by n
        on conflict (video_id, day) do update set
          views = ${statsVideoDays.views} + excluded.views,
          viewers = ${statsVideoDays.viewers} + excluded.viewers,
          seconds = ${statsVideoDays.seconds} + excluded.seconds`);
    }
    if (sums.siteDays.length > 0) {
      await tx.execute(sql`
        insert into ${statsSiteDays} (day, views, viewers, seconds)
        select (r ->> 'day')::date, (r ->> 'views')::int, (r ->> 'viewers')::int,
          (r ->> 'seconds')::float8
        from jsonb_array_elements(${rowsParam(sums.siteDays, (a, b) => byText(a.day, b.day))}) with ordinality as t(r, n)
        order by n
        on conflict (day) do update set
          views = ${statsSiteDays.views} + excluded.views,
          viewers = ${statsSiteDays.viewers} + excluded.viewers,
          seconds = ${statsSiteDays.seconds} + excluded.seconds`);
    }
    if (sums.retention.length > 0) {
      await tx.execute(sql`
        insert into ${statsRetention} (video_id, media_version, step, views)
        select (r ->> 'videoId')::int, (r ->> 'version')::int, (r ->> 'step')::int,
          (r ->> 'views')::int
        from jsonb_array_elements(${rowsParam(sums.retention, (a, b) => a.videoId - b.videoId || a.version - b.version || a.step - b.step)}) with ordinality as t(r, n)
        where exists (select 1 from videos v where v.id = (r ->> 'videoId')::int)
        order by n
        on conflict (video_id, media_version, step) do update set
          views = ${statsRetention.views} + excluded.views`);
    }
    if (sums.lives.length > 0) {
      await tx.execute(sql`
        insert into ${statsLives} (live_id, viewers, seconds)
        select (r ->> 'liveId')::int, (r ->> 'viewers')::int, (r ->> 'seconds')::float8
        from jsonb_array_elements(${rowsParam(sums.lives, (a, b) => a.liveId - b.liveId)}) with ordinality as t(r, n)
        where exists (select 1 from lives l where l.id = (r ->> 'liveId')::int)
        order by n
        on conflict (live_id) do update set
          viewers = ${statsLives.viewers} + excluded.viewers,
          seconds = ${statsLives.seconds} + excluded.seconds`);
    }
  });

/** The lives running now (their viewers are kept every LIVE_SAMPLE_SECONDS). */
export const runningLives = async (db: Executor) =>
  db
    .select({ id: lives.id, directId: lives.directId })
    .from(lives)
    .where(inArray(lives.state, ['live', 'reconnecting']));

/** Keeps lives' viewer counts at `slot`: every process may write it, the first one stays. */
export const addLiveSamples = async (
  db: Executor,
  slot: Date,
  samples: { liveId: number; viewers: number }[],
) => {
  if (samples.length === 0) return;
  await db
    .insert(statsLiveSamples)
    .values(samples.map((sample) => ({ ...sample, at: slot })))
    .onConflictDoNothing();
};

/** The media stored at the end of `day` (the last measure of the day stays). */
export const setStorage = async (db: Executor, day: string, bytes: number) => {
  await db
    .insert(statsSiteDays)
    .values({ day, storageBytes: bytes })
    .onConflictDoUpdate({ target: statsSiteDays.day, set: { storageBytes: bytes } });
};

/** What a heartbeat about a video needs: may the viewer watch it, and is it published. */
export const findWatchedVideo = async (db: Executor, viewer: Viewer, id: number) => {
  const [row] = await db
    .select({
      id: videos.id,
      rungs: videos.rungs,
      mediaVersion: videos.mediaVersion,
      published: sql<boolean>`${videos.processing} = ${Processing.Published}`,
      visible: sql<boolean>`${visibleVideo(viewer)}`,
    })
    .from(videos)
    .where(eq(videos.id, id));
  return row && { ...row, rungs: row.rungs.map(Number) };
};

/** What a heartbeat about a direct needs: may the viewer watch it, and its running live. */
export const findWatchedDirect = async (db: Executor, viewer: Viewer, id: number) => {
  const [row] = await db
    .select({
      id: directs.id,
      visible: sql<boolean>`${visibleDirect(viewer)}`,
      liveId: lives.id,
    })
    .from(directs)
    .leftJoin(
      lives,
      and(eq(lives.directId, directs.id), inArray(lives.state, ['live', 'reconnecting'])),
    )
    .where(eq(directs.id, id));
  return row;
};

export const videoTitle = async (db: Executor, id: number) =>
  (
    await db
      .select({
        id: videos.id,
        title: videos.title,
        views: videos.views,
        rungs: videos.rungs,
        mediaVersion: videos.mediaVersion,
      })
      .from(videos)
      .where(eq(videos.id, id))
  )[0];

export const directTitle = async (db: Executor, id: number) =>
  (
    await db
      .select({ id: directs.id, title: directs.title })
      .from(directs)
      .where(eq(directs.id, id))
  )[0];

const dayRange = (column: unknown, from: string, to: string) =>
  sql`${column} between ${from}::date and ${to}::date`;

/** The site's days that have a row, in order. */
export const siteDays = async (db: Executor, from: string, to: string) =>
  db
    .select({
      day: statsSiteDays.day,
      views: statsSiteDays.views,
      viewers: statsSiteDays.viewers,
      seconds: statsSiteDays.seconds,
      storageBytes: statsSiteDays.storageBytes,
    })
    .from(statsSiteDays)
    .where(dayRange(statsSiteDays.day, from, to))
    .orderBy(statsSiteDays.day);

/**
 * Videos created per day (the site's days), those still on the site: one count on the index
 * between each day's bounds. Grouping the uploads by their day converted each one to the time
 * zone: 40 ms for the 100,000 of a school year (bench:stats), 7 ms this way.
 */
export const uploadsPerDay = async (db: Executor, from: string, to: string, timeZone: string) => {
  const result = (await db.execute(sql`
    select d::date::text as day, (
        select count(*) from ${videos}
        where ${videos.uploadedAt} >= (d at time zone ${timeZone})
          and ${videos.uploadedAt} < ((d + interval '1 day') at time zone ${timeZone}))::int as uploads
    from generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') d`)) as unknown as {
    rows: { day: string; uploads: number }[];
  };
  return new Map(result.rows.map((row) => [row.day, Number(row.uploads)]));
};

/**
 * The most viewed videos of a period, exact, without adding up every row of it (a school year
 * is millions of rows): a video whose views over the n days reach S has a day with S / n views
 * or more. Each day's ten best give a first tenth total S10, at most the true one; only videos
 * with a day at S10 / n or more can be in the top, and only theirs are added up. Without
 * enough views to set a floor (S10 = 0) it reads every row, as few as they are then.
 * `limit` is written in the statement (a parameter makes PostgreSQL sort each day), and
 * `offset 0` keeps each day's look-up one (bench/README.md, `npm run bench:stats`).
 */
export const topVideos = async (db: Executor, from: string, to: string, limit: number) => {
  const top = sql.raw(String(Math.trunc(limit)));
  const result = (await db.execute(sql`
    with days as materialized (
      select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d
    ), seed as materialized (
      select distinct t.video_id from days cross join lateral (
        select s.video_id from ${statsVideoDays} s where s.day = days.day
        order by s.views desc limit ${top}) t
    ), threshold as materialized (
      select coalesce((select sum(v.views) from seed s cross join lateral (
          select sum(d.views) as views from ${statsVideoDays} d
          where d.video_id = s.video_id and d.day between ${from}::date and ${to}::date) v
        group by s.video_id order by 1 desc offset ${sql.raw(String(Math.trunc(limit) - 1))} limit 1),
        0) as s10
    ), candidates as materialized (
      select distinct t.video_id from days cross join lateral (
        select s.video_id from ${statsVideoDays} s where s.day = days.day
          and s.views >= (select ceil(s10::numeric / (${to}::date - ${from}::date + 1))::int
            from threshold)
        offset 0) t
    ), best as (
      select c.video_id, t.views, t.seconds from candidates c cross join lateral (
        select sum(d.views)::int as views, sum(d.seconds)::float8 as seconds
        from ${statsVideoDays} d
        where d.video_id = c.video_id and d.day between ${from}::date and ${to}::date) t
      order by 2 desc, 3 desc, 1 limit ${top}
    )
    select v.id, v.title, best.views, best.seconds from best join ${videos} v on v.id = best.video_id
    order by 3 desc, 4 desc, 1`)) as unknown as {
    rows: { id: number; title: string; views: number; seconds: number }[];
  };
  return result.rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    views: Number(row.views),
    seconds: Number(row.seconds),
  }));
};

const peakOf = (liveId: unknown) =>
  sql`(select s.viewers from ${statsLiveSamples} s where s.live_id = ${liveId}
    order by s.viewers desc, s.at limit 1)`;

/** Directs whose live started in the period, by their live's peak. */
export const topDirects = async (
  db: Executor,
  from: string,
  to: string,
  timeZone: string,
  limit: number,
) =>
  db
    .select({
      id: directs.id,
      title: directs.title,
      startedAt: sql<string>`min(${lives.startedAt})`,
      peakViewers: sql<number>`coalesce(max(${peakOf(lives.id)}), 0)::int`,
      uniqueViewers: sql<number>`coalesce(sum(${statsLives.viewers}), 0)::int`,
    })
    .from(lives)
    .innerJoin(directs, eq(directs.id, lives.directId))
    .leftJoin(statsLives, eq(statsLives.liveId, lives.id))
    .where(
      sql`${lives.startedAt} >= (${from}::date::timestamp at time zone ${timeZone})
        and ${lives.startedAt} < ((${to}::date + 1)::timestamp at time zone ${timeZone})`,
    )
    .groupBy(directs.id, directs.title)
    .orderBy(sql`4 desc`, sql`5 desc`, directs.id)
    .limit(limit);

/** Views before the statistics, over every video now, and when they began. */
export const viewsBefore = async (db: Executor, videoId?: number) =>
  (
    await db
      .select({
        // A bigint: counters of every video add up past 2^31 on a big site.
        views: sql<number>`coalesce(sum(${statsViewsBefore.views}), 0)::bigint`.mapWith(Number),
      })
      .from(statsViewsBefore)
      .where(videoId === undefined ? undefined : eq(statsViewsBefore.videoId, videoId))
  )[0]?.views ?? 0;

/** The first day that has daily detail. */
export const firstDay = async (db: Executor) =>
  (
    await db
      .select({ day: sql<string | null>`min(${statsSiteDays.day})::text` })
      .from(statsSiteDays)
  )[0]?.day ?? null;

export const videoDays = async (db: Executor, videoId: number, from: string, to: string) =>
  db
    .select({
      day: statsVideoDays.day,
      views: statsVideoDays.views,
      viewers: statsVideoDays.viewers,
      seconds: statsVideoDays.seconds,
    })
    .from(statsVideoDays)
    .where(and(eq(statsVideoDays.videoId, videoId), dayRange(statsVideoDays.day, from, to)))
    .orderBy(statsVideoDays.day);

export const retention = async (db: Executor, videoId: number, version: number) =>
  db
    .select({ step: statsRetention.step, views: statsRetention.views })
    .from(statsRetention)
    .where(and(eq(statsRetention.videoId, videoId), eq(statsRetention.mediaVersion, version)));

/** A direct's lives, oldest first, with what they had. */
export const directLives = async (db: Executor, directId: number) =>
  db
    .select({
      id: lives.id,
      state: lives.state,
      startedAt: lives.startedAt,
      endedAt: lives.endedAt,
      videoId: lives.videoId,
      viewers: sql<number>`coalesce(${statsLives.viewers}, 0)::int`,
      seconds: sql<number>`coalesce(${statsLives.seconds}, 0)::float8`,
    })
    .from(lives)
    .leftJoin(statsLives, eq(statsLives.liveId, lives.id))
    .where(eq(lives.directId, directId))
    .orderBy(lives.id);

export const liveSamples = async (db: Executor, liveIds: number[]) =>
  liveIds.length === 0
    ? []
    : db
        .select({
          liveId: statsLiveSamples.liveId,
          at: statsLiveSamples.at,
          viewers: statsLiveSamples.viewers,
        })
        .from(statsLiveSamples)
        .where(inArray(statsLiveSamples.liveId, liveIds))
        .orderBy(statsLiveSamples.liveId, statsLiveSamples.at);

/** Statistics views of videos since their statistics began (the REDIFF's views since). */
export const videoViews = async (db: Executor, videoId: number) =>
  (
    await db
      .select({ views: sql<number>`coalesce(sum(${statsVideoDays.views}), 0)::int` })
      .from(statsVideoDays)
      .where(eq(statsVideoDays.videoId, videoId))
  )[0]?.views ?? 0;
