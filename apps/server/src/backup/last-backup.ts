import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What the geek's system view shows of the newest backup: written by `npm run backup`. */
export interface LastBackup {
  folder: string;
  createdAt: string;
  files: number;
  /** Bytes the backup holds (linked files included). */
  bytes: number;
  /** The last `--verify` of this folder: when, and whether it was intact; null before any. */
  verified: { at: string; intact: boolean } | null;
}

const file = (dataDir: string) => path.join(dataDir, 'last-backup.json');

export const readLastBackup = async (dataDir: string): Promise<LastBackup | null> => {
  const text = await readFile(file(dataDir), 'utf8').catch(() => null);
  try {
    return text ? (JSON.parse(text) as LastBackup) : null;
  } catch {
    return null;
  }
};

/** Replaces the record at once (write then rename): a reader never sees half of it. */
export const writeLastBackup = async (dataDir: string, backup: LastBackup) => {
  const partial = `${file(dataDir)}.${process.pid}`;
  await writeFile(partial, JSON.stringify(backup, null, 1));
  await rename(partial, file(dataDir));
};

/** Notes a `--verify` of `folder` when it is the one recorded as the newest. */
export const noteVerified = async (dataDir: string, folder: string, intact: boolean) => {
  const last = await readLastBackup(dataDir);
  if (!last || path.resolve(last.folder) !== path.resolve(folder)) return;
  await writeLastBackup(dataDir, { ...last, verified: { at: new Date().toISOString(), intact } });
};
