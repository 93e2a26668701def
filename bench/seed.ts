import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import {
  benchDatabaseName,
  benchUrl,
  expected,
  heavyUsers,
  pgliteExpected,
  seedVersion,
  type SeedSizes,
} from './bench-env.ts';
import {
  dropIndexesForLoad,
  ensureSeededEmbedded,
  ensureSeededPostgres,
  seedLog,
  type SeedClient,
} from './bulk-seed.ts';
import { commonWords, rareWords, tagNames } from './words.ts';

/**
 * Seeds `plateau_bench` with a realistic catalogue using set-based SQL only (each table is one
 * `insert ... select from generate_series`), so the whole load takes a minute or two.
 */

const { log, timed } = seedLog('seed');

/** The expected row counts: a database cut short or from other sizes is seeded again. */
const isFilled = async (bench: pg.Client): Promise<boolean> => {
  const tables = ['users', 'tags', 'videos', 'history'] as const;
  const { rows } = await bench.query<Record<(typeof tables)[number], string>>(
    `select (select count(*) from users) as users, (select count(*) from tags) as tags,
            (select count(*) from videos) as videos, (select count(*) from history) as history`,
  );
  const counts = rows[0];
  return tables.every((table) => Number(counts?.[table]) === expected[table]);
};

/** `n` words of `list`, the first ones more likely (`skew` > 1 sharpens it), for row `g`. */
const pickWords = (list: string, count: string, skew: number) =>
  `(select string_agg((${list})[1 + floor(array_length(${list}, 1) * power(random(), ${skew}))::int], ' ')
      from generate_series(1, ${count}) k)`;

const bulkTables = ['videos', 'video_tags', 'likes', 'history'];

export const seedData = async (client: SeedClient, sizes: SeedSizes) => {
  const { heavyHistory } = sizes;
  await client.query(`set session_replication_role = replica`);
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query(`select setseed(0.4242)`);
  const indexes = await dropIndexesForLoad(client, bulkTables);

  await timed(`${sizes.users} users`, () =>
    client.query(
      `insert into users (id, username, role, gda_access, created_at)
       select g, 'bench_user_' || lpad(g::text, 5, '0'),
              case when g % 50 = 0 then 'geek' when g % 10 = 0 then 'plateau' else 'user' end,
              g % 20 = 0, now() - random() * interval '1800 days'
         from generate_series(1, ${sizes.users}) g`,
    ),
  );
  await timed('200 tags', () =>
    client.query(
      `insert into tags (id, name) select i, name from unnest($1::text[]) with ordinality as t(name, i)`,
      [tagNames],
    ),
  );
  await timed('300 directs', () =>
    client.query(
      `insert into directs (id, title, description, date, privacy, search_text)
       select g, 'Direct ' || g, 'Retransmission en direct numéro ' || g,
              now() - (g * interval '12 days'), g % 2, 'Direct ' || g || ' Retransmission en direct numéro ' || g
         from generate_series(1, 300) g`,
    ),
  );

  // Two umbrella tags on about half the catalogue, then 0-2 themed tags (popular ones first).
  await timed('tag links', () =>
    client.query(
      `insert into video_tags (video_id, tag_id)
       select distinct video_id, tag_id from (
         select g as video_id, 1 as tag_id from generate_series(1, ${sizes.videos}) g where random() < 0.5
         union all select g, 2 from generate_series(1, ${sizes.videos}) g where random() < 0.4
         union all select g, 3 + floor(198 * power(random(), 2))::int
                     from generate_series(1, ${sizes.videos}) g where random() < 0.7
         union all select g, 3 + floor(198 * power(random(), 2))::int
                     from generate_series(1, ${sizes.videos}) g where random() < 0.4
       ) t`,
    ),
  );

  // Each user likes 40-80 distinct videos: a stride coprime with the catalogue size never repeats.
  await timed('likes', () =>
    client.query(
      `insert into likes (user_id, video_id, liked_at)
       select u, 1 + ((u::bigint * 104729 + k::bigint * (10 * (u % 991) + 7)) % ${sizes.videos}),
              now() - random() * interval '730 days'
         from generate_series(1, ${sizes.users}) u, generate_series(0, 39 + u % 41) k`,
    ),
  );

  await timed(`${sizes.videos} videos`, () =>
    client.query(
      `with base as materialized (
         select g, random() as r_privacy, random() as r_processing, random() as r_gpa
           from generate_series(1, ${sizes.videos}) g
       ), gen as materialized (
         select g as id,
                ${pickWords('$1::text[]', '2 + g % 5', 2.5)}
                  || case when random() < 0.02 then ' ' || ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int] else '' end
                  || case when g % 3 = 0 then ' ' || (2016 + g % 10) else '' end as title,
                ${pickWords('$1::text[]', '12 + g % 29', 1.6)} || '.' as description,
                now() - random() * interval '3650 days' as date,
                case when r_privacy < 0.45 then 0 when r_privacy < 0.9 then 1
                     when r_privacy < 0.97 then 2 else 3 end as privacy,
                case when r_processing < 0.95 then 3 else g % 3 end as processing,
                r_gpa < 0.3 as gpa_candidate
           from base
       )
       insert into videos (id, title, description, date, promotion, views, like_count, privacy,
                           gpa_restricted, processing, direct_id, author_id, encoding_progress,
                           rungs, has_thumbnail, created_at, search_text)
       select id, upper(left(title, 1)) || substr(title, 2), upper(left(description, 1)) || substr(description, 2),
              date, case when id % 5 < 3 then 2015 + id % 14 else -1 end,
              floor(20000 * power(random(), 6))::int,
              coalesce(liked.n, 0),
              privacy, privacy = 2 and gpa_candidate, processing,
              case when id % 5 = 0 then 1 + id % 300 end, 10 * (1 + id % ${sizes.users / 10}),
              case when processing = 2 then 40 end,
              case when processing = 3 then '{1080,720,480,240}'::int[] else '{}'::int[] end,
              true, date,
              video_search_text(id, upper(left(title, 1)) || substr(title, 2),
                                upper(left(description, 1)) || substr(description, 2))
         from gen left join (select video_id, count(*) as n from likes group by video_id) liked
           on liked.video_id = gen.id`,
      [[...commonWords], [...rareWords]],
    ),
  );

  // Users 1-9 are heavy watchers; the stride trick again keeps every (user, video) pair distinct.
  const regular = sizes.users - heavyUsers;
  const share = sizes.history - heavyUsers * heavyHistory;
  const base = Math.floor(share / regular);
  const extra = share - base * regular;
  await timed(`${sizes.history} history rows`, () =>
    client.query(
      `insert into history (user_id, video_id, watched_at)
       select u, 1 + ((u::bigint * 7919 + k::bigint * (10 * (u % 997) + 3)) % ${sizes.videos}),
              now() - random() * interval '730 days'
         from generate_series(1, ${sizes.users}) u,
              generate_series(0, case when u <= ${heavyUsers} then ${heavyHistory}
                                      when u <= ${heavyUsers + extra} then ${base + 1}
                                      else ${base} end - 1) k`,
    ),
  );

  for (const table of ['users', 'tags', 'directs', 'videos']) {
    await client.query(`select setval('${table}_id_seq', (select max(id) from ${table}))`);
  }
  // The load ran without triggers: rebuild what they keep, as migration 0006 does.
  await client.query(`truncate video_counts`);
  await client.query(
    `insert into video_counts select privacy, gpa_restricted, processing, count(*) from videos group by 1, 2, 3`,
  );
  // tag_ids, the per-tag, per-pair and per-user counts, as migration 0009 does.
  await timed('list counts rebuilt', () => client.query(`select rebuild_list_counts()`));
  await client.query(`set session_replication_role = origin`);
  await timed(`${indexes.counts.indexes} indexes rebuilt`, indexes.rebuild);
  await timed('vacuum analyze', () => client.query(`vacuum analyze`));
};

export const ensureSeeded = (options: { reseed?: boolean } = {}): Promise<void> =>
  ensureSeededPostgres(
    {
      name: benchDatabaseName,
      url: benchUrl(),
      version: seedVersion,
      log: { log, timed },
      isFilled,
      seed: (client) => seedData(client, expected),
    },
    options.reseed,
  );

/**
 * The embedded database of the PGlite run, seeded the same way at `pgliteExpected`'s size in
 * `dir` (kept between runs while its seed version and sizes match). Returns it open.
 */
export const ensureSeededPglite = (
  dir: string,
  options: { reseed?: boolean } = {},
): Promise<DatabaseHandle> =>
  ensureSeededEmbedded(
    dir,
    {
      version: `${seedVersion} ${JSON.stringify(pgliteExpected)}`,
      log: { log, timed },
      seed: (client) => seedData(client, pgliteExpected),
    },
    options.reseed,
  );

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureSeeded({ reseed: process.argv.includes('--reseed') });
}
