/** Stored files no row refers to (unreferenced_media): see media-publication.ts. */
import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { unreferencedMedia } from '../db/schema.ts';

export const markUnreferenced = async (db: Executor, key: string) => {
  await db.insert(unreferencedMedia).values({ key }).onConflictDoNothing();
};

/** The file is referenced again (its record committed) or gone: it leaves the list. */
export const forgetUnreferenced = async (db: Executor, key: string) => {
  await db.delete(unreferencedMedia).where(eq(unreferencedMedia.key, key));
};

/** The files listed since before `before`: left by a crash between a store and its record. */
export const unreferencedSince = async (db: Executor, before: Date): Promise<string[]> => {
  const rows = await db
    .select({ key: unreferencedMedia.key })
    .from(unreferencedMedia)
    .where(lt(unreferencedMedia.since, before))
    .orderBy(unreferencedMedia.key);
  return rows.map((row) => row.key);
};
