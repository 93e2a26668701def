import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase } from '../test/harness.ts';
import { openStoragePair, openTestBucket } from '../test/storage-pair.ts';
import { bytesOf, mediaStorageContract, put } from './media-storage.contract.ts';
import type { MediaStorage } from './media-storage.ts';
import { recordedBackend, switchBackend, type MediaBackend } from './media-locations.repository.ts';

const store = inject('objectStore');

describe.skipIf(!store)('both backends behind one storage, folder by folder', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await openTestBucket();
  });
  afterAll(() => database?.close());

  /** The local disk, the bucket under a fresh prefix, and the routed storage over both. */
  const subject = (preferred: MediaBackend) =>
    openStoragePair(database.db, { name: 'routed', preferred, cacheMs: 60_000 });

  mediaStorageContract(() => subject('s3'));

  const text = async (storage: MediaStorage, key: string) =>
    (await bytesOf(await storage.read(key)))?.toString() ?? null;

  it('keeps a folder from before the bucket on the disk, and puts a new one in the bucket', async () => {
    const { storage, local, bucket, cleanup } = await subject('s3');
    try {
      // Written before the switch: on the disk, with no row.
      await put(local, 'videos/101/720.mp4', Buffer.from('ancienne'));
      expect(await recordedBackend(database.db, 'videos/101')).toBeUndefined();
      expect(await text(storage, 'videos/101/720.mp4')).toBe('ancienne');
      // Its next file joins it there, and the folder is now recorded.
      await put(storage, 'videos/101/thumbnail', Buffer.from('vignette'));
      expect(await text(local, 'videos/101/thumbnail')).toBe('vignette');
      expect(await bucket.stat('videos/101/thumbnail')).toBeNull();
      expect(await recordedBackend(database.db, 'videos/101')).toBe('local');
      expect(await storage.backendOf('videos/101/720.mp4')).toBe('local');

      await put(storage, 'videos/102/raw.mp4', Buffer.from('nouvelle'));
      expect(await text(bucket, 'videos/102/raw.mp4')).toBe('nouvelle');
      expect(existsSync(local.localFiles!.localPath('videos/102'))).toBe(false);
      expect(await recordedBackend(database.db, 'videos/102')).toBe('s3');
      expect(await storage.backendOf('videos/102/raw.mp4')).toBe('s3');
    } finally {
      await cleanup();
    }
  });

  it('follows a folder another instance moved, though its location was cached', async () => {
    const { storage, local, bucket, cleanup } = await subject('s3');
    try {
      await put(local, 'directs/105/poster', Buffer.from('affiche'));
      expect(await text(storage, 'directs/105/poster')).toBe('affiche');
      // Another process copies it, switches the row and deletes the disk's copy.
      await put(bucket, 'directs/105/poster', Buffer.from('affiche'));
      await switchBackend(database.db, 'directs/105', 's3');
      await local.removePrefix('directs/105');
      expect(await storage.stat('directs/105/poster')).toMatchObject({ size: 7 });
      expect(await text(storage, 'directs/105/poster')).toBe('affiche');
      expect(await storage.withLocalFile('directs/105/poster', async (file) => file)).toMatch(
        /scratch/,
      );
    } finally {
      await cleanup();
    }
  });

  it('removes a folder from both sides and forgets where it was', async () => {
    const { storage, local, bucket, cleanup } = await subject('local');
    try {
      await put(storage, 'videos/107/raw.mp4', Buffer.from('brut'));
      expect(await recordedBackend(database.db, 'videos/107')).toBe('local');
      // A move cut half-way left a copy in the bucket.
      await put(bucket, 'videos/107/raw.mp4', Buffer.from('brut'));
      await storage.removePrefix('videos/107');
      expect(await local.stat('videos/107/raw.mp4')).toBeNull();
      expect(await bucket.stat('videos/107/raw.mp4')).toBeNull();
      expect(await recordedBackend(database.db, 'videos/107')).toBeUndefined();
    } finally {
      await cleanup();
    }
  });
});
