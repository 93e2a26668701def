import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Playlist } from '@plateau/contract';
import { visibleVideo } from '../../access/visibility.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { listPage } from '../../db/list-page.ts';
import { library, playlists } from '../../db/schema.ts';

/** A playlist row as the service needs it: the JSON fields plus its internal id. */
export type PlaylistRow = Playlist & { id: number; inLibrary: boolean; videoCount: number };

const viewerId = (viewer: Viewer) => viewer?.userId ?? 0;

/**
 * The outer playlist's id, always qualified: drizzle writes a bare "id" in single-table selects,
 * which inside a subquery would bind to the subquery's own tables.
 */
const outerId = sql.raw('"playlists"."id"');

/** The JSON fields, plus what depends on the viewer: library membership and visible entries. */
const columns = (viewer: Viewer) => ({
  id: playlists.id,
  code: playlists.code,
  title: playlists.title,
  description: playlists.description,
  authorId: playlists.authorId,
  isPublic: playlists.isPublic,
  inLibrary: sql<boolean>`exists (select 1 from library l where l.playlist_id = ${outerId} and l.user_id = ${viewerId(viewer)})`,
  // Entries the viewer cannot see are not counted: the one visibility rule decides.
  videoCount: sql<number>`(select count(*)::int from playlist_videos pv join videos v on v.id = pv.video_id where pv.playlist_id = ${outerId} and ${visibleVideo(viewer, 'v')})`,
});

const normalise = (row: PlaylistRow): PlaylistRow => ({
  ...row,
  inLibrary: Boolean(row.inLibrary),
  videoCount: Number(row.videoCount),
});

export const findPlaylist = async (
  db: Executor,
  code: string,
  viewer: Viewer,
): Promise<PlaylistRow | undefined> => {
  const [row] = await db.select(columns(viewer)).from(playlists).where(eq(playlists.code, code));
  return row && normalise(row);
};

/** Locks the playlist row until the transaction ends, so its entries change one writer at a time. */
export const lockPlaylist = async (tx: Executor, code: string) =>
  (
    await tx
      .select({ id: playlists.id, authorId: playlists.authorId })
      .from(playlists)
      .where(eq(playlists.code, code))
      .for('update')
  )[0];

/** Which playlists a list shows (built here: ownOrInLibrary, featured). */
export type PlaylistFilter = SQL | undefined;

export interface PlaylistPage {
  viewer: Viewer;
  where: PlaylistFilter;
  page: number;
  pageSize: number;
}

/** A page of playlists by title (case-insensitive), then code, with the total count. */
export const listPlaylists = async (db: Executor, query: PlaylistPage) => {
  const { rows, nResults } = await listPage<PlaylistRow>(db, {
    from: playlists,
    id: playlists.id,
    selection: columns(query.viewer),
    where: query.where,
    orderBy: [asc(sql`lower(${playlists.title})`), asc(playlists.code)],
    page: query.page,
    pageSize: query.pageSize,
  });
  return { rows: rows.map(normalise), nResults };
};

/** The viewer's own playlists and those in their library. */
export const ownOrInLibrary = (userId: number) =>
  or(
    eq(playlists.authorId, userId),
    sql`exists (select 1 from library l where l.playlist_id = ${outerId} and l.user_id = ${userId})`,
  );

export const featured = () => eq(playlists.isPublic, true);

export interface PlaylistFields {
  title: string;
  description: string;
  isPublic: boolean;
}

/** Inserts unless the code is taken; undefined tells the caller to draw another code. */
export const insertPlaylist = async (
  db: Executor,
  values: PlaylistFields & { code: string; authorId: number },
) =>
  (
    await db
      .insert(playlists)
      .values(values)
      .onConflictDoNothing({ target: playlists.code })
      .returning({ code: playlists.code })
  )[0];

export const updatePlaylist = async (db: Executor, id: number, fields: PlaylistFields) =>
  db.update(playlists).set(fields).where(eq(playlists.id, id));

export const deletePlaylist = async (db: Executor, id: number) =>
  db.delete(playlists).where(eq(playlists.id, id));

export const addToLibrary = async (db: Executor, userId: number, playlistId: number) =>
  db.insert(library).values({ userId, playlistId }).onConflictDoNothing();

export const removeFromLibrary = async (db: Executor, userId: number, playlistId: number) =>
  db.delete(library).where(and(eq(library.userId, userId), eq(library.playlistId, playlistId)));
