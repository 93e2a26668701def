import {
  ErrorResponses,
  LibraryAnswer,
  OkBody,
  Playlist,
  PlaylistBody,
  PlaylistCodeParams,
  PlaylistList,
  PlaylistPagingQuery,
} from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { playlistEntriesRoutes } from './playlist-entries.routes.ts';
import { createPlaylistsService } from './playlists.service.ts';

const tags = ['playlists'];

/** Playlists, their entries (including GET videos/playlist/{code}) and the library. */
export const playlistsRoutes: FeatureModule = (deps) => {
  const playlists = createPlaylistsService(deps.db);
  return async (app) => {
    await app.register(playlistEntriesRoutes(deps));

    // Static paths first in the file for the reader; Fastify prefers them over :code anyway.
    app.get(
      '/playlists/me',
      {
        schema: {
          tags,
          querystring: PlaylistPagingQuery,
          response: { 200: PlaylistList, ...ErrorResponses },
        },
      },
      (request) => playlists.mine(request.viewer, request.query),
    );
    app.get(
      '/playlists/public',
      {
        schema: {
          tags,
          querystring: PlaylistPagingQuery,
          response: { 200: PlaylistList, ...ErrorResponses },
        },
      },
      (request) => playlists.featured(request.viewer, request.query),
    );
    app.get(
      '/playlists/:code',
      {
        schema: {
          tags,
          params: PlaylistCodeParams,
          response: { 200: PlaylistList, ...ErrorResponses },
        },
      },
      (request) => playlists.get(request.viewer, request.params.code),
    );
    app.post(
      '/playlists',
      { schema: { tags, body: PlaylistBody, response: { 201: Playlist, ...ErrorResponses } } },
      async (request, reply) =>
        reply.status(201).send(await playlists.create(request.viewer, request.body)),
    );
    app.put(
      '/playlists/:code',
      {
        schema: {
          tags,
          params: PlaylistCodeParams,
          body: PlaylistBody,
          response: { 200: Playlist, ...ErrorResponses },
        },
      },
      (request) => playlists.update(request.viewer, request.params.code, request.body),
    );
    app.delete(
      '/playlists/:code',
      {
        schema: { tags, params: PlaylistCodeParams, response: { 200: OkBody, ...ErrorResponses } },
      },
      async (request) => {
        await playlists.remove(request.viewer, request.params.code);
        return { ok: true };
      },
    );

    const library = {
      tags: ['library'],
      params: PlaylistCodeParams,
      response: { 200: LibraryAnswer, ...ErrorResponses },
    };
    app.put('/library/:code', { schema: library }, (request) =>
      playlists.setInLibrary(request.viewer, request.params.code, true),
    );
    app.delete('/library/:code', { schema: library }, (request) =>
      playlists.setInLibrary(request.viewer, request.params.code, false),
    );
  };
};
