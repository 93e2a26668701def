import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { playlists, playlistVideos, videos, videoTags } from '../../db/schema.ts';
import type { TestContext, TestUser } from '../../test/harness.ts';

/** Test fixtures written straight to the database: the videos API is another module. */
export const playlistFixtures = (ctx: TestContext) => {
  const insertVideo = async (
    values: Partial<typeof videos.$inferInsert> = {},
    tagIds: number[] = [],
  ) => {
    const [row] = await ctx.database.db
      .insert(videos)
      .values({ title: 'Vidéo', privacy: 1, processing: 3, ...values })
      .returning({ id: videos.id });
    for (const tagId of tagIds)
      await ctx.database.db.insert(videoTags).values({ videoId: row!.id, tagId });
    return row!.id;
  };

  const createPlaylist = async (
    user: TestUser,
    body: { title?: string; description?: string; isPublic?: boolean } = {},
  ) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: user.auth,
      payload: { title: 'Ma playlist', description: '', ...body },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { code: string; title: string; authorId: number; isPublic: boolean };
  };

  const addVideo = (user: TestUser | null, code: string, videoId: number | string) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/playlists/${code}/addVideo/${videoId}`,
      headers: user?.auth ?? {},
    });

  const getPlaylist = (user: TestUser | null, code: string) =>
    ctx.app.inject({ url: `/api/playlists/${code}`, headers: user?.auth ?? {} });

  const listVideos = (user: TestUser | null, code: string, query = '') =>
    ctx.app.inject({ url: `/api/videos/playlist/${code}${query}`, headers: user?.auth ?? {} });

  /** Video ids of the playlist in stored order, whatever anyone may see. */
  const storedOrder = async (code: string) => {
    const entries = await ctx.database.db
      .select({ videoId: playlistVideos.videoId })
      .from(playlistVideos)
      .innerJoin(playlists, eq(playlists.id, playlistVideos.playlistId))
      .where(eq(playlists.code, code))
      .orderBy(asc(playlistVideos.position));
    return entries.map((e) => e.videoId);
  };

  return { insertVideo, createPlaylist, addVideo, getPlaylist, listVideos, storedOrder };
};
