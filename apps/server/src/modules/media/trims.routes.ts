import {
  ErrorResponses,
  IdParams,
  Loudness,
  TrimActivityList,
  TrimRequest,
  TrimStatus,
} from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { TokenQuery } from '../../media-serving/media-request.ts';
import { createLoudnessService } from './loudness.service.ts';
import { createTrimsService } from './trims.service.ts';

const tags = ['videos'];

/** « Montage » (issue 34): a video's cut, its undo, and the loudness its timeline shows. */
export const trimsRoutes: FeatureModule = (deps) => {
  const trims = createTrimsService(deps);
  const loudness = createLoudnessService(deps);
  return async (app) => {
    app.get(
      '/videos/trims',
      {
        schema: {
          tags,
          summary: 'Les montages en cours, puis ceux qui ont échoué cette semaine (membres)',
          response: { 200: TrimActivityList, ...ErrorResponses },
        },
      },
      async (request) => trims.activity(request.viewer),
    );

    app.get(
      '/videos/:id/trim',
      {
        schema: {
          tags,
          summary: "Le dernier montage d'une vidéo et s'il peut être annulé (membres)",
          params: IdParams,
          response: { 200: TrimStatus, ...ErrorResponses },
        },
      },
      async (request) => trims.status(request.viewer, request.params.id),
    );

    app.post(
      '/videos/:id/trim',
      {
        schema: {
          tags,
          summary: 'Demande un montage : les parties à garder, dans l’ordre (membres)',
          params: IdParams,
          body: TrimRequest,
          response: { 202: TrimStatus, ...ErrorResponses },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(await trims.apply(request.viewer, request.params.id, request.body.keep)),
    );

    app.post(
      '/videos/:id/trim/undo',
      {
        schema: {
          tags,
          summary: 'Annule le dernier montage : la version d’avant revient (membres)',
          params: IdParams,
          response: { 200: TrimStatus, ...ErrorResponses },
        },
      },
      async (request) => trims.undo(request.viewer, request.params.id),
    );

    app.get(
      '/media/loudness/:id.json',
      {
        config: { tokenInQuery: true },
        schema: {
          tags: ['media'],
          summary: 'Le volume du son le long de la vidéo, pour le montage (membres)',
          params: IdParams,
          querystring: TokenQuery,
          response: { 200: Loudness, ...ErrorResponses },
        },
      },
      async (request, reply) =>
        reply
          .header('cache-control', 'private, no-store')
          .send(await loudness.loudness(request.viewer, request.params.id)),
    );
  };
};
