import type { IncomingMessage } from 'node:http';
import { Server } from '@tus/server';
import { Type } from '@fastify/type-provider-typebox';
import { resumableUploadPath } from '@plateau/contract';
import type { SignedInViewer, Viewer } from '../../access/viewer.ts';
import type { FeatureModule } from '../../app-deps.ts';
import { HttpError } from '../../lib/errors.ts';
import { createResumableStore } from '../../storage/resumable-store.ts';
import { createMediaService } from './media.service.ts';
import { frenchTusError } from './tus-errors.ts';
import { createResumableUploadsService } from './resumable-uploads.service.ts';

type TusRequest = { runtime?: { node?: { req: IncomingMessage } } };

/**
 * Resumable uploads (tus 1.0) under /api/uploads: @tus/server with its file store, behind the
 * same authentication, roles and limits as the multipart upload. Fastify checks who may do
 * what (uploads.service), then hands the raw request to tus.
 */
export const resumableUploadRoutes: FeatureModule = (deps) => {
  const { config, storage, mediaBinaries, db } = deps;
  const store =
    deps.resumableStore ??
    createResumableStore(config, config.uploadExpiryHours * 3600 * 1000, deps.uploadLocker);
  const media = createMediaService({ db, storage, mediaBinaries });
  // tus hooks see a Web request; the viewer Fastify established rides on its Node request.
  const viewers = new WeakMap<IncomingMessage, SignedInViewer>();
  const viewerOf = (request: unknown): Viewer => {
    const raw = (request as TusRequest).runtime?.node?.req;
    return (raw && viewers.get(raw)) ?? null;
  };
  const siteOrigin = new URL(config.publicUrl).origin;
  return async (app) => {
    const uploads = createResumableUploadsService({
      media,
      store,
      maxUploadBytes: config.maxUploadBytes,
      disk: deps.diskGuard,
      log: app.log,
    });
    const tus = new Server({
      path: `/api${resumableUploadPath}`,
      datastore: store,
      // Shared by every instance when there are several: see storage/upload-locker.ts.
      locker: deps.uploadLocker,
      relativeLocation: true,
      maxSize: config.maxUploadBytes,
      // As the rest of the API: no cross-origin answer but to the site's own pages
      // (@tus/server's default is `*`).
      allowedOrigins: (origin) => origin === siteOrigin,
      onUploadCreate: async (request, upload) => {
        const viewer = viewerOf(request);
        if (!viewer) throw frenchTusError(new HttpError(401, 'Authentification requise'));
        return { metadata: uploads.metadataFor(viewer, upload.metadata) };
      },
      onUploadFinish: async (request, upload) => {
        try {
          await uploads.finish(viewerOf(request), upload);
        } catch (error) {
          if (!(error instanceof HttpError))
            app.log.error(error, 'resumable upload: attach failed');
          throw frenchTusError(error);
        }
        return {};
      },
      onResponseError: (_request, error) => {
        const answer = frenchTusError(error);
        if (answer.status_code >= 500) app.log.error(error, 'resumable upload failed');
        return answer;
      },
    });

    // tus reads PATCH bodies itself, from the raw request.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
      done(null),
    );
    const schema = {
      tags: ['media'],
      summary: 'Envoi reprenable (protocole tus 1.0) d’un fichier vidéo ou d’une miniature',
      hide: true,
    };
    // The collection with and without its trailing slash: tus clients are configured both ways.
    const urls = [resumableUploadPath, `${resumableUploadPath}/`, `${resumableUploadPath}/:id`];
    for (const url of urls) {
      app.route({
        method: url.endsWith(':id') ? ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'] : ['POST', 'OPTIONS'],
        url,
        schema: url.endsWith(':id')
          ? { ...schema, params: Type.Object({ id: Type.String({ maxLength: 64 }) }) }
          : schema,
        handler: async (request, reply) => {
          const { id } = (request.params ?? {}) as { id?: string };
          await uploads.checkRequest(request.method, request.viewer, id, request.headers);
          if (request.viewer) viewers.set(request.raw, request.viewer);
          reply.hijack();
          reply.raw.setHeader('cache-control', 'no-store');
          await tus.handle(request.raw, reply.raw);
        },
      });
    }
  };
};
