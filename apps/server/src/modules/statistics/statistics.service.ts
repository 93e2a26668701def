import {
  MAX_STATISTICS_DAYS,
  daysBetween,
  previousRange,
  type DirectStatistics,
  type Heartbeat,
  type SiteStatistics,
  type StatisticsQuery,
  type VideoStatistics,
} from '@plateau/contract';
import { requireMember } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import { visibilityClass } from '../../access/visibility.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import { renditionSeconds } from '../../media-tools/video-duration.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { createTokenBucket } from '../../lib/token-bucket.ts';
import { directStatistics } from './direct-statistics.ts';
import { periodTotals, retentionCurve, siteDaysOf } from './statistics-figures.ts';
import * as repository from './statistics.repository.ts';
import type { WatchedSubject, WatchTally } from './watch-tally.ts';

export const messages = {
  oneSubject: 'Un battement porte sur une vidéo ou sur un direct, pas les deux',
  backwards: 'Une plage lue finit avant de commencer',
  pastTheEnd: 'Une plage lue dépasse la fin de la vidéo',
  notPublished: "Cette vidéo n'est pas publiée",
  notLive: "Ce direct n'est pas en cours",
  range: 'La période demandée est invalide',
  tooMany: (seconds: number) => `Trop de battements : réessayez dans ${seconds} s`,
} as const;

/** Players' times may run a little past the picture (sound, rounding). */
const END_TOLERANCE_SECONDS = 1;
const TOP = 10;
const DURATION_TTL_MS = 10 * 60_000;
/** How long a change of a video's access or state may take to reach its heartbeats. */
const WATCHED_VIDEO_TTL_MS = 5_000;

export interface StatisticsServiceDeps {
  db: Database;
  storage: MediaStorage;
  tally: WatchTally;
  timeZone: string;
  viewersNow: (directId: number) => Promise<number>;
  now: () => number;
}

/** Who a heartbeat comes from, for the tally only (never stored). */
export interface HeartbeatSender {
  viewer: Viewer;
  address: string;
  userAgent: string;
}

export const createStatisticsService = (deps: StatisticsServiceDeps) => {
  const { db, tally, timeZone } = deps;
  // A viewer's heartbeats: 20 in a burst (seeks and pauses send more than one per 10 s), then
  // one every 2 s sustained (a player sends one per 10 s).
  const limit = createTokenBucket({ burst: 20, everySeconds: 2, now: deps.now });
  // A video's length is read from its rendition's index (a file, maybe in the bucket): once per
  // media version and a while, not for every heartbeat.
  const durations = createTtlCache<{ seconds: number | null }>({
    ttlMs: DURATION_TTL_MS,
    maxEntries: 10_000,
  });
  // Heartbeats of one video come every few seconds from each of its viewers: the answer of the
  // visibility rule is kept a few seconds per video and class of viewers (as media reads do).
  const watchedVideos = createTtlCache<{
    found: Awaited<ReturnType<typeof repository.findWatchedVideo>>;
  }>({ ttlMs: WATCHED_VIDEO_TTL_MS, maxEntries: 10_000 });
  const watchedVideo = async (viewer: Viewer, id: number) => {
    const key = `${id}:${visibilityClass(viewer)}`;
    const kept = watchedVideos.get(key);
    if (kept) return kept.found;
    const found = await repository.findWatchedVideo(db, viewer, id);
    watchedVideos.set(key, { found });
    return found;
  };
  const durationOf = async (video: { id: number; rungs: number[]; mediaVersion: number }) => {
    const key = `${video.id}:${video.mediaVersion}`;
    const kept = durations.get(key);
    if (kept) return kept.seconds;
    const seconds = await renditionSeconds(deps.storage, video);
    durations.set(key, { seconds });
    return seconds;
  };

  const checkRange = (query: StatisticsQuery) => {
    const length = daysBetween(query.from, query.to);
    if (!(length >= 1 && length <= MAX_STATISTICS_DAYS)) throw badRequest(messages.range);
    return previousRange(query.from, query.to, query.period);
  };

  const watchedSubject = async (viewer: Viewer, beat: Heartbeat): Promise<WatchedSubject> => {
    if (beat.videoId !== undefined) {
      const video = requireVisible(
        await watchedVideo(viewer, beat.videoId),
        viewer,
        notFoundMessage.video,
      );
      if (!video.published) throw badRequest(messages.notPublished);
      // Unknown for renditions from before their indexes (plain MP4s): no end to check, no
      // retention, views and time all the same.
      const duration = await durationOf(video);
      if (
        duration !== null &&
        beat.played.some((range) => range.end > duration + END_TOLERANCE_SECONDS)
      ) {
        throw badRequest(messages.pastTheEnd);
      }
      return { kind: 'video', id: video.id, version: video.mediaVersion, duration };
    }
    const direct = requireVisible(
      await repository.findWatchedDirect(db, viewer, beat.directId!),
      viewer,
      notFoundMessage.direct,
    );
    if (direct.liveId === null) throw badRequest(messages.notLive);
    return { kind: 'live', id: direct.liveId };
  };

  return {
    /** A player's heartbeat: checked as its media are, limited, then added up in memory. */
    async heartbeat(sender: HeartbeatSender, beat: Heartbeat) {
      if ((beat.videoId === undefined) === (beat.directId === undefined)) {
        throw badRequest(messages.oneSubject);
      }
      if (beat.played.some((range) => range.end <= range.start)) {
        throw badRequest(messages.backwards);
      }
      const identity = sender.viewer
        ? `u:${sender.viewer.userId}`
        : `v:${sender.address}|${sender.userAgent}`;
      const wait = limit.take(identity);
      if (wait > 0) throw new HttpError(429, messages.tooMany(wait));
      const subject = await watchedSubject(sender.viewer, beat);
      tally.beat({
        identity,
        subject,
        watch: beat.watch,
        sequence: beat.sequence,
        played: beat.played,
      });
    },

    async site(viewer: Viewer, query: StatisticsQuery): Promise<SiteStatistics> {
      requireMember(viewer);
      const before = checkRange(query);
      const [days, uploads, previousDays, previousUploads, videos, directs, viewsBefore, since] =
        await Promise.all([
          repository.siteDays(db, query.from, query.to),
          repository.uploadsPerDay(db, query.from, query.to, timeZone),
          repository.siteDays(db, before.from, before.to),
          repository.uploadsPerDay(db, before.from, before.to, timeZone),
          repository.topVideos(db, query.from, query.to, TOP),
          repository.topDirects(db, query.from, query.to, timeZone, TOP),
          repository.viewsBefore(db),
          repository.firstDay(db),
        ]);
      const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
      return {
        from: query.from,
        to: query.to,
        days: siteDaysOf(query.from, query.to, days, uploads),
        totals: { ...periodTotals(days), uploads: sum(uploads) },
        previous: { ...before, ...periodTotals(previousDays), uploads: sum(previousUploads) },
        topVideos: videos,
        topDirects: directs.map((direct) => ({
          ...direct,
          startedAt: new Date(direct.startedAt).toISOString(),
        })),
        viewsBefore,
        since,
      };
    },

    async video(viewer: Viewer, id: number, query: StatisticsQuery): Promise<VideoStatistics> {
      requireMember(viewer);
      const before = checkRange(query);
      requireVisible(
        await repository.findWatchedVideo(db, viewer, id),
        viewer,
        notFoundMessage.video,
      );
      const video = await repository.videoTitle(db, id);
      if (!video) throw notFound(notFoundMessage.video);
      const [days, previousDays, steps, viewsBefore, duration] = await Promise.all([
        repository.videoDays(db, id, query.from, query.to),
        repository.videoDays(db, id, before.from, before.to),
        repository.retention(db, id, video.mediaVersion),
        repository.viewsBefore(db, id),
        renditionSeconds(deps.storage, { ...video, rungs: video.rungs.map(Number) }),
      ]);
      const totals = periodTotals(days);
      const seconds = duration ?? 0;
      return {
        video: { id, title: video.title, duration: seconds, views: video.views },
        from: query.from,
        to: query.to,
        days: siteDaysOf(query.from, query.to, days).map(({ day, views, viewers, seconds }) => ({
          day,
          views,
          viewers,
          seconds,
        })),
        totals,
        previous: { ...before, ...periodTotals(previousDays) },
        averageShare:
          totals.views > 0 && seconds > 0
            ? Math.min(1, totals.seconds / (totals.views * seconds))
            : 0,
        retention: retentionCurve(steps),
        viewsBefore,
      };
    },

    async direct(viewer: Viewer, id: number): Promise<DirectStatistics> {
      requireMember(viewer);
      const direct = requireVisible(
        await repository.findWatchedDirect(db, viewer, id),
        viewer,
        notFoundMessage.direct,
      );
      return directStatistics(db, direct.id, deps.viewersNow);
    },
  };
};

export type StatisticsService = ReturnType<typeof createStatisticsService>;
