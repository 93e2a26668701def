/**
 * The longest (and shortest) values the server accepts, field by field: its schemas read them
 * here, and so do the web forms (as `maxLength`), so a form can never let through what the
 * server then refuses, nor stop short of what it takes.
 */
export const fieldLimits = {
  /** Video, direct and playlist titles. */
  title: 200,
  /** Video, direct and playlist descriptions. */
  description: 10_000,
  liveUrl: 2000,
  tagName: 60,
  username: 64,
  password: { min: 8, max: 256 },
  /** The person's identifier at the school's single sign-on provider. */
  ssoSubject: 255,
  searchTerm: 200,
  /** A promotion is a year or a cohort number: at most four digits (9999). */
  promotionDigits: 4,
  /** Tags a list may be filtered by, and tags one video may carry. */
  tagFilter: 20,
  videoTags: 50,
  /** Videos a playlist reorder may send. */
  playlistVideos: 5000,
  /** A chapter's title, and the chapters one video may have (a gala's acts, a match's halves). */
  chapterTitle: 100,
  videoChapters: 100,
  /** Ranges one cut (« Montage ») may keep. */
  keptRanges: 50,
  /** Played ranges one statistics heartbeat may report (a seek starts a new one). */
  heartbeatRanges: 20,
  /** A message in the chat of a direct. */
  chatMessage: 300,
} as const;

export const PROMOTION_MAX = 10 ** fieldLimits.promotionDigits - 1;

/** The encoder's keyframe interval a live needs: its segments are cut this long. */
export const LIVE_KEYFRAME_SECONDS = 2;
