import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { put, bytesOf } from '../storage/media-storage.contract.ts';
import { createLocalStorage, type MediaStorage } from '../storage/media-storage.ts';
import { recordedBackend, recordRestoredFolders } from '../storage/media-locations.repository.ts';
import { openMediaStorage } from '../storage/open-media-storage.ts';
import { useTestApp } from '../test/harness.ts';
import { emptyTestPrefix, testMediaEnv, testMediaKind } from '../test/test-media.ts';
import { testTmpDir } from '../test/test-env.ts';
import { runBackup, verifyBackup } from './backup.ts';
import { backupSource } from './backup-source.ts';
import { bucketMedia } from './bucket-media.ts';
import { restorePglite } from './database-dump.ts';
import { BackupError } from './manifest.ts';
import { runRestore } from './restore.ts';

const ctx = useTestApp();
const backups = mkdtempSync(path.join(testTmpDir, 'bucket-backups-'));
afterAll(() => rmSync(backups, { recursive: true, force: true }));

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(testMediaKind !== 's3')('backup and restore of media in a bucket', () => {
  it('backs up the bucket beside the disk, copies again only what changed, and restores into another bucket', async () => {
    // A site mid-way: one video still on the disk (from before the bucket), two in the bucket.
    const local = createLocalStorage(ctx.config.mediaDir);
    const files: Record<string, Buffer> = {
      'videos/1/720.mp4': randomBytes(300_000),
      'videos/2/720.mp4': randomBytes(200_000),
      'videos/2/thumbnail': randomBytes(5_000),
      'directs/3/poster': randomBytes(4_000),
    };
    await put(local, 'videos/1/720.mp4', files['videos/1/720.mp4']!);
    for (const key of ['videos/2/720.mp4', 'videos/2/thumbnail', 'directs/3/poster']) {
      await put(ctx.storage, key, files[key]!);
    }
    expect(await ctx.storage.backendOf('videos/2/720.mp4')).toBe('s3');
    expect(await ctx.storage.backendOf('videos/1/720.mp4')).toBe('local');

    const first = await runBackup(backupSource(ctx.config, ctx.database), backups);
    const media = first.manifest.files.filter((file) => file.path.startsWith('media/'));
    expect(media.map((file) => [file.path, file.sha256]).sort()).toEqual(
      Object.entries(files)
        .map(([key, bytes]) => [`media/${key}`, sha(bytes)])
        .sort(),
    );
    expect(media.find((file) => file.path === 'media/videos/2/720.mp4')?.etag).toMatch(/^"/);
    expect(await verifyBackup(first.folder)).toEqual([]);

    // Unchanged objects are linked, not downloaded; a replaced one is copied again.
    files['videos/2/thumbnail'] = randomBytes(6_000);
    await put(ctx.storage, 'videos/2/thumbnail', files['videos/2/thumbnail']);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // a new backup name (seconds)
    const second = await runBackup(backupSource(ctx.config, ctx.database), backups);
    const copiedMedia = second.manifest.files
      .filter((file) => file.path.startsWith('media/'))
      .filter((file) => !first.manifest.files.some((old) => old.sha256 === file.sha256));
    expect(copiedMedia.map((file) => file.path)).toEqual(['media/videos/2/thumbnail']);
    expect(second.manifest.linked).toBeGreaterThanOrEqual(3);
    expect(second.manifest.bytesCopied).toBeLessThan(100_000);

    // An empty installation whose media go to another prefix of the bucket.
    const dataDir = mkdtempSync(path.join(testTmpDir, 'restored-'));
    const env = { ...testMediaEnv(), DATA_DIR: dataDir, JWT_SECRET: 'y'.repeat(32) };
    const config = loadConfig(env);
    try {
      const target = {
        kind: 'pglite' as const,
        dataDir,
        mediaDir: config.mediaDir,
        restoreDatabase: (file: string) => restorePglite(dataDir, file),
        recordMediaFolders: async (backend: 'local' | 's3', folders: string[]) => {
          const database = await openDatabase(config);
          await recordRestoredFolders(database.db, backend, folders);
          await database.close();
        },
      };
      await runRestore(second.folder, { ...target, bucket: bucketMedia(config.mediaStorage.s3!) });
      const database = await openDatabase(config);
      try {
        const restored: MediaStorage = await openMediaStorage(config, database.db);
        for (const [key, bytes] of Object.entries(files)) {
          expect(sha((await bytesOf(await restored.read(key)))!)).toBe(sha(bytes));
          expect(await restored.backendOf(key)).toBe('s3');
        }
        expect(await recordedBackend(database.db, 'videos/1')).toBe('s3');
        // Nothing on the disk: every medium went to the bucket.
        expect(await readdir(config.mediaDir).catch(() => [])).toEqual([]);
      } finally {
        await database.close();
      }
      // A bucket that already holds media is refused, and nothing changes.
      const again = mkdtempSync(path.join(testTmpDir, 'restored-again-'));
      await expect(
        runRestore(second.folder, {
          ...target,
          dataDir: again,
          mediaDir: path.join(again, 'media'),
          bucket: bucketMedia(config.mediaStorage.s3!),
        }),
      ).rejects.toThrow(BackupError);
      rmSync(again, { recursive: true, force: true });
    } finally {
      await emptyTestPrefix(config);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
