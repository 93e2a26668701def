import { readdir } from 'node:fs/promises';
import type { Executor } from '../db/client.ts';
import { foldersRecordedOn, type MediaBackend } from './media-locations.repository.ts';
import type { MediaStorage } from './media-storage.ts';

/** The media folders present on the local disk (`videos/5`, `directs/3`), whatever is recorded. */
export const foldersOnDisk = async (local: MediaStorage): Promise<string[]> => {
  const folders: string[] = [];
  for (const kind of ['videos', 'directs']) {
    const entries = await readdir(local.localPath(kind), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isDirectory() && /^\d+$/.test(entry.name)) folders.push(`${kind}/${entry.name}`);
    }
  }
  return folders.sort();
};

/**
 * Where the media folders live now: on the disk, every folder there that is not recorded in the
 * bucket (no row means the disk; a recorded folder's leftovers of a killed move do not count);
 * in the bucket, the folders recorded there.
 */
export const mediaFolderPlaces = async (
  db: Executor,
  local: MediaStorage,
): Promise<Record<MediaBackend, string[]>> => {
  const inBucket = await foldersRecordedOn(db, 's3');
  const recorded = new Set(inBucket);
  const onDisk = (await foldersOnDisk(local)).filter((folder) => !recorded.has(folder));
  return { local: onDisk, s3: inBucket };
};

/**
 * The folders a move towards `to` has left to do: those living on the other side. Towards the
 * bucket, also the disk's leftovers of folders already there (a run killed between a folder's
 * switch and its removal): the move removes them.
 */
export const foldersToMove = async (
  db: Executor,
  local: MediaStorage,
  to: MediaBackend,
): Promise<string[]> => (to === 's3' ? foldersOnDisk(local) : foldersRecordedOn(db, 's3'));
