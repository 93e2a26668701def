import { ErrorBody, IdParams, OkBody, ErrorResponses } from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createEncodingService } from './encoding.service.ts';

const errors = { ...ErrorResponses, 503: ErrorBody };

export const encodingRoutes: FeatureModule = ({ db, config, mediaBinaries, jobs }) => {
  const encoding = createEncodingService({ db, config, jobs, mediaBinaries });
  return async (app) => {
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
