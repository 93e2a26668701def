import { Type } from '@fastify/type-provider-typebox';
import { CaptionParams, ErrorResponses, IdSchema, rungs, type Rung } from '@plateau/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FeatureModule } from '../../app-deps.ts';
import { createMediaGrants } from '../../media-serving/media-grants.ts';
import { MediaQuery } from '../../media-serving/media-request.ts';
import { createAdaptiveService, type Playlist } from './adaptive.service.ts';
import { createMediaService } from './media.service.ts';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const tags = ['media'];

const playlistBody = Type.String({ description: 'Playlist HLS (application/vnd.apple.mpegurl)' });

/**
 * Answers a playlist like the media it lists: revalidated by ETag when anyone may see it and no
 * token is written in it, kept by no cache otherwise (school computers are shared).
 */
const sendPlaylist = (request: FastifyRequest, reply: FastifyReply, playlist: Playlist) => {
  const { token } = request.query as { token?: string };
  const shared = playlist.isPublic && token === undefined;
  reply
    .header('cache-control', shared ? 'public, max-age=0' : 'private, no-store')
    .header('etag', playlist.etag);
  const known = request.headers['if-none-match']?.split(',').map((tag) => tag.trim());
  if (known?.includes(playlist.etag)) return reply.status(304).send();
  return reply.type(PLAYLIST_TYPE).send(playlist.text);
};

/** Adaptive streaming (HLS) of encoded videos, from the renditions themselves (issue 21). */
export const adaptiveRoutes: FeatureModule = (deps) => {
  const { db, storage, mediaBinaries, config } = deps;
  const media = createMediaService({ db, storage, mediaBinaries });
  const granted = createMediaGrants({
    ttlMs: config.mediaAccessTtlSeconds * 1000,
    clock: deps.clock,
  });
  const adaptive = createAdaptiveService({ db, media, storage, granted });
  // A player asks for the playlists once, then the segments: the viewer is kept a few seconds.
  const routeConfig = { tokenInQuery: true, cachedViewer: true };
  return async (app) => {
    app.get(
      '/media/hls/:id/master.m3u8',
      {
        config: routeConfig,
        schema: {
          tags,
          summary: 'Playlist HLS principale : une variante par résolution encodée',
          params: Type.Object({ id: IdSchema }),
          querystring: MediaQuery,
          response: { 200: playlistBody, ...ErrorResponses },
        },
      },
      async (request, reply) => {
        const playlist = await adaptive.master(request.viewer, request.params.id, request.query);
        return sendPlaylist(request, reply, playlist);
      },
    );

    app.get(
      '/media/hls/:id/:file',
      {
        config: routeConfig,
        schema: {
          tags,
          summary: "Playlist HLS d'une résolution : ses fragments, plages d'octets du fichier",
          params: Type.Object({
            id: IdSchema,
            file: Type.Unsafe<`${Rung}.m3u8`>({
              type: 'string',
              enum: rungs.map((rung) => `${rung}.m3u8`),
            }),
          }),
          querystring: MediaQuery,
          response: { 200: playlistBody, ...ErrorResponses },
        },
      },
      async (request, reply) => {
        const rung = Number.parseInt(request.params.file, 10) as Rung;
        const playlist = await adaptive.media(
          request.viewer,
          request.params.id,
          rung,
          request.query,
        );
        return sendPlaylist(request, reply, playlist);
      },
    );

    app.get(
      '/media/hls/:id/captions/:language.m3u8',
      {
        config: routeConfig,
        schema: {
          tags,
          summary: "Playlist HLS des sous-titres d'une langue : son fichier WebVTT en un segment",
          params: CaptionParams,
          querystring: MediaQuery,
          response: { 200: playlistBody, ...ErrorResponses },
        },
      },
      async (request, reply) => {
        const { id, language } = request.params;
        const playlist = await adaptive.subtitles(request.viewer, id, language, request.query);
        return sendPlaylist(request, reply, playlist);
      },
    );
  };
};
