import type { Playlist } from '@plateau/contract';
import type { Session } from '../../lib/session.ts';

/** Spec section 6: a playlist is edited by its author or a geek. */
export const canEditPlaylist = (session: Session, playlist: Playlist) =>
  session.isAuth && (session.role === 'geek' || session.userId === playlist.authorId);

/** Spec section 6: the library takes only playlists someone else wrote. */
export const canKeepInLibrary = (session: Session, playlist: Playlist) =>
  session.isAuth && session.userId !== playlist.authorId;

export const isAuthor = (session: Session, playlist: Playlist) =>
  session.isAuth && session.userId === playlist.authorId;
