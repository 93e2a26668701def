-- A proposal for `topVideos` (statistics.repository.ts), NOT applied: the same ten videos,
-- in the same order, without adding up every row of the period. Timed on the bench database
-- inside a transaction that is rolled back (its index goes with it):
--   psql -h 127.0.0.1 -U postgres plateau_bench_stats -f bench/stats/top-videos-proposal.sql
--
-- Why it is exact: a video whose views over the n days of the period reach S has at least
-- one day with ceil(S / n) views or more. S10 is the 10th best total among a few candidates
-- (each day's ten most viewed), so it is at most the true 10th best total: every video of the
-- true top ten has a day at or above ceil(S10 / n) and is among `cand`, whose totals are then
-- read from the primary key. With no skew at all (S10 = 0) it falls back to every row.
-- It needs an index on (day, views) instead of the one on (day), which it also replaces for
-- every other statement (both there, the planner may pick the narrower one and filter).
-- The ten is written in the statement (a parameter there makes PostgreSQL sort each day), and
-- `offset 0` keeps each day's look-up a look-up (else the planner, which cannot know S10,
-- may read the whole table).
\timing on
begin;
-- As the app's statements (unnamed: planned for their values), without JIT (see the README).
set local plan_cache_mode = force_custom_plan;
set local jit = off;
drop index stats_video_days_day_idx;
create index stats_video_days_day_views_idx on stats_video_days (day, views);
analyze stats_video_days;
prepare top(date, date) as
with days as materialized (
  select d::date as day from generate_series($1::date, $2::date, interval '1 day') d
), seed as materialized (
  select distinct t.video_id from days cross join lateral (
    select video_id from stats_video_days s where s.day = days.day order by views desc limit 10) t
), threshold as materialized (
  select coalesce((select sum(v.views) from seed s cross join lateral (
      select sum(views) as views from stats_video_days v
       where v.video_id = s.video_id and v.day between $1 and $2) v
    group by s.video_id order by 1 desc offset 9 limit 1), 0) as s10
), cand as materialized (
  select distinct t.video_id from days cross join lateral (
    select video_id from stats_video_days s where s.day = days.day
       and s.views >= (select ceil(s10::numeric / ($2::date - $1::date + 1))::int from threshold)
    offset 0) t
), top as (
  select c.video_id, t.views, t.seconds from cand c cross join lateral (
    select sum(d.views)::int as views, sum(d.seconds)::float8 as seconds from stats_video_days d
     where d.video_id = c.video_id and d.day between $1 and $2) t
   order by 2 desc, 3 desc, 1 limit 10
)
select v.id, v.title, top.views, top.seconds from top join videos v on v.id = top.video_id
 order by 3 desc, 4 desc, 1;
\o /dev/null
-- warm-up, then 7 days, 30 days, the school year (each twice)
execute top('2026-08-25', '2026-08-31');
execute top('2026-08-25', '2026-08-31');
execute top('2026-08-25', '2026-08-31');
execute top('2026-08-02', '2026-08-31');
execute top('2026-08-02', '2026-08-31');
execute top('2025-09-01', '2026-08-31');
execute top('2025-09-01', '2026-08-31');
\o
explain (analyze, buffers) execute top('2025-09-01', '2026-08-31');
rollback;
