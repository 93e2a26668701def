import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../db/client.ts';
import { directs, tags, videos, videoTags } from '../../db/schema.ts';
import type { TestContext } from '../../test/harness.ts';

/** Test data written straight to the database, and list reading (tests only). */

export const seedTag = async (db: Database, name = `tag-${randomUUID().slice(0, 8)}`) => {
  const [row] = await db.insert(tags).values({ name }).returning({ id: tags.id });
  return row!.id;
};

export const seedDirect = async (
  db: Database,
  fields: Partial<typeof directs.$inferInsert> = {},
) => {
  const [row] = await db
    .insert(directs)
    .values({ title: 'Direct', privacy: 0, ...fields })
    .returning({ id: directs.id });
  return row!.id;
};

/** A published public video unless told otherwise. */
export const seedVideo = async (
  db: Database,
  { tagIds = [], ...fields }: Partial<typeof videos.$inferInsert> & { tagIds?: number[] } = {},
) => {
  const [row] = await db
    .insert(videos)
    .values({ title: 'Vidéo', privacy: 0, processing: 3, ...fields })
    .returning({ id: videos.id });
  if (tagIds.length > 0) {
    await db.insert(videoTags).values(tagIds.map((tagId) => ({ videoId: row!.id, tagId })));
  }
  return row!.id;
};

export const videoRow = async (db: Database, id: number) =>
  (await db.select().from(videos).where(eq(videos.id, id)))[0];

/** A day in the past, `n` days after 2020-01-01: lets tests pin the date order. */
export const day = (n: number) => new Date(Date.UTC(2020, 0, 1 + n));

/** A video list that must answer 200: its ids in order and its nResults. */
export const fetchVideoList = async (
  ctx: TestContext,
  url: string,
  auth: Record<string, string> = {},
) => {
  const response = await ctx.app.inject({ url, headers: auth });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { videos: { id: number }[]; nResults: number };
  return { ids: body.videos.map((v) => v.id), nResults: body.nResults };
};
