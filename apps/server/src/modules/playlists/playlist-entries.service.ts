import { Processing, type PagingQuery, type Playlist, type VideoList } from '@plateau/contract';
import { requireSignedIn } from '../../access/guards.ts';
import { notFoundMessage, requireVisible } from '../../access/require-visible.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { findVideo } from '../../db/video-query.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  playlistNotFound,
  requireContributor,
  requireEditor,
  requirePlaylist,
  toPlaylist,
} from './playlist-access.ts';
import * as entries from './playlist-entries.repository.ts';
import { findPlaylist, lockPlaylist } from './playlists.repository.ts';

export const createPlaylistEntriesService = (db: Database) => ({
  async videos(viewer: Viewer, code: string, paging: PagingQuery): Promise<VideoList> {
    const { playlist } = await requirePlaylist(db, viewer, code);
    return entries.listPlaylistVideos(db, playlist.id, {
      viewer,
      page: paging.page,
      pageSize: paging.page_size,
      tagFilter: paging.tag_filter,
    });
  },

  async addVideo(viewer: Viewer, code: string, videoId: number): Promise<Playlist> {
    const signedIn = requireSignedIn(viewer);
    await db.transaction(async (tx) => {
      // The lock serialises appends, so two parallel adds never draw the same position.
      const playlist = await lockPlaylist(tx, code);
      if (!playlist) throw playlistNotFound();
      requireContributor(signedIn, playlist);
      const video = requireVisible(
        await findVideo(tx, videoId, signedIn),
        signedIn,
        notFoundMessage.video,
      );
      if (video.processing !== Processing.Published) {
        throw badRequest('Seule une vidéo publiée peut être ajoutée à une playlist');
      }
      await entries.appendEntry(tx, playlist.id, videoId);
    });
    const row = await findPlaylist(db, code, signedIn);
    if (!row) throw playlistNotFound();
    return toPlaylist(row);
  },

  async removeVideo(viewer: Viewer, code: string, videoId: number): Promise<void> {
    const { viewer: signedIn, playlist } = await requirePlaylist(db, viewer, code);
    requireEditor(signedIn, playlist);
    if (!(await entries.removeEntry(db, playlist.id, videoId))) {
      throw notFound('Cette vidéo n’est pas dans la playlist');
    }
  },

  /**
   * `order` must hold exactly the entries the viewer can see (every entry, for a geek). An
   * entry hidden from this viewer keeps its slot; the visible ones fill the other slots in the
   * new order; positions are then renumbered 1..n.
   */
  async reorder(viewer: Viewer, code: string, order: number[]): Promise<void> {
    const signedIn = requireSignedIn(viewer);
    await db.transaction(async (tx) => {
      const playlist = await lockPlaylist(tx, code);
      if (!playlist) throw playlistNotFound();
      requireEditor(signedIn, playlist);
      const current = await entries.entriesFor(tx, playlist.id, signedIn);
      const visibleIds = new Set(current.filter((e) => e.visible).map((e) => e.videoId));
      const sameSet =
        order.length === visibleIds.size &&
        new Set(order).size === order.length &&
        order.every((id) => visibleIds.has(id));
      if (!sameSet) {
        throw badRequest(
          'La liste « body » doit contenir chaque vidéo de la playlist une seule fois',
        );
      }
      const next = order[Symbol.iterator]();
      const merged = current.map((e) => (e.visible ? next.next().value! : e.videoId));
      await entries.setPositions(
        tx,
        playlist.id,
        merged.map((videoId, i) => ({ videoId, position: i + 1 })),
      );
    });
  },
});
