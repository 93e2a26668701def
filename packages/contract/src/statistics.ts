import { Type, type Static } from '@sinclair/typebox';
import { fieldLimits } from './limits.ts';
import { statisticsPeriods } from './statistics-rules.ts';

/**
 * « Statistiques » (issue 35): what the player reports, and what members and geeks read. The
 * server keeps sums only (per video and day, per live, per day for the site): no address, no
 * browser, no row per person.
 */

const Seconds = Type.Number({ minimum: 0, maximum: 48 * 3600 });

/** A stretch the player played, in seconds on the video's (or the live's) timeline. */
export const PlayedRange = Type.Object(
  { start: Seconds, end: Seconds },
  { additionalProperties: false },
);
export type PlayedRange = Static<typeof PlayedRange>;

/**
 * `POST stats/heartbeat` (`navigator.sendBeacon`, hence the token as `?token=`): what one page
 * played since its last heartbeat. `watch` names the page's playing (random, new per page and
 * video), `sequence` counts its heartbeats: a heartbeat sent twice counts once.
 */
export const Heartbeat = Type.Object(
  {
    videoId: Type.Optional(Type.Integer({ minimum: 1 })),
    directId: Type.Optional(Type.Integer({ minimum: 1 })),
    watch: Type.String({ pattern: '^[A-Za-z0-9_-]{8,40}$' }),
    sequence: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    played: Type.Array(PlayedRange, { maxItems: fieldLimits.heartbeatRanges }),
  },
  { additionalProperties: false },
);
export type Heartbeat = Static<typeof Heartbeat>;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** `GET stats/site|videos/{id}?from=&to=&period=`: the days asked, both counted. */
export const StatisticsQuery = Type.Object(
  {
    from: Day,
    to: Day,
    /** What the range is: the comparison of `year` is the same days a school year before. */
    period: Type.Optional(Type.Union(statisticsPeriods.map((p) => Type.Literal(p)))),
  },
  { additionalProperties: false },
);
export type StatisticsQuery = Static<typeof StatisticsQuery>;

/** What was watched on one day. `viewers` are counted once each that day. */
export const DayTotals = Type.Object({
  day: Day,
  views: Type.Integer(),
  viewers: Type.Integer(),
  seconds: Type.Number(),
});
export type DayTotals = Static<typeof DayTotals>;

/** A period's sums; `viewerDays` adds each day's viewers (a viewer of two days counts twice). */
export const PeriodTotals = Type.Object({
  views: Type.Integer(),
  viewerDays: Type.Integer(),
  seconds: Type.Number(),
});
export type PeriodTotals = Static<typeof PeriodTotals>;

export const SiteDay = Type.Composite([
  DayTotals,
  Type.Object({
    /** Videos uploaded that day (still on the site). */
    uploads: Type.Integer(),
    /** Bytes of media stored at the end of that day, or null where it was not measured. */
    storageBytes: Type.Union([Type.Number(), Type.Null()]),
  }),
]);
export type SiteDay = Static<typeof SiteDay>;

export const TopVideo = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  views: Type.Integer(),
  seconds: Type.Number(),
});
export type TopVideo = Static<typeof TopVideo>;

export const TopDirect = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** When its (first) live of the period started. */
  startedAt: Type.String({ format: 'date-time' }),
  peakViewers: Type.Integer(),
  uniqueViewers: Type.Integer(),
});
export type TopDirect = Static<typeof TopDirect>;

/** `GET stats/site` (members and geeks). */
export const SiteStatistics = Type.Object({
  from: Day,
  to: Day,
  days: Type.Array(SiteDay),
  totals: Type.Composite([PeriodTotals, Type.Object({ uploads: Type.Integer() })]),
  /** The period before (see StatisticsQuery.period), for comparison. */
  previous: Type.Composite([
    PeriodTotals,
    Type.Object({ from: Day, to: Day, uploads: Type.Integer() }),
  ]),
  /** The most viewed videos of the period (at most 10), and its most watched directs. */
  topVideos: Type.Array(TopVideo),
  topDirects: Type.Array(TopDirect),
  /** Views counted before the statistics began (no daily detail), over every video now. */
  viewsBefore: Type.Integer(),
  /** The first day with daily detail, or null while none. */
  since: Type.Union([Day, Type.Null()]),
});
export type SiteStatistics = Static<typeof SiteStatistics>;

/** `GET stats/videos/{id}` (members and geeks). */
export const VideoStatistics = Type.Object({
  video: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    /** Seconds, as it is now (after any cut). */
    duration: Type.Number(),
    /** The count the watch page shows (page loads, since the video exists). */
    views: Type.Integer(),
  }),
  from: Day,
  to: Day,
  days: Type.Array(DayTotals),
  totals: PeriodTotals,
  previous: Type.Composite([PeriodTotals, Type.Object({ from: Day, to: Day })]),
  /** Of the period: seconds watched per view, over the video's duration (0 to 1). */
  averageShare: Type.Number({ minimum: 0, maximum: 1 }),
  /**
   * Since the video's last cut: per 1 % of it (RETENTION_STEPS values), how many views played
   * it. The first step is about every view; where it drops, people stopped.
   */
  retention: Type.Array(Type.Integer()),
  /** Views counted before the statistics began (no daily detail). */
  viewsBefore: Type.Integer(),
});
export type VideoStatistics = Static<typeof VideoStatistics>;

export const ViewersSample = Type.Object({
  at: Type.String({ format: 'date-time' }),
  viewers: Type.Integer(),
});
export type ViewersSample = Static<typeof ViewersSample>;

/** One live of a direct (a direct is usually one live; a restarted one has several). */
export const LiveStatistics = Type.Object({
  id: Type.Integer(),
  startedAt: Type.String({ format: 'date-time' }),
  /** Null while it runs. */
  endedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Viewers every LIVE_SAMPLE_SECONDS, in order. */
  samples: Type.Array(ViewersSample),
  peak: Type.Union([ViewersSample, Type.Null()]),
  /** People who watched it (accounts, and visitors counted per day). */
  uniqueViewers: Type.Integer(),
  seconds: Type.Number(),
  /** Seconds watched per viewer. */
  averageSeconds: Type.Number(),
});
export type LiveStatistics = Static<typeof LiveStatistics>;

/** `GET stats/directs/{id}` (members and geeks): polled every LIVE_SAMPLE_SECONDS while live. */
export const DirectStatistics = Type.Object({
  direct: Type.Object({ id: Type.Integer(), title: Type.String() }),
  /** Viewers now, while a live runs; null otherwise. */
  viewersNow: Type.Union([Type.Integer(), Type.Null()]),
  lives: Type.Array(LiveStatistics),
  /** The REDIFF and the views it has had since (statistics views), or null. */
  rediff: Type.Union([
    Type.Object({ videoId: Type.Integer(), title: Type.String(), views: Type.Integer() }),
    Type.Null(),
  ]),
});
export type DirectStatistics = Static<typeof DirectStatistics>;
