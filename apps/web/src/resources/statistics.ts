import { queryOptions } from '@tanstack/react-query';
import type {
  DirectStatistics,
  SiteStatistics,
  StatisticsQuery,
  VideoStatistics,
} from '@plateau/contract';
import { LIVE_SAMPLE_SECONDS } from '@plateau/contract/constants';
import { api } from '../lib/api.ts';
import type { Viewer } from './viewer.ts';

/**
 * « Statistiques » (issue 35), for members and geeks. The answers are the same for every member,
 * but the viewer is in the keys as everywhere: the cache never serves one person's answer (or
 * refusal) to the next one on a shared computer.
 */
export const statisticsKeys = {
  all: ['statistics'] as const,
  site: (viewer: Viewer, query: StatisticsQuery) => ['statistics', viewer, 'site', query] as const,
  video: (viewer: Viewer, videoId: number, query: StatisticsQuery) =>
    ['statistics', viewer, 'video', videoId, query] as const,
  direct: (viewer: Viewer, directId: number) => ['statistics', viewer, 'direct', directId] as const,
};

/** While a live runs, its page asks again as often as the server keeps a sample. */
export const LIVE_POLL_MS = LIVE_SAMPLE_SECONDS * 1000;

/** `GET stats/site?from&to&period`: the site's days, totals, the period before and the tops. */
export const siteStatisticsQuery = (viewer: Viewer, query: StatisticsQuery) =>
  queryOptions({
    queryKey: statisticsKeys.site(viewer, query),
    queryFn: ({ signal }) => api.get<SiteStatistics>('stats/site', { query: { ...query }, signal }),
    // Today's numbers grow while the page is open; a minute old is fresh enough for a report.
    staleTime: 60_000,
  });

/** `GET stats/videos/{id}?from&to&period`: one video's days, share watched and retention. */
export const videoStatisticsQuery = (viewer: Viewer, videoId: number, query: StatisticsQuery) =>
  queryOptions({
    queryKey: statisticsKeys.video(viewer, videoId, query),
    queryFn: ({ signal }) =>
      api.get<VideoStatistics>(`stats/videos/${videoId}`, { query: { ...query }, signal }),
    staleTime: 60_000,
    // A video that does not exist (404) leaves the page at once: no second try.
    retry: false,
  });

/** Whether a direct's answer says a live is running (its numbers then move every sample). */
export const isLiveRunning = (statistics: DirectStatistics | undefined) =>
  statistics !== undefined && statistics.viewersNow !== null;

/**
 * `GET stats/directs/{id}`: its lives' viewers curves; asked again every sample while a live
 * runs, and no more once the answer says it has ended.
 */
export const directStatisticsQuery = (viewer: Viewer, directId: number) =>
  queryOptions({
    queryKey: statisticsKeys.direct(viewer, directId),
    queryFn: ({ signal }) => api.get<DirectStatistics>(`stats/directs/${directId}`, { signal }),
    refetchInterval: (query) => (isLiveRunning(query.state.data) ? LIVE_POLL_MS : false),
    retry: false,
  });
