import type {
  LibraryAnswer,
  PagingQuery,
  Playlist,
  PlaylistBody,
  PlaylistList,
} from '@plateau/contract';
import { requireMember, requireSignedIn } from '../../access/guards.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  newPlaylistCode,
  playlistNotFound,
  requireEditor,
  requireFeatureRight,
  requirePlaylist,
  toPlaylist,
} from './playlist-access.ts';
import * as repository from './playlists.repository.ts';

const CODE_ATTEMPTS = 5;

export const createPlaylistsService = (db: Database) => {
  const load = async (viewer: Viewer, code: string): Promise<Playlist> => {
    const row = await repository.findPlaylist(db, code, viewer);
    if (!row) throw playlistNotFound();
    return toPlaylist(row);
  };

  const list = async (
    viewer: Viewer,
    where: repository.PlaylistFilter,
    paging: PagingQuery,
  ): Promise<PlaylistList> => {
    const { rows, nResults } = await repository.listPlaylists(db, {
      viewer,
      where,
      page: paging.page,
      pageSize: paging.page_size,
    });
    return { playlists: rows.map(toPlaylist), nResults };
  };

  return {
    /** One playlist, in the list shape the client reads. */
    async get(viewer: Viewer, code: string): Promise<PlaylistList> {
      const { playlist } = await requirePlaylist(db, viewer, code);
      return { playlists: [toPlaylist(playlist)], nResults: 1 };
    },

    mine(viewer: Viewer, paging: PagingQuery): Promise<PlaylistList> {
      const signedIn = requireSignedIn(viewer);
      return list(signedIn, repository.ownOrInLibrary(signedIn.userId), paging);
    },

    featured(viewer: Viewer, paging: PagingQuery): Promise<PlaylistList> {
      return list(requireSignedIn(viewer), repository.featured(), paging);
    },

    async create(viewer: Viewer, body: PlaylistBody): Promise<Playlist> {
      const member = requireMember(viewer);
      const isPublic = body.isPublic ?? false;
      if (isPublic) requireFeatureRight(member);
      const fields = { title: body.title.trim(), description: body.description ?? '', isPublic };
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const inserted = await repository.insertPlaylist(db, {
          ...fields,
          code: newPlaylistCode(),
          authorId: member.userId,
        });
        if (inserted) return load(member, inserted.code);
      }
      // 64 random bits clashing five times in a row means something else is wrong.
      throw new Error('Could not draw a free playlist code');
    },

    async update(viewer: Viewer, code: string, body: PlaylistBody): Promise<Playlist> {
      const found = await requirePlaylist(db, viewer, code);
      requireEditor(found.viewer, found.playlist);
      const isPublic = body.isPublic ?? found.playlist.isPublic;
      if (isPublic !== found.playlist.isPublic) requireFeatureRight(found.viewer);
      await repository.updatePlaylist(db, found.playlist.id, {
        title: body.title.trim(),
        description: body.description ?? found.playlist.description,
        isPublic,
      });
      return load(found.viewer, code);
    },

    async remove(viewer: Viewer, code: string): Promise<void> {
      const found = await requirePlaylist(db, viewer, code);
      requireEditor(found.viewer, found.playlist);
      await repository.deletePlaylist(db, found.playlist.id);
    },

    /** Adds or removes another author's playlist to or from the viewer's library. */
    async setInLibrary(viewer: Viewer, code: string, inLibrary: boolean): Promise<LibraryAnswer> {
      const found = await requirePlaylist(db, viewer, code);
      if (found.playlist.authorId === found.viewer.userId) {
        throw badRequest('C’est déjà votre playlist');
      }
      await (inLibrary ? repository.addToLibrary : repository.removeFromLibrary)(
        db,
        found.viewer.userId,
        found.playlist.id,
      );
      return { ok: true, inLibrary };
    },
  };
};
