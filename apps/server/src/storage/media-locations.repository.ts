/** Where each media folder lives (media_locations): read per request through a short cache. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { mediaLocations } from '../db/schema.ts';

export type MediaBackend = 'local' | 's3';

/** The folder's recorded backend, or undefined when it was never recorded. */
export const recordedBackend = async (
  db: Executor,
  folder: string,
): Promise<MediaBackend | undefined> => {
  const [row] = await db
    .select({ backend: mediaLocations.backend })
    .from(mediaLocations)
    .where(eq(mediaLocations.folder, folder));
  return row?.backend;
};

/**
 * Records `backend` for a folder without a row, and answers the folder's row as it is then:
 * two instances writing a new folder at once agree on one backend.
 */
export const recordBackendIfNew = async (
  db: Executor,
  folder: string,
  backend: MediaBackend,
): Promise<MediaBackend> => {
  await db.insert(mediaLocations).values({ folder, backend }).onConflictDoNothing();
  return (await recordedBackend(db, folder)) ?? backend;
};

/** The move's switch: from now on the folder is read and written on `backend`. */
export const switchBackend = async (db: Executor, folder: string, backend: MediaBackend) => {
  await db
    .insert(mediaLocations)
    .values({ folder, backend })
    .onConflictDoUpdate({
      target: mediaLocations.folder,
      set: { backend, updatedAt: new Date() },
    });
};

export const forgetFolder = async (db: Executor, folder: string) => {
  await db.delete(mediaLocations).where(eq(mediaLocations.folder, folder));
};

/**
 * After a restore: every restored folder is where the restore put it. On the disk that is no
 * row at all; in the bucket, one row per folder (the backup's rows describe the old site).
 */
export const recordRestoredFolders = async (
  db: Executor,
  backend: MediaBackend,
  folders: string[],
) => {
  await db.delete(mediaLocations);
  if (backend === 'local' || folders.length === 0) return;
  await db.insert(mediaLocations).values(folders.map((folder) => ({ folder, backend })));
};

/** The folders recorded on `backend` (the move job's list, and what it skips). */
export const foldersRecordedOn = async (db: Executor, backend: MediaBackend): Promise<string[]> => {
  const rows = await db
    .select({ folder: mediaLocations.folder })
    .from(mediaLocations)
    .where(eq(mediaLocations.backend, backend))
    .orderBy(mediaLocations.folder);
  return rows.map((row) => row.folder);
};
