import { ErrorResponses, TrendingSlotParams, VideoList } from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createTrendingService } from './trending.service.ts';

/** `GET /videos/trending` is with the other lists; this is the geek's slot editor. */
export const trendingRoutes: FeatureModule = ({ db }) => {
  const trending = createTrendingService(db);
  return async (app) => {
    app.put(
      '/videos/trending/:slot/:videoId',
      {
        schema: {
          tags: ['trending'],
          params: TrendingSlotParams,
          response: { 200: VideoList, ...ErrorResponses },
        },
      },
      (r) => trending.set(r.viewer, r.params),
    );
  };
};
