import { and, asc, eq, sql } from 'drizzle-orm';
import type { VideoList } from '@plateau/contract';
import { visibleVideo } from '../../access/visibility.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { Executor } from '../../db/client.ts';
import { playlistVideos, videos } from '../../db/schema.ts';
import { listVideos, type VideoListQuery } from '../../db/video-query.ts';

/** Appends after the last entry; a video already there keeps its place. Run with the row locked. */
export const appendEntry = async (tx: Executor, playlistId: number, videoId: number) =>
  tx.execute(sql`
    insert into playlist_videos (playlist_id, video_id, position)
    select ${playlistId}, ${videoId}, coalesce(max(position), 0) + 1
    from playlist_videos where playlist_id = ${playlistId}
    on conflict (playlist_id, video_id) do nothing`);

export const removeEntry = async (db: Executor, playlistId: number, videoId: number) =>
  (
    await db
      .delete(playlistVideos)
      .where(and(eq(playlistVideos.playlistId, playlistId), eq(playlistVideos.videoId, videoId)))
      .returning({ videoId: playlistVideos.videoId })
  ).length > 0;

/** Every entry in playlist order, and whether the one visibility rule shows it to the viewer. */
export const entriesFor = async (db: Executor, playlistId: number, viewer: Viewer) =>
  db
    .select({ videoId: playlistVideos.videoId, visible: sql<boolean>`${visibleVideo(viewer)}` })
    .from(playlistVideos)
    .innerJoin(videos, eq(videos.id, playlistVideos.videoId))
    .where(eq(playlistVideos.playlistId, playlistId))
    .orderBy(asc(playlistVideos.position), asc(playlistVideos.videoId));

/** Gives each listed video its new position, in one statement. */
export const setPositions = async (
  tx: Executor,
  playlistId: number,
  entries: { videoId: number; position: number }[],
) => {
  if (entries.length === 0) return;
  const rows = sql.join(
    entries.map((e) => sql`(${e.videoId}::int, ${e.position}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update playlist_videos pv set position = n.position
    from (values ${rows}) as n(video_id, position)
    where pv.playlist_id = ${playlistId} and pv.video_id = n.video_id`);
};

type EntriesPage = Pick<VideoListQuery, 'viewer' | 'page' | 'pageSize' | 'tagFilter'>;

/** The playlist's videos visible to the viewer, in the author's order. */
export const listPlaylistVideos = (
  db: Executor,
  playlistId: number,
  query: EntriesPage,
): Promise<VideoList> =>
  listVideos(db, {
    ...query,
    joins: [
      {
        table: playlistVideos,
        on: and(eq(playlistVideos.videoId, videos.id), eq(playlistVideos.playlistId, playlistId))!,
      },
    ],
    orderBy: [asc(playlistVideos.position), asc(videos.id)],
  });
