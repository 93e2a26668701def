import { asc, eq } from 'drizzle-orm';
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

export const deleteTag = async (db: Executor, id: number) =>
  (await db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id })).length > 0;
