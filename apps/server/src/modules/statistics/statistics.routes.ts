import { Type } from '@fastify/type-provider-typebox';
import {
  DirectStatistics,
  ErrorResponses,
  Heartbeat,
  IdParams,
  SiteStatistics,
  StatisticsQuery,
  VideoStatistics,
} from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { TokenQuery } from '../../media-serving/media-request.ts';
import { measureMediaUsage } from '../../storage/media-usage.ts';
import { siteDayOf } from './site-day.ts';
import { createStatisticsService } from './statistics.service.ts';
import { startStatisticsWriter } from './statistics-writer.ts';
import { createWatchTally } from './watch-tally.ts';

const tags = ['statistics'];

/**
 * « Statistiques » (issue 35): the players' heartbeats, added up in memory and written as sums
 * every few seconds; the site's, a video's and a direct's figures for members and geeks.
 */
export const statisticsRoutes: FeatureModule = ({
  config,
  db,
  storage,
  live,
  wallClock,
  statisticsEveryMs,
}) => {
  const now = wallClock ?? Date.now;
  const dayOf = siteDayOf(config.timeZone);
  const tally = createWatchTally({ dayOf, now });
  const viewersNow = (directId: number) => live.viewers.count(directId);
  const statistics = createStatisticsService({
    db,
    storage,
    tally,
    timeZone: config.timeZone,
    viewersNow,
    now,
  });
  return async (app) => {
    const writer = startStatisticsWriter({
      db,
      tally,
      viewersNow,
      dayOf,
      now,
      everyMs: statisticsEveryMs,
      storageUsed: async () =>
        Object.values(await measureMediaUsage(config.mediaDir)).reduce((a, b) => a + b, 0),
      onError: (what, error) => app.log.error({ err: error }, `statistics: ${what}`),
    });
    // Closing writes what is still in memory, before the database closes.
    app.addHook('onClose', () => writer.stop());

    app.post(
      '/stats/heartbeat',
      {
        // navigator.sendBeacon sends no header: the token comes as `?token=`.
        config: { tokenInQuery: true, cachedViewer: true },
        bodyLimit: 16 * 1024,
        schema: {
          tags,
          summary: "Ce qu'un lecteur a lu depuis son dernier battement (statistiques)",
          querystring: TokenQuery,
          body: Heartbeat,
          response: { 204: Type.Null(), ...ErrorResponses },
        },
      },
      async (request, reply) => {
        await statistics.heartbeat(
          {
            viewer: request.viewer,
            address: request.ip,
            userAgent: request.headers['user-agent'] ?? '',
          },
          request.body,
        );
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/stats/site',
      {
        schema: {
          tags,
          summary: 'Les statistiques du site sur une période (membres)',
          querystring: StatisticsQuery,
          response: { 200: SiteStatistics, ...ErrorResponses },
        },
      },
      (request) => statistics.site(request.viewer, request.query),
    );

    app.get(
      '/stats/videos/:id',
      {
        schema: {
          tags,
          summary: "Les statistiques d'une vidéo sur une période (membres)",
          params: IdParams,
          querystring: StatisticsQuery,
          response: { 200: VideoStatistics, ...ErrorResponses },
        },
      },
      (request) => statistics.video(request.viewer, request.params.id, request.query),
    );

    app.get(
      '/stats/directs/:id',
      {
        schema: {
          tags,
          summary: "Les statistiques d'un direct : spectateurs pendant le live et après (membres)",
          params: IdParams,
          response: { 200: DirectStatistics, ...ErrorResponses },
        },
      },
      (request) => statistics.direct(request.viewer, request.params.id),
    );
  };
};
