import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { openStoragePair, openTestBucket } from '../../test/storage-pair.ts';
import { bytesOf, put } from '../../storage/media-storage.contract.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { recordedBackend } from '../../storage/media-locations.repository.ts';
import { moveFolder, type FolderMoveContext } from './folder-move.ts';
import { foldersToMove } from './media-move-plan.ts';

const store = inject('objectStore');

const sha = (bytes: Buffer | null) => bytes && createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!store)('moving a media folder between the disk and the bucket', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await openTestBucket();
  });
  afterAll(() => database?.close());

  const subject = async () => {
    // Multipart from 5 MiB: the 6 MiB rendition below goes in two parts. The site's view has a
    // short location cache, so that the test sees instances follow a move.
    const pair = await openStoragePair(database.db, {
      name: 'move',
      cacheMs: 100,
      partSize: 5 * 1024 * 1024,
    });
    const ctx: FolderMoveContext = {
      db: database.db,
      stores: { local: pair.local, s3: pair.bucket },
      graceMs: 200,
    };
    return { ...pair, site: pair.storage, ctx };
  };

  /** A video folder as an encode leaves it: renditions, index, thumbnail, captions. */
  const videoFolder = async (storage: MediaStorage, id: number) => {
    const files: Record<string, Buffer> = {
      [`videos/${id}/720.mp4`]: randomBytes(6 * 1024 * 1024 + 123),
      [`videos/${id}/720.index.json`]: Buffer.from('{"segments":[]}'),
      [`videos/${id}/thumbnail`]: randomBytes(2000),
      [`videos/${id}/captions/fr.vtt`]: Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nBonjour\n'),
    };
    for (const [key, bytes] of Object.entries(files)) await put(storage, key, bytes);
    return files;
  };

  const expectHolds = async (storage: MediaStorage, files: Record<string, Buffer>) => {
    for (const [key, bytes] of Object.entries(files)) {
      expect(sha(await bytesOf(await storage.read(key))), key).toBe(sha(bytes));
    }
  };

  /** A move to the bucket killed once two files are copied, before its switch. */
  const moveKilledAfterTwoFiles = async (ctx: FolderMoveContext, folder: string) => {
    let copied = 0;
    const killed = moveFolder(
      {
        ...ctx,
        afterFileCopied: () => {
          copied += 1;
          if (copied === 2) throw new Error('killed');
        },
      },
      folder,
      's3',
    );
    await expect(killed).rejects.toThrow('killed');
  };

  it('moves a folder to the bucket and back, byte for byte, switching its row', async () => {
    const { local, bucket, site, ctx, cleanup } = await subject();
    try {
      const files = await videoFolder(local, 201);
      const there = await moveFolder(ctx, 'videos/201', 's3');
      expect(there).toMatchObject({ outcome: 'moved', files: 4 });
      expect(await recordedBackend(database.db, 'videos/201')).toBe('s3');
      await expectHolds(bucket, files);
      expect(await local.listFolder('videos/201')).toEqual([]);
      await expectHolds(site, files);

      expect(await moveFolder(ctx, 'videos/201', 's3')).toMatchObject({ outcome: 'already' });
      const back = await moveFolder(ctx, 'videos/201', 'local');
      expect(back).toMatchObject({ outcome: 'moved', files: 4 });
      expect(await recordedBackend(database.db, 'videos/201')).toBe('local');
      await expectHolds(local, files);
      expect(await bucket.listFolder('videos/201')).toEqual([]);
      await expectHolds(site, files);
    } finally {
      await cleanup();
    }
  });

  it('resumes a move killed half-way, the site reading the disk meanwhile', async () => {
    const { local, bucket, site, ctx, cleanup } = await subject();
    try {
      const files = await videoFolder(local, 202);
      await moveKilledAfterTwoFiles(ctx, 'videos/202');
      // Half copied, not switched: the site still plays the disk's files.
      expect(await bucket.listFolder('videos/202')).toHaveLength(2);
      expect(await recordedBackend(database.db, 'videos/202')).toBeUndefined();
      await expectHolds(site, files);
      // A caption removed before the next run: its half copy must not come back.
      const [firstCopied] = await bucket.listFolder('videos/202');
      await local.remove(firstCopied!.key);
      delete files[firstCopied!.key];

      expect(await moveFolder(ctx, 'videos/202', 's3')).toMatchObject({
        outcome: 'moved',
        files: 3,
      });
      expect((await bucket.listFolder('videos/202')).map((entry) => entry.key)).toEqual(
        Object.keys(files).sort(),
      );
      await expectHolds(site, files);
      expect(await local.listFolder('videos/202')).toEqual([]);
    } finally {
      await cleanup();
    }
  });

  it('removes the half copy of a move to the bucket cut before its switch, on a move back', async () => {
    const { local, bucket, site, ctx, cleanup } = await subject();
    try {
      const files = await videoFolder(local, 206);
      await moveKilledAfterTwoFiles(ctx, 'videos/206');
      expect(await bucket.listFolder('videos/206')).toHaveLength(2);
      // The geek changes their mind: back to the disk, where the folder still lives unrecorded.
      expect(await foldersToMove(database.db, ctx.stores, 'local')).toContain('videos/206');
      expect(await moveFolder(ctx, 'videos/206', 'local')).toMatchObject({ outcome: 'already' });
      expect(await bucket.listFolder('videos/206')).toEqual([]);
      expect(await recordedBackend(database.db, 'videos/206')).toBeUndefined();
      await expectHolds(site, files);
      expect(await foldersToMove(database.db, ctx.stores, 'local')).not.toContain('videos/206');
    } finally {
      await cleanup();
    }
  });

  it('copies again a folder written during its copy, and loses nothing', async () => {
    const { local, bucket, ctx, cleanup } = await subject();
    try {
      const files = await videoFolder(local, 203);
      let wrote = false;
      const result = await moveFolder(
        {
          ...ctx,
          afterFileCopied: async () => {
            if (wrote) return;
            wrote = true;
            // A caption uploaded while the move copies the folder.
            files['videos/203/captions/en.vtt'] = Buffer.from('WEBVTT\n');
            await put(local, 'videos/203/captions/en.vtt', files['videos/203/captions/en.vtt']);
          },
        },
        'videos/203',
        's3',
      );
      expect(result).toMatchObject({ outcome: 'moved', files: 5 });
      await expectHolds(bucket, files);
    } finally {
      await cleanup();
    }
  });

  it('carries over what a late writer did on the source during the grace', async () => {
    const { local, bucket, ctx, cleanup } = await subject();
    try {
      const files = await videoFolder(local, 205);
      const moved = await moveFolder({ ...ctx, deferRemoval: true }, 'videos/205', 's3');
      expect(moved.outcome).toBe('moved');
      // An instance that had not seen the switch yet: a caption added, the thumbnail removed,
      // while another already wrote the index on the bucket (newer: it stays).
      await put(local, 'videos/205/captions/de.vtt', Buffer.from('WEBVTT\n\nHallo'));
      await local.remove('videos/205/thumbnail');
      await put(local, 'videos/205/720.index.json', Buffer.from('{"old":true}'));
      await put(bucket, 'videos/205/720.index.json', Buffer.from('{"new":true}'));
      await moved.finish!();
      expect(await bytesOf(await bucket.read('videos/205/captions/de.vtt'))).toEqual(
        Buffer.from('WEBVTT\n\nHallo'),
      );
      expect(await bucket.stat('videos/205/thumbnail')).toBeNull();
      expect((await bytesOf(await bucket.read('videos/205/720.index.json')))?.toString()).toBe(
        '{"new":true}',
      );
      expect(sha(await bytesOf(await bucket.read('videos/205/720.mp4')))).toBe(
        sha(files['videos/205/720.mp4']!),
      );
      expect(await local.listFolder('videos/205')).toEqual([]);
    } finally {
      await cleanup();
    }
  });

  it('never answers a missing file to a viewer reading through the move', async () => {
    const { local, site, ctx, cleanup } = await subject();
    try {
      const files = await videoFolder(local, 204);
      const key = 'videos/204/720.mp4';
      let reads = 0;
      let misses = 0;
      let moving = true;
      const viewer = (async () => {
        while (moving) {
          const start = (reads * 65_536) % (6 * 1024 * 1024);
          const part = await bytesOf(await site.read(key, { start, end: start + 65_535 }));
          if (part === null || !part.equals(files[key]!.subarray(start, start + 65_536))) {
            misses += 1;
          }
          reads += 1;
        }
      })();
      try {
        await moveFolder(ctx, 'videos/204', 's3');
        await moveFolder(ctx, 'videos/204', 'local');
      } finally {
        moving = false;
        await viewer;
      }
      expect(reads).toBeGreaterThan(10);
      expect(misses).toBe(0);
    } finally {
      await cleanup();
    }
  });
});
