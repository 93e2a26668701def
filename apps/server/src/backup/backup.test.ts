import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, open, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testTmpDir } from '../test/test-env.ts';
import { runBackup, verifyBackup, type BackupSource } from './backup.ts';

const root = mkdtempSync(path.join(testTmpDir, 'backup-unit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A data folder with media files and a fake database dump. */
const installation = async (name: string) => {
  const dataDir = path.join(root, name);
  const mediaDir = path.join(dataDir, 'media');
  const put = async (key: string, bytes = randomBytes(4096)) => {
    await mkdir(path.dirname(path.join(mediaDir, key)), { recursive: true });
    await writeFile(path.join(mediaDir, key), bytes);
  };
  for (const key of [
    'videos/1/raw.mp4',
    'videos/1/720.mp4',
    'videos/1/thumbnail',
    'directs/1/poster',
  ]) {
    await put(key);
  }
  await put('.tmp/upload-in-flight');
  await put('.uploads/0123456789abcdef0123456789abcdef');
  await writeFile(path.join(dataDir, 'jwt-secret'), 'secret');
  const source: BackupSource = {
    kind: 'pglite',
    dataDir,
    mediaDir,
    plateauVersion: 'test',
    dumpDatabase: (file) =>
      mkdir(path.dirname(file), { recursive: true }).then(() => writeFile(file, randomBytes(1000))),
  };
  return { source, put, mediaDir };
};

describe('a backup', () => {
  it('copies the media but the work in progress, then links what did not change', async () => {
    const { source, put } = await installation('site');
    const parent = path.join(root, 'backups');
    const first = await runBackup(source, parent);
    expect(first.manifest.files.map((file) => file.path).sort()).toEqual([
      'config/jwt-secret',
      'database/pglite-datadir.tar.gz',
      'media/directs/1/poster',
      'media/videos/1/720.mp4',
      'media/videos/1/raw.mp4',
      'media/videos/1/thumbnail',
    ]);
    expect(first.manifest.linked).toBe(0);

    // A second, a second later (backups are named by the second), after one new video.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await put('videos/2/raw.mp4');
    const second = await runBackup(source, parent);
    // Everything but the new video and the database dump is a hard link to the first.
    expect(second.manifest.linked).toBe(5);
    expect(second.manifest.copied).toBe(1);
    const linked = await stat(path.join(second.folder, 'media/videos/1/720.mp4'));
    expect(linked.nlink).toBe(2);
    expect((await stat(path.join(second.folder, 'media/videos/2/raw.mp4'))).nlink).toBe(1);
    expect(await verifyBackup(second.folder)).toEqual([]);

    // One flipped byte is found.
    const handle = await open(path.join(second.folder, 'media/videos/2/raw.mp4'), 'r+');
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, 100);
    await handle.write(Buffer.from([byte[0]! ^ 0xff]), 0, 1, 100);
    await handle.close();
    expect(await verifyBackup(second.folder)).toEqual(['media/videos/2/raw.mp4: sha256 differs']);
  });

  it('leaves nothing behind when the database dump fails', async () => {
    const { source } = await installation('broken');
    const parent = path.join(root, 'broken-backups');
    await expect(
      runBackup(
        { ...source, dumpDatabase: () => Promise.reject(new Error('pg_dump failed')) },
        parent,
      ),
    ).rejects.toThrow('pg_dump failed');
    expect(await readdir(parent)).toEqual([]);
  });
});
