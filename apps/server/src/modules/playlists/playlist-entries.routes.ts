import {
  ErrorResponses,
  OkBody,
  Playlist,
  PlaylistCodeParams,
  PlaylistVideoParams,
  ReorderBody,
  VideoList,
  VideoPagingQuery,
} from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createPlaylistEntriesService } from './playlist-entries.service.ts';

const tags = ['playlists'];

/** The videos of a playlist: listing, adding, removing and reordering them. */
export const playlistEntriesRoutes: FeatureModule = ({ db }) => {
  const entries = createPlaylistEntriesService(db);
  return async (app) => {
    app.get(
      '/videos/playlist/:code',
      {
        schema: {
          tags: ['videos', ...tags],
          params: PlaylistCodeParams,
          querystring: VideoPagingQuery,
          response: { 200: VideoList, ...ErrorResponses },
        },
      },
      (request) => entries.videos(request.viewer, request.params.code, request.query),
    );
    app.put(
      '/playlists/:code/addVideo/:videoId',
      {
        schema: {
          tags,
          params: PlaylistVideoParams,
          response: { 200: Playlist, ...ErrorResponses },
        },
      },
      (request) => entries.addVideo(request.viewer, request.params.code, request.params.videoId),
    );
    app.delete(
      '/playlists/:code/removeVideo/:videoId',
      {
        schema: { tags, params: PlaylistVideoParams, response: { 200: OkBody, ...ErrorResponses } },
      },
      async (request) => {
        await entries.removeVideo(request.viewer, request.params.code, request.params.videoId);
        return { ok: true };
      },
    );
    app.put(
      '/playlists/:code/reorderVideos',
      {
        schema: {
          tags,
          params: PlaylistCodeParams,
          body: ReorderBody,
          response: { 200: OkBody, ...ErrorResponses },
        },
      },
      async (request) => {
        await entries.reorder(request.viewer, request.params.code, request.body);
        return { ok: true };
      },
    );
  };
};
