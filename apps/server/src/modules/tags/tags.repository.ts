import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tags } from '../../db/schema.ts';

const columns = { id: tags.id, name: tags.name };

export const listTags = (db: Executor) => db.select(columns).from(tags).orderBy(asc(tags.name));

export const findTag = async (db: Executor, id: number) =>
  (await db.select(columns).from(tags).where(eq(tags.id, id)))[0];

export const insertTag = async (db: Executor, name: string) =>
  (await db.insert(tags).values({ name }).onConflictDoNothing().returning(columns))[0];

export const renameTag = async (db: Executor, id: number, name: string) =>
  (await db.update(tags).set({ name }).where(eq(tags.id, id)).returning(columns))[0];

/**
 * The cascade rewrites the tag_ids and tag counts of each video carrying the tag, one video after
 * the other (triggers). Those videos are locked first, in id order: a concurrent video edit,
 * which locks its own row before any count row, then waits here instead of holding a count row
 * this delete needs while waiting for its video (a lock cycle PostgreSQL would break with a 500).
 */
export const deleteTag = (db: Executor, id: number) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`
      select id from videos
      where id in (select video_id from video_tags where tag_id = ${id})
      order by id for no key update`);
    return (await tx.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id })).length > 0;
  });
