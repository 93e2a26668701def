import { Type } from '@fastify/type-provider-typebox';
import { ChapterList, ErrorResponses, IdParams } from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { TokenQuery } from '../../media-serving/media-request.ts';
import { createChaptersService } from './chapters.service.ts';

const tags = ['videos'];

/** Chapters (issue 34): a video's named times, as JSON and as a WebVTT chapters track. */
export const chaptersRoutes: FeatureModule = (deps) => {
  const chapters = createChaptersService({ db: deps.db, storage: deps.storage });
  return async (app) => {
    app.get(
      '/videos/:id/chapters',
      {
        schema: {
          tags,
          summary: "Les chapitres d'une vidéo, dans l'ordre",
          params: IdParams,
          response: { 200: ChapterList, ...ErrorResponses },
        },
      },
      async (request) => chapters.list(request.viewer, request.params.id),
    );

    app.put(
      '/videos/:id/chapters',
      {
        schema: {
          tags,
          summary: "Remplace les chapitres d'une vidéo (membres)",
          params: IdParams,
          body: ChapterList,
          response: { 200: ChapterList, ...ErrorResponses },
        },
      },
      async (request) => chapters.replace(request.viewer, request.params.id, request.body.chapters),
    );

    app.get(
      '/media/chapters/:id.vtt',
      {
        config: { tokenInQuery: true, cachedViewer: true },
        schema: {
          tags: ['media'],
          summary: "Les chapitres d'une vidéo, en piste WebVTT (kind=chapters)",
          params: IdParams,
          querystring: TokenQuery,
          response: { 200: Type.String({ description: 'text/vtt' }), ...ErrorResponses },
        },
      },
      async (request, reply) => {
        const track = await chapters.track(request.viewer, request.params.id);
        const shared = track.isPublic && request.query.token === undefined;
        return reply
          .header('cache-control', shared ? 'public, max-age=0' : 'private, no-store')
          .type('text/vtt; charset=utf-8')
          .send(track.vtt);
      },
    );
  };
};
