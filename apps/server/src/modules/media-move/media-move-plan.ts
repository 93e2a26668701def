import type { Executor } from '../../db/client.ts';
import { foldersRecordedOn, type MediaBackend } from '../../storage/media-locations.repository.ts';
import { mediaFolderOf, type MediaStorage } from '../../storage/media-storage.ts';

/** The media folders present on the local disk (`videos/5`, `directs/3`), whatever is recorded. */
export const foldersOnDisk = async (local: MediaStorage): Promise<string[]> => {
  if (!local.localFiles) return [];
  const folders: string[] = [];
  for (const kind of ['videos', 'directs']) {
    for (const name of await local.localFiles.subfolders(kind)) {
      if (/^\d+$/.test(name)) folders.push(`${kind}/${name}`);
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

/** The media folders with a file in the bucket, whatever is recorded. */
const foldersInBucket = async (bucket: MediaStorage): Promise<string[]> => {
  const folders = new Set<string>();
  for (const kind of ['videos', 'directs']) {
    for (const entry of await bucket.listFolder(kind)) {
      const folder = mediaFolderOf(entry.key);
      if (folder) folders.add(folder);
    }
  }
  return [...folders];
};

/**
 * The folders a move towards `to` has left to do: those living on the other side, and those
 * already on `to` whose other side a killed run left files in, which the move removes
 * (moveFolder's `already`). Towards the bucket, every folder on the disk; towards the disk, the
 * folders recorded in the bucket, then those recorded on the disk or on it without a row but
 * with files in the bucket (a half copy of a move to the bucket cut before its switch).
 */
export const foldersToMove = async (
  db: Executor,
  stores: { local: MediaStorage; s3: MediaStorage },
  to: MediaBackend,
): Promise<string[]> => {
  if (to === 's3') return foldersOnDisk(stores.local);
  const inBucket = await foldersRecordedOn(db, 's3');
  const others = new Set([
    ...(await foldersRecordedOn(db, 'local')),
    ...(await foldersInBucket(stores.s3)),
  ]);
  for (const folder of inBucket) others.delete(folder);
  return [...inBucket, ...[...others].sort()];
};
