import { Type } from '@fastify/type-provider-typebox';
import { ErrorResponses, IdSchema } from '@plateau/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FeatureModule } from '../../app-deps.ts';
import { createMediaGrants } from '../../media-serving/media-grants.ts';
import {
  MediaQuery,
  mediaQueryString,
  storedFileErrors,
} from '../../media-serving/media-request.ts';
import { createMediaSender } from '../../media-serving/media-send.ts';
import { createStoryboardService, type StoryboardTrack } from './storyboard.service.ts';

const tags = ['media'];
const params = Type.Object({ id: IdSchema });

/**
 * Answers the track like the media: revalidated by ETag, kept by shared caches only when
 * anyone may see it and no token is written in it (school computers are shared).
 */
const sendTrack = (
  request: FastifyRequest,
  reply: FastifyReply,
  track: StoryboardTrack,
  shared: boolean,
) => {
  reply
    .header('cache-control', shared ? 'public, max-age=0' : 'private, no-store')
    .header('etag', track.etag);
  if (request.headers['if-none-match'] === track.etag) return reply.status(304).send();
  return reply.type('text/vtt; charset=utf-8').send(track.text);
};

/**
 * Seek previews (issue 21): a video's storyboard, its WebVTT track and its sprite, under exactly
 * the access rules of its renditions (`GET /media/video/{id}/{rung}`).
 */
export const storyboardRoutes: FeatureModule = (deps) => {
  const { db, storage, config } = deps;
  const storyboards = createStoryboardService({ db, storage });
  const sender = createMediaSender(storage, config);
  const granted = createMediaGrants({
    ttlMs: config.mediaAccessTtlSeconds * 1000,
    clock: deps.clock,
  });
  const routeConfig = { tokenInQuery: true, cachedViewer: true };
  return async (app) => {
    app.get(
      '/media/storyboard/:id.vtt',
      {
        config: routeConfig,
        schema: {
          tags,
          summary: "Aperçus de la barre de lecture : piste WebVTT des vignettes de l'image",
          params,
          querystring: MediaQuery,
          response: { 200: Type.String({ description: 'text/vtt' }), ...ErrorResponses },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { token, v } = request.query;
        const file = await granted(request.viewer, `storyboard:${id}:vtt:${v}`, () =>
          storyboards.file(request.viewer, id, 'vtt', v),
        );
        // Relative to this track's URL; the token given here, and the version read, must reach
        // the image too (a cut meanwhile must not pair this track with the next one's tiles).
        const query = mediaQueryString({ token, version: file.version });
        const track = await storyboards.track(file, `${id}.jpg${query}`);
        return sendTrack(request, reply, track, file.isPublic && token === undefined);
      },
    );

    app.get(
      '/media/storyboard/:id.jpg',
      {
        config: routeConfig,
        schema: {
          tags,
          summary: 'Aperçus de la barre de lecture : image des vignettes (JPEG)',
          params,
          querystring: MediaQuery,
          response: {
            200: Type.String({ format: 'binary', description: 'image/jpeg' }),
            ...storedFileErrors,
          },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { v } = request.query;
        const file = await granted(request.viewer, `storyboard:${id}:jpg:${v}`, async () =>
          sender.servable({
            ...(await storyboards.file(request.viewer, id, 'jpg', v)),
            contentType: 'image/jpeg',
          }),
        );
        return sender.send(request, reply, file);
      },
    );
  };
};
