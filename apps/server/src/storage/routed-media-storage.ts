import { stat } from 'node:fs/promises';
import type { Executor } from '../db/client.ts';
import { createTtlCache } from '../lib/ttl-cache.ts';
import { mediaFolderOf, type LocalMediaStorage, type MediaStorage } from './media-storage.ts';
import {
  forgetFolder,
  recordBackendIfNew,
  recordedBackend,
  type MediaBackend,
} from './media-locations.repository.ts';
import { MissingMediaError } from './storage-errors.ts';

export interface RoutedMediaStorageOptions {
  /** DATA_DIR/media: folders from before the bucket, and every live's files. */
  local: LocalMediaStorage;
  bucket: MediaStorage;
  /** MEDIA_STORAGE: where a new folder goes. */
  preferred: MediaBackend;
  db: Executor;
  /** How long a folder's location is trusted without asking the database again. */
  cacheMs?: number;
}

const CACHE_MS = 5_000;

/** At most this many cached folders, least recently used out first (ids: a few hundred kB). */
const CACHE_LIMIT = 50_000;

/**
 * Both backends behind one storage: each folder is read and written where media_locations says
 * it lives (no row: the local disk, where every folder was before the bucket), and a new folder
 * goes to MEDIA_STORAGE's backend. A site switched to S3 keeps playing its old videos from the
 * disk until the move job has taken them over, one folder at a time.
 *
 * A location is cached a few seconds per process; a read that finds nothing asks again, so a
 * folder another instance has just moved is found at its new place.
 */
export const createRoutedMediaStorage = (options: RoutedMediaStorageOptions): MediaStorage => {
  const { local, bucket, preferred, db } = options;
  const localFolder = local.localFiles;
  const cacheMs = options.cacheMs ?? CACHE_MS;
  const cache = createTtlCache<MediaBackend>({ ttlMs: cacheMs, maxEntries: CACHE_LIMIT });
  const storeOf = (backend: MediaBackend) => (backend === 's3' ? bucket : local);
  const onDisk = (key: string) =>
    stat(localFolder.localPath(key)).then(
      () => true,
      () => false,
    );

  const locate = async (
    key: string,
    { fresh = false, within = db }: { fresh?: boolean; within?: Executor } = {},
  ): Promise<MediaBackend> => {
    const folder = mediaFolderOf(key);
    if (folder === null) return 'local';
    const cached = fresh ? undefined : cache.get(folder);
    if (cached) return cached;
    const backend = (await recordedBackend(within, folder)) ?? 'local';
    cache.set(folder, backend);
    return backend;
  };

  /** A folder's first write records it: on the disk if it already has files there. */
  const placeForWrite = async (key: string): Promise<MediaBackend> => {
    const folder = mediaFolderOf(key);
    if (folder === null) return 'local';
    const recorded = await recordedBackend(db, folder);
    if (recorded) return recorded;
    const backend = await recordBackendIfNew(
      db,
      folder,
      (await onDisk(folder)) ? 'local' : preferred,
    );
    cache.set(folder, backend);
    return backend;
  };

  /** Runs `use` where the key's folder lives; nothing there: once more where it lives now. */
  const routed = async <T>(
    key: string,
    use: (store: MediaStorage) => Promise<T>,
    found: (result: T) => boolean,
  ): Promise<T> => {
    const backend = await locate(key);
    const result = await use(storeOf(backend));
    if (found(result)) return result;
    const now = await locate(key, { fresh: true });
    return now === backend ? result : use(storeOf(now));
  };
  const isSome = (result: unknown) => result !== null;

  return {
    backend: preferred,
    backendOf: (key) => locate(key),
    // Temporary files beside the local media: a commit there stays a rename.
    tempPath: local.tempPath,
    writeTemp: local.writeTemp,
    discardTemp: local.discardTemp,
    async sweepTemporary(idleSince) {
      const mine = await local.sweepTemporary(idleSince);
      const copies = await bucket.sweepTemporary(idleSince);
      return { files: mine.files + copies.files, bytes: mine.bytes + copies.bytes };
    },
    commit: async (tempFile, key) => storeOf(await placeForWrite(key)).commit(tempFile, key),
    commitStream: async (source, size, key) =>
      storeOf(await placeForWrite(key)).commitStream(source, size, key),
    listFolder: (prefix) =>
      routed(
        prefix,
        (store) => store.listFolder(prefix),
        (files) => files.length > 0,
      ),
    stat: (key) => routed(key, (store) => store.stat(key), isSome),
    readStart: (key, length) => routed(key, (store) => store.readStart(key, length), isSome),
    read: (key, range, version) => routed(key, (store) => store.read(key, range, version), isSome),
    async withLocalFile(key, use) {
      const backend = await locate(key);
      try {
        return await storeOf(backend).withLocalFile(key, use);
      } catch (error) {
        if (!(error instanceof MissingMediaError)) throw error;
        const now = await locate(key, { fresh: true });
        if (now === backend) throw error;
        return storeOf(now).withLocalFile(key, use);
      }
    },
    presignRead: async (key, presign) => storeOf(await locate(key)).presignRead(key, presign),
    async check() {
      await local.check();
      await bucket.check();
    },
    async remove(key, within = db) {
      await storeOf(await locate(key, { within })).remove(key);
    },
    // `within`: the caller's transaction, which on PGlite's one connection must also forget the
    // folder's location (a query beside it would wait for it forever).
    async removePrefix(prefix, within = db) {
      // A folder half copied by an interrupted move has files on both sides.
      await local.removePrefix(prefix);
      await bucket.removePrefix(prefix);
      const folder = mediaFolderOf(prefix);
      if (folder === prefix.replace(/\/+$/, '')) {
        await forgetFolder(within, folder);
        cache.delete(folder);
      }
    },
    localFiles: local.localFiles,
  };
};
