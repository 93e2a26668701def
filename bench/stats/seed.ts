import { openPostgres, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { adminUrl } from '../bench-env.ts';
import {
  dropIndexesForLoad,
  ensureSeededEmbedded,
  ensureSeededPostgres,
  seedLog,
  type SeedClient,
} from '../bulk-seed.ts';

/**
 * « A year of data » for `npm run bench:stats`: a catalogue and the statistics rows a year of
 * viewing leaves, seeded with set-based SQL (`insert … select from generate_series`) into a
 * database of its own (`plateau_bench_stats`, or a PGlite folder), kept between runs while its
 * seed version matches.
 */

export const statsDatabaseName = 'plateau_bench_stats';
/** Bumped whenever the seeded data changes shape, so an old database is seeded again. */
export const statsSeedVersion = 'plateau-bench-stats-seed v1';

/** The seeded year: one school year, 1 September to 31 August (365 days). */
export const FIRST_DAY = '2025-09-01';
export const LAST_DAY = '2026-08-31';

export interface StatsSeedSizes {
  users: number;
  videos: number;
  history: number;
  /**
   * Views drawn per weekday and per weekend day, `1 + floor(videos * random()^4)` each (the
   * first ids are the popular ones): at 1M videos, ~20,000 and ~15,000 distinct videos a day.
   */
  drawsWeekday: number;
  drawsWeekend: number;
  /** The most watched videos have a retention curve (100 steps each). */
  retentionVideos: number;
  directs: number;
}

export const postgresSizes: StatsSeedSizes = {
  users: 5_000,
  videos: 1_000_000,
  history: 10_000_000,
  drawsWeekday: 24_500,
  drawsWeekend: 18_000,
  retentionVideos: 50_000,
  directs: 300,
};

/** The embedded database: the same shape at 10,000 videos (catalogue-bound rows / 100). */
export const pgliteSizes: StatsSeedSizes = {
  users: 500,
  videos: 10_000,
  history: 100_000,
  drawsWeekday: 245,
  drawsWeekend: 180,
  retentionVideos: 500,
  directs: 300,
};

/** The gala: direct 1, its second live (of three), 612 viewers at the peak, at 20:41 Paris. */
export const GALA_DIRECT = 1;
export const GALA_PEAK = 612;
/** Lives seeded: three for the gala's direct, one each for directs 2-40 (3 h, a sample / 10 s). */
export const LIVES = 42;
const SAMPLES_PER_LIVE = 3 * 360;

/** The most watched video (it has a day row every day and a retention curve). */
export const TOP_VIDEO = 1;
/** The gala's REDIFF. */
export const GALA_REDIFF = 2;

const { log, timed } = seedLog('seed stats');

const bulkTables = [
  'videos',
  'history',
  'stats_video_days',
  'stats_retention',
  'stats_live_samples',
  'stats_views_before',
];
/** Their primary keys are dropped too (nothing references them) and added back by one sort. */
const droppedKeys = ['history', 'stats_video_days', 'stats_retention', 'stats_live_samples'];

const words = ['Gala', 'Concert', 'Match', 'Conférence', 'Théâtre', 'Atelier', 'Rentrée', 'Remise'];

export const seedStatistics = async (client: SeedClient, sizes: StatsSeedSizes) => {
  const { users, videos } = sizes;
  await client.query(`set session_replication_role = replica`);
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query(`set work_mem = '64MB'`);
  await client.query(`select setseed(0.3535)`);

  const indexes = await dropIndexesForLoad(client, bulkTables, droppedKeys);

  await timed(`${users} users`, () =>
    client.query(
      `insert into users (id, username, role, gda_access, created_at)
       select g, 'bench_user_' || lpad(g::text, 5, '0'),
              case when g % 50 = 0 then 'geek' when g % 10 = 0 then 'plateau' else 'user' end,
              g % 20 = 0, now() - random() * interval '1800 days'
         from generate_series(1, ${users}) g`,
    ),
  );
  await timed(`${sizes.directs} directs`, () =>
    client.query(
      `insert into directs (id, title, date, privacy)
       select g, case when g = ${GALA_DIRECT} then 'Gala de fin d''année' else 'Direct ' || g end,
              '${LAST_DAY}'::date - g * 3, case when g <= 40 then 0 else g % 2 end
         from generate_series(1, ${sizes.directs}) g`,
    ),
  );
  // Uploaded over ten years up to the seeded year's end (a tenth of them during it); their
  // view counters (the views before the statistics began): most a few, some hundreds, about
  // 40M in all, five of the seeded years.
  await timed(`${videos} videos`, () =>
    client.query(
      `insert into videos (id, title, date, views, privacy, processing, author_id, rungs,
                           has_thumbnail, uploaded_at, created_at)
       select g, 'Vidéo ' || g || ' : ' || ($1::text[])[1 + g % ${words.length}], at,
              floor(400 * power(random(), 6))::int,
              case when g <= 2 or r < 0.45 then 0 when r < 0.9 then 1 when r < 0.97 then 2 else 3 end,
              case when g <= 2 or r2 < 0.97 then 3 else 2 end,
              10 * (1 + g % ${users / 10}),
              case when g = ${TOP_VIDEO} then '{240}'::int[]
                   when g <= 2 or r2 < 0.97 then '{720,480,240}'::int[] else '{}'::int[] end,
              true, at, at
         from (select g, random() as r, random() as r2,
                      '${LAST_DAY}'::timestamptz + interval '20 hours' - random() * interval '3650 days' as at
                 from generate_series(1, ${videos}) g) t`,
      [words],
    ),
  );
  // Every user watched history / users distinct videos (a stride coprime with the catalogue).
  const perUser = Math.floor(sizes.history / users);
  await timed(`${perUser * users} history rows`, () =>
    client.query(
      `insert into history (user_id, video_id, watched_at)
       select u, 1 + ((u::bigint * 7919 + k::bigint * (10 * (u % 997) + 3)) % ${videos}),
              '${LAST_DAY}'::timestamptz - random() * interval '730 days'
         from generate_series(1, ${users}) u, generate_series(0, ${perUser - 1}) k`,
    ),
  );
  // Each day, views drawn toward the popular videos; one row per video watched that day.
  await timed('video days', () =>
    client.query(
      `insert into stats_video_days (video_id, day, views, viewers, seconds)
       select t.video_id, d::date, t.views, greatest(1, round(t.views * 0.8))::int,
              round((t.views * (20 + random() * 400))::numeric, 1)::float8
         from generate_series('${FIRST_DAY}'::date, '${LAST_DAY}'::date, interval '1 day') d
        cross join lateral (
          select 1 + floor(${videos} * power(random(), 4))::int as video_id, count(*)::int as views
            from generate_series(1, case when extract(isodow from d) >= 6
                                         then ${sizes.drawsWeekend} else ${sizes.drawsWeekday} end) g
           group by 1) t`,
    ),
  );
  await timed(`retention of ${sizes.retentionVideos} videos`, () =>
    client.query(
      `insert into stats_retention (video_id, media_version, step, views)
       select v, 0, s, greatest(1, floor(20000 / sqrt(v) * exp(-s / 60.0) * (0.9 + random() * 0.2)))::int
         from generate_series(1, ${sizes.retentionVideos}) v, generate_series(0, 99) s`,
    ),
  );
  // Lives at 19:00 (Paris, 17:00 UTC in summer time) for 3 h: the gala's direct has three
  // (rehearsal, gala, encore), directs 2-40 one each, spread over the year.
  await timed(`${LIVES} lives and their samples`, async () => {
    await client.query(
      `insert into lives (id, direct_id, state, started_at, ended_at, parts, video_id)
       select i, d, 'ended', start, start + interval '3 hours', 1,
              case when i = 2 then ${GALA_REDIFF} when i % 2 = 0 then ${videos} - i end
         from (select i, case when i <= 3 then ${GALA_DIRECT} else i - 2 end as d,
                      case when i <= 3 then timestamptz '2026-06-11 17:00:00+00' + (i - 1) * interval '1 day'
                           else (('${FIRST_DAY}'::date + (i * 8) % 360) + time '17:00') at time zone 'UTC'
                      end as start
                 from generate_series(1, ${LIVES}) i) t`,
    );
    // A bell-shaped evening; the gala's peak (612) at 20:41 Paris, its sample 606.
    await client.query(
      `insert into stats_live_samples (live_id, at, viewers)
       select l.id, l.started_at + t * interval '10 seconds',
              case when t = p.at then p.peak
                   else floor(p.peak * exp(-power((t - p.at) / 400.0, 2)) * (0.95 + 0.05 * random()))::int end
         from lives l
         cross join lateral (select case when l.id = 2 then ${GALA_PEAK} else 40 + (l.id * 37) % 300 end as peak,
                                    case when l.id = 2 then 606 else 300 + (l.id * 53) % 600 end as at) p,
              generate_series(0, ${SAMPLES_PER_LIVE - 1}) t`,
    );
    await client.query(
      `insert into stats_lives (live_id, viewers, seconds)
       select live_id, round(max(viewers) * 1.7)::int, sum(viewers) * 10.0
         from stats_live_samples group by live_id`,
    );
  });
  // The site's days: what its videos and lives had, and the media stored growing.
  await timed('site days', () =>
    client.query(
      `insert into stats_site_days (day, views, viewers, seconds, storage_bytes)
       select d::date, coalesce(v.views, 0) + coalesce(l.viewers, 0),
              round((coalesce(v.viewers, 0) + coalesce(l.viewers, 0)) * 0.55)::int,
              coalesce(v.seconds, 0) + coalesce(l.seconds, 0),
              2000000000000 + (d::date - '${FIRST_DAY}'::date) * 1500000000::bigint
         from generate_series('${FIRST_DAY}'::date, '${LAST_DAY}'::date, interval '1 day') d
         left join (select day, sum(views) as views, sum(viewers) as viewers, sum(seconds) as seconds
                      from stats_video_days group by day) v on v.day = d::date
         left join (select (started_at at time zone 'Europe/Paris')::date as day, sum(s.viewers) as viewers,
                           sum(s.seconds) as seconds
                      from lives join stats_lives s on s.live_id = lives.id group by 1) l on l.day = d::date`,
    ),
  );
  // Views counted before the statistics began: the counters of the videos uploaded before.
  await timed('views before the statistics', () =>
    client.query(
      `insert into stats_views_before (video_id, views, since)
       select id, views, '${FIRST_DAY}'::timestamptz from videos
        where uploaded_at < '${FIRST_DAY}'::timestamptz and views > 0`,
    ),
  );

  for (const table of ['users', 'directs', 'videos', 'lives']) {
    await client.query(`select setval('${table}_id_seq', (select max(id) from ${table}))`);
  }
  await client.query(`truncate video_counts`);
  await client.query(
    `insert into video_counts select privacy, gpa_restricted, processing, count(*) from videos group by 1, 2, 3`,
  );
  await client.query(`set session_replication_role = origin`);
  const { keys, indexes: rebuilt } = indexes.counts;
  await timed(`${keys} primary keys and ${rebuilt} indexes rebuilt`, indexes.rebuild);
  await timed('vacuum analyze', () => client.query(`vacuum analyze`));
};

export const statsUrl = () => {
  const url = new URL(adminUrl);
  url.pathname = `/${statsDatabaseName}`;
  return url.toString();
};

/** `plateau_bench_stats`, seeded unless it is already (or `reseed`), migrated, open. */
export const ensureStatsPostgres = async (reseed: boolean): Promise<DatabaseHandle> => {
  await ensureSeededPostgres(
    {
      name: statsDatabaseName,
      url: statsUrl(),
      version: statsSeedVersion,
      log: { log, timed },
      isFilled: async (bench) => {
        const { rows } = await bench.query<{ n: string }>(
          `select count(*) as n from videos where id <= $1`,
          [postgresSizes.videos],
        );
        return Number(rows[0]?.n) === postgresSizes.videos;
      },
      seed: (client) => seedStatistics(client, postgresSizes),
    },
    reseed,
  );
  return openPostgres(statsUrl());
};

/** The embedded database in `dir`, seeded at `pgliteSizes` unless it is already, open. */
export const ensureStatsPglite = (dir: string, reseed: boolean): Promise<DatabaseHandle> =>
  ensureSeededEmbedded(
    dir,
    {
      version: `${statsSeedVersion} ${JSON.stringify(pgliteSizes)}`,
      log: { log, timed },
      seed: (client) => seedStatistics(client, pgliteSizes),
    },
    reseed,
  );
