import { ErrorBody, IdParams, OkBody, ErrorResponses } from '@plateau/contract';
import { createJobQueue } from '../../jobs/boss.ts';
import type { FeatureModule } from '../../app-deps.ts';
import { createEncodingService } from './encoding.service.ts';

const errors = { ...ErrorResponses, 503: ErrorBody };

export const encodingRoutes: FeatureModule = ({ db, database, config, mediaBinaries, jobs }) => {
  // Without a queue from main.ts (tests, tools), one is made on first use and closed with the app.
  const queue = jobs ?? createJobQueue(database, config);
  const encoding = createEncodingService({ db, config, jobs: queue, mediaBinaries });
  return async (app) => {
    if (!jobs) app.addHook('onClose', () => queue.stop());
    app.post(
      '/encode/:id',
      {
        schema: {
          tags: ['encoding'],
          summary: 'Encode a video into its renditions and publish it',
          params: IdParams,
          response: { 200: OkBody, ...errors },
        },
      },
      async (request) => {
        await encoding.requestEncode(request.viewer, request.params.id);
        return { ok: true };
      },
    );
  };
};
