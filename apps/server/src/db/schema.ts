import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
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
    /** The single sign-on identity: the provider (issuer) and its `sub` for this person. */
    ssoIssuer: text('sso_issuer'),
    ssoSubject: text('sso_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Bumped to revoke every token issued before (password change, demotion). */
    tokenVersion: integer('token_version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_sso_identity_key').on(t.ssoIssuer, t.ssoSubject),
    check('users_role_check', sql`${t.role} in ('user', 'plateau', 'geek')`),
    check('users_sso_identity_check', sql`(${t.ssoIssuer} is null) = (${t.ssoSubject} is null)`),
  ],
);

/**
 * The `state` of every single sign-on that completed in the last hour: a callback replayed with
 * the same state is refused even if the provider were to accept its code a second time.
 */
export const ssoUsedStates = pgTable(
  'sso_used_states',
  {
    state: text('state').primaryKey(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_used_states_used_at_idx').on(t.usedAt)],
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
    /** Secret RTMP stream key of "Diffuser sur Plateau"; null when broadcasting is off. */
    streamKey: text('stream_key').unique(),
    /** « Latence faible »: its lives are also cut into low-latency HLS parts. */
    lowLatency: boolean('low_latency').notNull().default(false),
    /** The chat of the direct (issue 36): open, slow mode (seconds, 0 off), members only, pin. */
    chatEnabled: boolean('chat_enabled').notNull().default(false),
    chatSlowSeconds: integer('chat_slow_seconds').notNull().default(0),
    chatMembersOnly: boolean('chat_members_only').notNull().default(false),
    chatPinnedId: bigint('chat_pinned_id', { mode: 'number' }),
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
    /**
     * Why an encode at processing 2 has not started yet: 'disk' while it waits for free disk
     * space (DISK_FREE_FLOOR); null while it is queued, runs, or once it is over.
     */
    encodingWait: text('encoding_wait'),
    /** Rungs (1080, 720, ...) present on disk after the last successful encode. */
    rungs: integer('rungs')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    hasThumbnail: boolean('has_thumbnail').notNull().default(false),
    /** When the video was created (its first upload): the statistics' uploads per day. */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Which name the raw file has (`mediaKeys.raw`): 0 for `raw.mp4`, else a new random number
     * per upload, so a new original is stored beside the old one before the row points to it.
     */
    rawVersion: integer('raw_version').notNull().default(0),
    /**
     * Which names the renditions, their indexes, the storyboard and the captions have
     * (`mediaKeys`): 0 for the encode's, else a new random number per cut (« Montage »), so a
     * cut is stored beside the version viewers are watching before the row points to it.
     */
    mediaVersion: integer('media_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** title + description + tag names, kept by the videos repository; read by search. */
    searchText: text('search_text').notNull().default(''),
    searchVector: searchVector('search_text'),
    /** The video's tag ids, sorted: a copy of video_tags kept by its trigger, for tag filters. */
    tagIds: integer('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  // Descending keys are NULLS FIRST, as `order by x desc` is: a NULLS LAST index cannot serve it.
  (t) => [
    // Covers visibility and tags so a page of ids, tag filter included, is read from the index alone.
    index('videos_published_date_idx')
      .on(
        t.date.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.privacy,
        t.gpaRestricted,
        t.tagIds,
      )
      .where(sql`${t.processing} = 3`),
    // Rare tags: the videos carrying every listed tag straight from the index (`tag_ids @> ...`).
    index('videos_published_tags_idx')
      .using('gin', t.tagIds)
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
    index('videos_uploaded_at_idx').on(t.uploadedAt),
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
    index('likes_user_recent_idx').on(t.userId, t.likedAt.desc().nullsFirst(), t.videoId),
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
    index('history_user_recent_idx').on(t.userId, t.watchedAt.desc().nullsFirst(), t.videoId),
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

/**
 * Videos per tag (`tag_b` = 0) and per tag pair (`tag_a` < `tag_b`) and visibility class, kept
 * by a trigger on videos (migration 0009): the total of a list filtered by one or two tags.
 */
export const videoTagCounts = pgTable(
  'video_tag_counts',
  {
    tagA: integer('tag_a').notNull(),
    tagB: integer('tag_b').notNull(),
    privacy: smallint('privacy').notNull(),
    gpaRestricted: boolean('gpa_restricted').notNull(),
    processing: smallint('processing').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tagA, t.tagB, t.privacy, t.gpaRestricted, t.processing] })],
);

/**
 * A user's history (`list` 0) and liked videos (`list` 1) per visibility class, kept by
 * triggers on history, likes and videos (migration 0009): the totals of those two lists. A
 * deleted user's rows stay behind (ids are not reused, so they are never read).
 */
export const userVideoCounts = pgTable(
  'user_video_counts',
  {
    userId: integer('user_id').notNull(),
    list: smallint('list').notNull(),
    privacy: smallint('privacy').notNull(),
    gpaRestricted: boolean('gpa_restricted').notNull(),
    processing: smallint('processing').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.list, t.privacy, t.gpaRestricted, t.processing] })],
);

/**
 * One row, bumped by a trigger whenever a video is added, removed, or changes what search
 * reads (text, tags, date, visibility class): cached search results of an older version are stale.
 */
export const videoDataVersion = pgTable(
  'video_data_version',
  {
    id: smallint('id').primaryKey().default(1),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('video_data_version_single_row', sql`${t.id} = 1`)],
);

/**
 * Full-text search results shared by every server through the database: the exact total and
 * the best-ranked ids of one (query, visibility class, tag filter), valid for one data version.
 */
export const searchResults = pgTable('search_results', {
  key: text('key').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  total: integer('total').notNull(),
  head: integer('head').array().notNull(),
});

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
    /** A live that starts becomes the current direct when none is set. */
    liveSetsCurrent: boolean('live_sets_current').notNull().default(true),
    /** An ended live's REDIFF is encoded and published at once. */
    publishRediff: boolean('publish_rediff').notNull().default(false),
    /** Words the chat refuses (geeks, /settings), matched as words, ignoring case and accents. */
    chatForbiddenWords: text('chat_forbidden_words')
      .array()
      .notNull()
      .default(sql`'{}'`),
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

/**
 * One live of a direct broadcast into Plateau: from the first accepted publish to its end.
 * Its states are changed only by modules/live/live-states.ts. `parts` counts the recording
 * parts on disk (one per publish); `videoId` is the REDIFF once built.
 */
export const lives = pgTable(
  'lives',
  {
    id: serial('id').primaryKey(),
    directId: integer('direct_id')
      .notNull()
      .references(() => directs.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the encoder was last lost (reconnecting), for the grace. */
    lostAt: timestamp('lost_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    parts: integer('parts').notNull().default(0),
    /** On the air before the current part (ms), and when that part began: a chat message's place in the recording. */
    airMs: bigint('air_ms', { mode: 'number' }).notNull().default(0),
    partStartedAt: timestamp('part_started_at', { withTimezone: true }).notNull().defaultNow(),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    /**
     * "Terminer le direct" asked on an instance that does not receive this live: the one that
     * does sees it and ends it.
     */
    endRequestedAt: timestamp('end_requested_at', { withTimezone: true }),
    /** How far the REDIFF's join is (0-99) while the live is `ending`; null before and after. */
    rediffProgress: smallint('rediff_progress'),
  },
  (t) => [
    check('lives_state_check', sql`${t.state} in ('live', 'reconnecting', 'ending', 'ended')`),
    // At most one live per direct is not over: the publish gate relies on it.
    uniqueIndex('lives_open_idx')
      .on(t.directId)
      .where(sql`${t.state} <> 'ended'`),
    index('lives_direct_idx').on(t.directId, t.id.desc()),
  ],
);

/** Why a direct's last stream was refused or stopped (French, shown to geeks); one per direct. */
export const liveProblems = pgTable('live_problems', {
  directId: integer('direct_id')
    .primaryKey()
    .references(() => directs.id, { onDelete: 'cascade' }),
  message: text('message').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who watches each direct now, across instances: each instance writes the viewers it saw
 * (an account, or a visitor's address) every few seconds; a viewer is present while seen lately.
 */
export const livePresence = pgTable(
  'live_presence',
  {
    directId: integer('direct_id')
      .notNull()
      .references(() => directs.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.directId, t.viewer] }),
    index('live_presence_seen_idx').on(t.seenAt),
  ],
);

/**
 * Attempts counted by a rate limit (sign-in) for every instance at once: one row per address
 * and route, its count and when its window ends.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});

/** A video's captions, one per language; the file is `mediaKeys.caption(videoId, language)`. */
export const videoCaptions = pgTable(
  'video_captions',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.language] })],
);

/** A video's chapters (issue 34): where each starts, in milliseconds, and its title. */
export const videoChapters = pgTable(
  'video_chapters',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    startMs: integer('start_ms').notNull(),
    title: text('title').notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.startMs] })],
);

/**
 * A video's last cut (« Montage », issue 34): the ranges kept, where the job stands, and the
 * version it was cut from, kept for « Annuler le montage » until `undo_until` (then swept).
 */
export const videoTrims = pgTable('video_trims', {
  videoId: integer('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  /** The kept ranges in milliseconds, `[[start, end], ...]`, on the timeline of `fromVersion`. */
  keepMs: jsonb('keep_ms').$type<[number, number][]>().notNull(),
  /** 'queued', 'running', 'failed' or 'done'. */
  state: text('state').notNull(),
  progress: smallint('progress'),
  error: text('error'),
  fromVersion: integer('from_version').notNull(),
  toVersion: integer('to_version').notNull(),
  /**
   * The same cut on the video's first version's timeline (the REDIFF as recorded), composed
   * with the cuts before it, and what the version before it kept of the first one (null: all
   * of it): « Revoir le chat » places the live's messages through them (lib/kept-ranges.ts).
   */
  originalKeepMs: jsonb('original_keep_ms').$type<[number, number][]>(),
  originalBeforeMs: jsonb('original_before_ms').$type<[number, number][]>(),
  /** The chapters before the cut, restored by an undo: `[[startMs, title], ...]`. */
  chaptersBefore: jsonb('chapters_before').$type<[number, string][]>(),
  /** Until when the version before stays for an undo; null once swept or undone. */
  undoUntil: timestamp('undo_until', { withTimezone: true }),
  requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  /** Asked of a video not encoded yet: its encode makes it before publishing (no job of its own). */
  atEncode: boolean('at_encode').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where a media folder (`videos/5`, `directs/3`) lives: the local directory or the S3 bucket
 * (issue 25). A folder written before this table existed has no row and is on the local disk;
 * each new folder is recorded on its first write, and the move job switches a folder's row
 * once every file is copied and verified.
 */
export const mediaLocations = pgTable(
  'media_locations',
  {
    folder: text('folder').primaryKey(),
    backend: text('backend', { enum: ['local', 's3'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('media_locations_backend', sql`${t.backend} in ('local', 's3')`)],
);

/**
 * Stored files no row refers to (yet or any more): a new original being stored before its row
 * records it, and the original it replaced until it is removed. Each row is deleted by the
 * transaction that records the file, or once the replaced file is gone; a row left by a crash
 * is swept (unreferenced-media.ts), with its file.
 */
export const unreferencedMedia = pgTable('unreferenced_media', {
  key: text('key').primaryKey(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});
