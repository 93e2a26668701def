import { Type } from '@fastify/type-provider-typebox';
import {
  CaptionList,
  CaptionParams,
  ErrorBody,
  ErrorResponses,
  IdParams,
  captionMaxBytes,
  captionUploadField,
} from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createMediaGrants } from '../../media-serving/media-grants.ts';
import { MediaQuery, servedFileErrors } from '../../media-serving/media-request.ts';
import { createMediaSender } from '../../media-serving/media-send.ts';
import { createCaptionsService } from './captions.service.ts';
import { receiveSmallFile } from './media-upload.ts';

const tags = ['media'];

/**
 * Captions (issue 21): a video's subtitle files, one per language, sent as SRT or WebVTT and
 * served as clean WebVTT under exactly the access rules of its renditions.
 */
export const captionRoutes: FeatureModule = (deps) => {
  const { db, storage, config } = deps;
  const captions = createCaptionsService({ db, storage });
  const sender = createMediaSender(storage, config);
  const granted = createMediaGrants({
    ttlMs: config.mediaAccessTtlSeconds * 1000,
    clock: deps.clock,
  });
  return async (app) => {
    app.get(
      '/media/captions/:id',
      {
        schema: {
          tags,
          summary: "Les sous-titres d'une vidéo, par langue",
          params: IdParams,
          response: { 200: CaptionList, ...ErrorResponses },
        },
      },
      async (request) => captions.list(request.viewer, request.params.id),
    );

    app.get(
      '/media/captions/:id/:language.vtt',
      {
        config: { tokenInQuery: true, cachedViewer: true },
        schema: {
          tags,
          summary: "Les sous-titres d'une vidéo dans une langue (WebVTT)",
          params: CaptionParams,
          querystring: MediaQuery,
          response: { 200: Type.String({ description: 'text/vtt' }), ...servedFileErrors },
        },
      },
      async (request, reply) => {
        const { id, language } = request.params;
        const { v } = request.query;
        const file = await granted(request.viewer, `caption:${id}:${language}:${v}`, async () =>
          sender.servable({
            ...(await captions.file(request.viewer, id, language, v)),
            contentType: 'text/vtt; charset=utf-8',
          }),
        );
        return sender.send(request, reply, file);
      },
    );

    app.put(
      '/media/captions/:id/:language',
      {
        schema: {
          tags,
          summary: `Envoie les sous-titres d'une langue (SRT ou WebVTT, multipart, champ ${captionUploadField})`,
          consumes: ['multipart/form-data'],
          params: CaptionParams,
          response: { 200: CaptionList, ...ErrorResponses, 413: ErrorBody },
        },
      },
      async (request) => {
        const { id, language } = request.params;
        await captions.checkUploadTarget(request.viewer, id);
        const bytes = await receiveSmallFile(request, captionUploadField, captionMaxBytes);
        await captions.store(id, language, bytes);
        return captions.list(request.viewer, id);
      },
    );

    app.delete(
      '/media/captions/:id/:language',
      {
        schema: {
          tags,
          summary: "Retire les sous-titres d'une langue",
          params: CaptionParams,
          response: { 200: CaptionList, ...ErrorResponses },
        },
      },
      async (request) => {
        const { id, language } = request.params;
        await captions.remove(request.viewer, id, language);
        return captions.list(request.viewer, id);
      },
    );
  };
};
