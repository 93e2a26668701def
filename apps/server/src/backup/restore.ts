import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { mediaFolderOf } from '../storage/media-storage.ts';
import type { BucketMedia } from './bucket-media.ts';
import { copyHashed, listFiles, sha256Of } from './file-copy.ts';
import { BackupError, readManifest, resolveBackup } from './manifest.ts';

export interface RestoreTarget {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  mediaDir: string;
  /** Refuses a database that is not empty, then loads the dump into it. */
  restoreDatabase(file: string): Promise<void>;
  /** MEDIA_STORAGE=s3: the media go into this bucket (empty of media) instead of `mediaDir`. */
  bucket?: BucketMedia;
  /** Once the database is back: records where the restored folders now live. */
  recordMediaFolders?(backend: 'local' | 's3', folders: string[]): Promise<void>;
}

/**
 * Restores the backup in `dir` (or the newest one inside it) into an empty installation: the
 * media files first, each checked against the manifest's sha256 as it is copied, then the
 * database. Any failure removes what was copied, so the installation stays empty.
 */
export const runRestore = async (
  dir: string,
  target: RestoreTarget,
  progress: (line: string) => void = () => {},
): Promise<{ folder: string; files: number }> => {
  const folder = await resolveBackup(dir);
  const manifest = await readManifest(folder);
  if (manifest.database.kind !== target.kind) {
    throw new BackupError(
      `this backup holds a ${manifest.database.kind} database, this installation uses ${target.kind}: set DATABASE_URL accordingly`,
    );
  }
  if ((await listFiles(target.mediaDir)).length > 0) {
    throw new BackupError(
      `${target.mediaDir} is not empty: restore needs an installation without data`,
    );
  }
  const { bucket } = target;
  if (bucket && (await bucket.list()).length > 0) {
    throw new BackupError('the bucket already holds media: restore needs one without any');
  }
  const copied: string[] = [];
  // The folders this restore made (the first of each `mkdir -p`): a failure removes them too.
  const made: string[] = [];
  const uploaded: string[] = [];
  const folders = new Set<string>();
  try {
    const files = manifest.files.filter((file) => file.path !== manifest.database.file);
    progress(`${files.length} files${bucket ? ', media into the bucket' : ''}...`);
    for (const file of files) {
      const [area, ...rest] = file.path.split('/');
      if (area !== 'media' && area !== 'config') throw new BackupError(`unknown file ${file.path}`);
      const from = path.join(folder, file.path);
      const key = rest.join('/');
      const folderOfKey = area === 'media' ? mediaFolderOf(key) : null;
      if (folderOfKey) folders.add(folderOfKey);
      if (bucket && folderOfKey) {
        // Checked before it leaves: the bucket gets exactly what the manifest describes.
        if ((await sha256Of(from)) !== file.sha256)
          throw new BackupError(`${file.path}: sha256 differs from the manifest`);
        uploaded.push(key);
        await bucket.upload(from, key);
        continue;
      }
      const to = path.join(area === 'media' ? target.mediaDir : target.dataDir, ...rest);
      const first = await mkdir(path.dirname(to), { recursive: true });
      if (first) made.push(first);
      await rm(to, { force: true });
      copied.push(to);
      const sha256 = await copyHashed(from, to);
      if (sha256 !== file.sha256)
        throw new BackupError(`${file.path}: sha256 differs from the manifest`);
    }
    progress(`database (${target.kind})...`);
    await target.restoreDatabase(path.join(folder, manifest.database.file));
    await target.recordMediaFolders?.(bucket ? 's3' : 'local', [...folders]);
  } catch (error) {
    for (const file of copied) await rm(file, { force: true });
    for (const folder of made.reverse()) await rm(folder, { recursive: true, force: true });
    for (const key of uploaded) await bucket?.remove(key).catch(() => undefined);
    throw error;
  } finally {
    bucket?.close();
  }
  return { folder, files: manifest.files.length };
};
