import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { bytesOf, put } from '../../storage/media-storage.contract.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { openStoragePair, openTestBucket } from '../../test/storage-pair.ts';
import { createLiveFiles, liveKeys } from './live-files.ts';

/**
 * A live's files are the live module's own: written on the disk of the machine receiving the
 * encoder, read there first, else from their copy in the bucket (another machine's live), and
 * removed from both at once; the media storage's folders are not involved.
 */
describe('live files', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await openTestBucket();
  });
  afterAll(() => database?.close());

  const pair = (db: Database) => openStoragePair(db, { name: 'live-files' });

  it('reads this disk first, then the copies, and removes a live from both', async () => {
    const { local, bucket, cleanup } = await pair(database.db);
    try {
      const mediaDir = path.dirname(local.localFiles!.localPath('x'));
      const files = createLiveFiles({ mediaDir, copies: bucket });
      const here = liveKeys.hlsFile(3, 4, 'source');
      const there = liveKeys.hlsFile(3, 5, 'source');
      await put(local, here, Buffer.from('#EXTM3U ici'));
      await put(bucket, there, Buffer.from('#EXTM3U ailleurs'));

      expect(files.path(here)).toBe(path.join(mediaDir, here));
      expect(await files.readText(here)).toBe('#EXTM3U ici');
      expect(await files.readText(there)).toBe('#EXTM3U ailleurs');
      expect(await files.storeOf(here)).toBe(files.disk);
      expect(await files.storeOf(there)).toBe(bucket);
      expect(await files.readText(liveKeys.hlsFile(3, 6, 'source'))).toBeNull();
      expect(await files.storeOf(liveKeys.hlsFile(3, 6, 'source'))).toBeNull();

      await files.remove(3, 5);
      expect(await bucket.stat(there)).toBeNull();
      expect((await bytesOf(await local.read(here)))?.toString()).toBe('#EXTM3U ici');
      await files.remove(3, 4);
      expect(await files.storeOf(here)).toBeNull();
    } finally {
      await cleanup();
    }
  });

  it('names nothing from outside: a variant that is not one is refused', () => {
    expect(() => liveKeys.hlsFile(3, 4, '../../videos')).toThrow('bad live variant');
    expect(liveKeys.hlsFile(3, 4, '720p', { part: 2, sequence: 42 })).toBe(
      'lives/3/4/hls/720p/seg-2-00042.ts',
    );
  });
});
