import { Type } from '@fastify/type-provider-typebox';
import { ErrorBody, IdParams, IdSchema, OkBody, ErrorResponses } from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createMediaGrants } from '../../media-serving/media-grants.ts';
import { MediaQuery, TokenQuery, storedFileErrors } from '../../media-serving/media-request.ts';
import { attachmentDisposition, createMediaSender } from '../../media-serving/media-send.ts';
import { receiveUpload } from './media-upload.ts';
import { createMediaService, streamResolutions, type StreamResolution } from './media.service.ts';
import { declaredLength, requireUploadRoom } from './upload-room.ts';

const uploadErrors = { ...ErrorResponses, 413: ErrorBody, 503: ErrorBody, 507: ErrorBody };
const binary = (description: string) => Type.String({ format: 'binary', description });

const StreamParams = Type.Object({
  id: IdSchema,
  resolution: Type.Unsafe<StreamResolution>({
    type: 'integer',
    enum: [...streamResolutions],
    description: '0 is the raw upload (members only); 1080, 720, 480, 240 the encoded rungs',
  }),
});

const uploads = [
  { path: '/media/video/:id', kind: 'video', field: 'video_upload' },
  { path: '/media/thumbnail/:id', kind: 'thumbnail', field: 'thumbnail_upload' },
  { path: '/media/poster/:id', kind: 'poster', field: 'poster_upload' },
] as const;

export const mediaRoutes: FeatureModule = (deps) => {
  const { db, storage, mediaBinaries, config, diskGuard } = deps;
  const media = createMediaService({ db, storage, mediaBinaries });
  const sender = createMediaSender(storage, config);
  const granted = createMediaGrants({
    ttlMs: config.mediaAccessTtlSeconds * 1000,
    clock: deps.clock,
  });
  return async (app) => {
    for (const { path, kind, field } of uploads) {
      app.post(
        path,
        {
          schema: {
            tags: ['media'],
            summary: `Envoie le fichier (multipart, champ ${field})`,
            consumes: ['multipart/form-data'],
            params: IdParams,
            response: { 200: OkBody, ...uploadErrors },
          },
        },
        async (request) => {
          await media.checkUploadTarget(request.viewer, kind, request.params.id);
          // Before reading the body: the declared length (form included), else none at all.
          const length = declaredLength(request.headers['content-length']);
          await requireUploadRoom(diskGuard, length, request.log);
          const temp = await receiveUpload(request, storage, field);
          await media.storeUpload(kind, request.params.id, temp);
          return { ok: true };
        },
      );
    }

    app.get(
      '/media/video/:id/:resolution',
      {
        // A player sends range after range: the viewer and the decision are kept a few seconds.
        config: { tokenInQuery: true, cachedViewer: true },
        // Behind nginx, its access log has every range: Plateau logs only their problems.
        ...(config.mediaAccelRedirect && { logLevel: 'warn' }),
        schema: {
          tags: ['media'],
          params: StreamParams,
          querystring: MediaQuery,
          response: { 200: binary('video/mp4'), 206: binary('video/mp4'), ...storedFileErrors },
        },
      },
      async (request, reply) => {
        const { id, resolution } = request.params;
        const { v } = request.query;
        const { viewer } = request;
        const file = await granted(viewer, `stream:${id}:${resolution}:${v ?? ''}`, async () =>
          sender.servable({
            ...(await media.videoStream(viewer, id, resolution, v)),
            contentType: 'video/mp4',
          }),
        );
        return sender.send(request, reply, file);
      },
    );

    app.get(
      '/media/video/download/:id/1080',
      {
        config: { tokenInQuery: true },
        schema: {
          tags: ['media'],
          params: IdParams,
          querystring: TokenQuery,
          response: { 200: binary('video/mp4'), 206: binary('video/mp4'), ...storedFileErrors },
        },
      },
      async (request, reply) => {
        const { key, isPublic, title } = await media.download(request.viewer, request.params.id);
        const contentDisposition = attachmentDisposition(title, '.mp4');
        const file = { key, isPublic, contentType: 'video/mp4', contentDisposition };
        return sender.send(request, reply, await sender.servable(file));
      },
    );

    for (const kind of ['thumbnail', 'poster'] as const) {
      app.get(
        `/media/${kind}/:id`,
        {
          config: { tokenInQuery: true },
          schema: {
            tags: ['media'],
            params: IdParams,
            querystring: TokenQuery,
            response: { 200: binary('image/png or image/jpeg'), ...storedFileErrors },
          },
        },
        async (request, reply) => {
          const file = await media[kind](request.viewer, request.params.id);
          const contentType = await media.imageType(file.key);
          return sender.send(request, reply, { ...file, contentType });
        },
      );
    }

    app.delete(
      '/media/video/:id',
      {
        schema: { tags: ['media'], params: IdParams, response: { 200: OkBody, ...ErrorResponses } },
      },
      async (request) => {
        await media.removeVideoMedia(request.viewer, request.params.id);
        return { ok: true };
      },
    );
  };
};
