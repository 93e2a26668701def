import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { copyHashed, listFiles } from './file-copy.ts';
import { BackupError, readManifest, resolveBackup } from './manifest.ts';

export interface RestoreTarget {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  mediaDir: string;
  /** Refuses a database that is not empty, then loads the dump into it. */
  restoreDatabase(file: string): Promise<void>;
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
  const copied: string[] = [];
  try {
    const files = manifest.files.filter((file) => file.path !== manifest.database.file);
    progress(`${files.length} files...`);
    for (const file of files) {
      const [area, ...rest] = file.path.split('/');
      const root = area === 'media' ? target.mediaDir : target.dataDir;
      const to = path.join(root, ...rest);
      if (area !== 'media' && area !== 'config') throw new BackupError(`unknown file ${file.path}`);
      await mkdir(path.dirname(to), { recursive: true });
      await rm(to, { force: true });
      copied.push(to);
      const sha256 = await copyHashed(path.join(folder, file.path), to);
      if (sha256 !== file.sha256)
        throw new BackupError(`${file.path}: sha256 differs from the manifest`);
    }
    progress(`database (${target.kind})...`);
    await target.restoreDatabase(path.join(folder, manifest.database.file));
  } catch (error) {
    for (const file of copied) await rm(file, { force: true });
    throw error;
  }
  return { folder, files: manifest.files.length };
};
