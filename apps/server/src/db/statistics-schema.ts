import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core';
import { lives, videos } from './schema.ts';

/**
 * « Statistiques » (issue 35): sums only. Every count is added to by `+ excluded.x`, so several
 * processes add to the same rows; no row names a person, an address or a browser.
 */

/** What a video had on one day (the site's days, TIME_ZONE). */
export const statsVideoDays = pgTable(
  'stats_video_days',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    viewers: integer('viewers').notNull().default(0),
    seconds: doublePrecision('seconds').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.day] }),
    // A day's most viewed first: the top videos of a period (statistics.repository.ts).
    index('stats_video_days_day_views_idx').on(t.day, t.views),
  ],
);

/** Per 1 % of a video's media version: how many views played it. */
export const statsRetention = pgTable(
  'stats_retention',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    mediaVersion: integer('media_version').notNull(),
    step: smallint('step').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.mediaVersion, t.step] })],
);

/** The site's day: what was watched (videos and lives), and the media stored at its end. */
export const statsSiteDays = pgTable('stats_site_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  views: integer('views').notNull().default(0),
  viewers: integer('viewers').notNull().default(0),
  seconds: doublePrecision('seconds').notNull().default(0),
  storageBytes: bigint('storage_bytes', { mode: 'number' }),
});

/** A live's viewers and time watched. */
export const statsLives = pgTable('stats_lives', {
  liveId: integer('live_id')
    .primaryKey()
    .references(() => lives.id, { onDelete: 'cascade' }),
  viewers: integer('viewers').notNull().default(0),
  seconds: doublePrecision('seconds').notNull().default(0),
});

/** A live's viewer count every LIVE_SAMPLE_SECONDS (the count its page shows). */
export const statsLiveSamples = pgTable(
  'stats_live_samples',
  {
    liveId: integer('live_id')
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    viewers: integer('viewers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.at] })],
);

/**
 * Views a video had before the statistics began (its counter then), which have no daily
 * detail: the migration that made these tables filled it.
 */
export const statsViewsBefore = pgTable('stats_views_before', {
  videoId: integer('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  views: integer('views').notNull(),
  since: timestamp('since', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
