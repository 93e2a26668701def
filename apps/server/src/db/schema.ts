import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Accent- and case-free French search document; `immutable_unaccent` is created by migration 0000. */
const searchVector = (column: string) =>
  tsvector('search_vector').generatedAlwaysAs(
    sql.raw(`to_tsvector('french', immutable_unaccent(coalesce(${column}, '')))`),
  );

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    role: text('role').notNull(),
    gdaAccess: boolean('gda_access').notNull().default(false),
    ssoSubject: text('sso_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Bumped to revoke every token issued before (password change, demotion). */
    tokenVersion: integer('token_version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_sso_subject_key').on(t.ssoSubject),
    check('users_role_check', sql`${t.role} in ('user', 'plateau', 'geek')`),
  ],
);

export const directs = pgTable(
  'directs',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    privacy: smallint('privacy').notNull().default(1),
    promotion: integer('promotion').notNull().default(-1),
    gpaRestricted: boolean('gpa_restricted').notNull().default(false),
    liveUrl: text('live_url').notNull().default(''),
    hasPoster: boolean('has_poster').notNull().default(false),
    /** title + description, the text that search reads. */
    searchText: text('search_text').notNull().default(''),
    searchVector: searchVector('search_text'),
  },
  (t) => [
    index('directs_date_idx').on(t.date.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('directs_search_idx').using('gin', t.searchVector),
    index('directs_search_trgm_idx').using(
      'gin',
      sql`immutable_unaccent(lower(${t.searchText})) gin_trgm_ops`,
    ),
    check('directs_privacy_check', sql`${t.privacy} between 0 and 3`),
  ],
);

export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    promotion: integer('promotion').notNull().default(-1),
    views: integer('views').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    privacy: smallint('privacy').notNull().default(1),
    gpaRestricted: boolean('gpa_restricted').notNull().default(false),
    processing: smallint('processing').notNull().default(0),
    directId: integer('direct_id').references(() => directs.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    encodingProgress: smallint('encoding_progress'),
    encodingError: text('encoding_error'),
    /** Rungs (1080, 720, ...) present on disk after the last successful encode. */
    rungs: integer('rungs')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    hasThumbnail: boolean('has_thumbnail').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** title + description + tag names, kept by the videos repository; read by search. */
    searchText: text('search_text').notNull().default(''),
    searchVector: searchVector('search_text'),
  },
  // Descending keys are NULLS FIRST, as `order by x desc` is: a NULLS LAST index cannot serve it.
  (t) => [
    // Covers the visibility columns so a page of ids is read from the index alone.
    index('videos_published_date_idx')
      .on(t.date.desc().nullsFirst(), t.id.desc().nullsFirst(), t.privacy, t.gpaRestricted)
      .where(sql`${t.processing} = 3`),
    index('videos_privacy_date_idx').on(
      t.privacy,
      t.date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('videos_pending_idx')
      .on(t.processing)
      .where(sql`${t.processing} < 3`),
    index('videos_direct_idx').on(t.directId),
    // Index-only counts and joins (history, likes, tag filters) on what visibility reads.
    index('videos_published_visibility_idx')
      .on(t.id, t.privacy, t.gpaRestricted)
      .where(sql`${t.processing} = 3`),
    index('videos_like_count_idx').on(t.likeCount.desc().nullsFirst(), t.date.desc().nullsFirst()),
    index('videos_views_idx').on(t.views.desc().nullsFirst(), t.date.desc().nullsFirst()),
    index('videos_search_idx').using('gin', t.searchVector),
    index('videos_search_trgm_idx').using(
      'gin',
      sql`immutable_unaccent(lower(${t.searchText})) gin_trgm_ops`,
    ),
    check('videos_privacy_check', sql`${t.privacy} between 0 and 3`),
    check('videos_processing_check', sql`${t.processing} between 0 and 3`),
    check('videos_like_count_check', sql`${t.likeCount} >= 0`),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('tags_name_key').on(sql`lower(${t.name})`)],
);

export const videoTags = pgTable(
  'video_tags',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.tagId] }),
    index('video_tags_tag_idx').on(t.tagId, t.videoId),
  ],
);

export const playlists = pgTable(
  'playlists',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique('playlists_code_key'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('playlists_author_idx').on(t.authorId)],
);

export const playlistVideos = pgTable(
  'playlist_videos',
  {
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.videoId] }),
    index('playlist_videos_position_idx').on(t.playlistId, t.position),
    index('playlist_videos_video_idx').on(t.videoId),
  ],
);

export const library = pgTable(
  'library',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.playlistId] })],
);

export const likes = pgTable(
  'likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    likedAt: timestamp('liked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('likes_user_recent_idx').on(t.userId, t.likedAt.desc().nullsFirst()),
    index('likes_video_idx').on(t.videoId),
  ],
);

export const history = pgTable(
  'history',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    watchedAt: timestamp('watched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index('history_user_recent_idx').on(t.userId, t.watchedAt.desc().nullsFirst()),
    index('history_video_idx').on(t.videoId),
  ],
);

/**
 * How many videos there are per visibility class, kept by a trigger (migration 0006), so the
 * total of an unfiltered list is a sum of a few rows read through the same visibility rule.
 */
export const videoCounts = pgTable(
  'video_counts',
  {
    privacy: smallint('privacy').notNull(),
    gpaRestricted: boolean('gpa_restricted').notNull(),
    processing: smallint('processing').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.privacy, t.gpaRestricted, t.processing] })],
);

/** One row (id = 1) of global settings. */
export const settings = pgTable(
  'settings',
  {
    id: smallint('id').primaryKey().default(1),
    homeDisplay: smallint('home_display').notNull().default(0),
    currentDirectId: integer('current_direct_id').references(() => directs.id, {
      onDelete: 'set null',
    }),
    gpaPromo: integer('gpa_promo').notNull().default(-1),
  },
  (t) => [
    check('settings_single_row', sql`${t.id} = 1`),
    check('settings_home_display_check', sql`${t.homeDisplay} between 0 and 3`),
  ],
);

/** The five trending slots of the home page; an empty slot has no row. */
export const trendingSlots = pgTable(
  'trending_slots',
  {
    slot: smallint('slot').primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
  },
  (t) => [check('trending_slot_check', sql`${t.slot} between 1 and 5`)],
);
