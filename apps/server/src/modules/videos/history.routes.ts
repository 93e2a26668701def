import { ErrorResponses, VideoIdParams, ViewCount } from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createHistoryService } from './history.service.ts';

export const historyRoutes: FeatureModule = ({ db }) => {
  const history = createHistoryService(db);
  return async (app) => {
    app.put(
      '/videos/history/:videoId',
      {
        schema: {
          tags: ['history'],
          params: VideoIdParams,
          response: { 200: ViewCount, ...ErrorResponses },
        },
      },
      (r) => history.view(r.viewer, r.params.videoId),
    );
  };
};
