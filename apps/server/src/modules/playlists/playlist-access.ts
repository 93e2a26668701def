import { randomBytes } from 'node:crypto';
import type { Playlist } from '@plateau/contract';
import { requireSignedIn } from '../../access/guards.ts';
import { isGeek, isMember, type SignedInViewer, type Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { findPlaylist, type PlaylistRow } from './playlists.repository.ts';

export const playlistNotFound = () => notFound('Playlist introuvable');

/** 8 random bytes as base64url: 11 URL-safe characters, clashes are retried by the caller. */
export const newPlaylistCode = () => randomBytes(8).toString('base64url');

/** The playlist by code as this signed-in viewer sees it (401 visitor, 404 unknown). */
export const requirePlaylist = async (
  db: Executor,
  viewer: Viewer,
  code: string,
): Promise<{ viewer: SignedInViewer; playlist: PlaylistRow }> => {
  const signedIn = requireSignedIn(viewer);
  const playlist = await findPlaylist(db, code, signedIn);
  if (!playlist) throw playlistNotFound();
  return { viewer: signedIn, playlist };
};

/** Editing, reordering, removing entries and deleting: the author or a geek. */
export const requireEditor = (viewer: SignedInViewer, playlist: { authorId: number }) => {
  if (!isGeek(viewer) && viewer.userId !== playlist.authorId) {
    throw forbidden('Seul l’auteur de la playlist ou un geek peut la modifier');
  }
};

/** Adding videos: a geek, or the author while they are a member. */
export const requireContributor = (viewer: SignedInViewer, playlist: { authorId: number }) => {
  if (isGeek(viewer)) return;
  if (!isMember(viewer) || viewer.userId !== playlist.authorId) {
    throw forbidden('Seul l’auteur de la playlist ou un geek peut y ajouter des vidéos');
  }
};

/** Featuring a playlist (isPublic) is a geek's decision. */
export const requireFeatureRight = (viewer: SignedInViewer) => {
  if (!isGeek(viewer)) throw forbidden('Seul un geek peut mettre une playlist à la une');
};

export const toPlaylist = ({ id: _id, ...playlist }: PlaylistRow): Playlist => playlist;
