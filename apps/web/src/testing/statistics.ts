import type {
  DirectStatistics,
  LiveStatistics,
  SiteStatistics,
  VideoStatistics,
} from '@plateau/contract';
import {
  daysOf,
  previousRange,
  RETENTION_STEPS,
  type StatisticsPeriod,
} from '@plateau/contract/constants';

/** Statistics answers for component tests: quiet by default, each test says what it needs. */

export const siteStatistics = (
  from: string,
  to: string,
  period?: StatisticsPeriod,
  overrides: Partial<SiteStatistics> = {},
): SiteStatistics => ({
  from,
  to,
  days: daysOf(from, to).map((day) => ({
    day,
    views: 0,
    viewers: 0,
    seconds: 0,
    uploads: 0,
    storageBytes: null,
  })),
  totals: { views: 0, viewerDays: 0, seconds: 0, uploads: 0 },
  previous: { ...previousRange(from, to, period), views: 0, viewerDays: 0, seconds: 0, uploads: 0 },
  topVideos: [],
  topDirects: [],
  viewsBefore: 0,
  since: null,
  ...overrides,
});

export const videoStatistics = (
  id: number,
  from: string,
  to: string,
  overrides: Partial<VideoStatistics> = {},
): VideoStatistics => ({
  video: { id, title: `Vidéo ${id}`, duration: 200, views: 0 },
  from,
  to,
  days: daysOf(from, to).map((day) => ({ day, views: 0, viewers: 0, seconds: 0 })),
  totals: { views: 0, viewerDays: 0, seconds: 0 },
  previous: { ...previousRange(from, to), views: 0, viewerDays: 0, seconds: 0 },
  averageShare: 0,
  retention: Array.from({ length: RETENTION_STEPS }, () => 0),
  viewsBefore: 0,
  ...overrides,
});

export const live = (overrides: Partial<LiveStatistics> = {}): LiveStatistics => ({
  id: 1,
  startedAt: '2026-11-27T19:00:00.000Z',
  endedAt: '2026-11-27T21:30:00.000Z',
  samples: [],
  peak: null,
  uniqueViewers: 0,
  seconds: 0,
  averageSeconds: 0,
  ...overrides,
});

export const directStatistics = (
  id: number,
  overrides: Partial<DirectStatistics> = {},
): DirectStatistics => ({
  direct: { id, title: `Direct ${id}` },
  viewersNow: null,
  lives: [],
  rediff: null,
  ...overrides,
});
