import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export const MANIFEST = 'manifest.json';
const FORMAT = 'plateau-backup/1';

/** One file of a backup, as it was read: what `--verify` and the next backup compare. */
export interface BackedUpFile {
  /** Relative to the backup's folder (`database/...`, `config/...`, `media/...`). */
  path: string;
  size: number;
  sha256: string;
  /** The source's modification time: with the size, what lets the next backup link it. */
  mtimeMs: number;
  /** A file from the bucket: its ETag, which with the size lets the next backup link it. */
  etag?: string;
}

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  plateauVersion: string;
  database: { kind: 'pglite' | 'postgres'; file: string };
  files: BackedUpFile[];
  /** Files linked from the previous backup, and files copied (with their bytes). */
  linked: number;
  copied: number;
  bytesCopied: number;
  /** Media files that disappeared between the listing and the copy (deleted meanwhile). */
  vanished: string[];
}

export const newManifest = (
  kind: Manifest['database']['kind'],
  databaseFile: string,
  plateauVersion: string,
): Manifest => ({
  format: FORMAT,
  createdAt: new Date().toISOString(),
  plateauVersion,
  database: { kind, file: databaseFile },
  files: [],
  linked: 0,
  copied: 0,
  bytesCopied: 0,
  vanished: [],
});

export const readManifest = async (backup: string): Promise<Manifest> => {
  const text = await readFile(path.join(backup, MANIFEST), 'utf8').catch(() => null);
  if (text === null) throw new BackupError(`${backup} is not a Plateau backup (no ${MANIFEST})`);
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== FORMAT) {
    throw new BackupError(`${backup}: unknown backup format ${String(manifest.format)}`);
  }
  return manifest;
};

/** A refusal the person can act on: printed as one line, exit code 1. */
export class BackupError extends Error {}

/** Completed backups are named by their UTC time; a `.partial` one was cut short. */
export const backupName = (date: Date) =>
  `plateau-${date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;

/** The complete backups in `parent`, newest first. */
export const backupsIn = async (parent: string): Promise<string[]> => {
  const names = await readdir(parent).catch(() => [] as string[]);
  const complete: string[] = [];
  for (const name of names
    .filter((n) => /^plateau-\d{8}T\d{6}Z$/.test(n))
    .sort()
    .reverse()) {
    const info = await stat(path.join(parent, name, MANIFEST)).catch(() => null);
    if (info?.isFile()) complete.push(path.join(parent, name));
  }
  return complete;
};

/** `dir` itself when it is a backup, else the newest backup inside it. */
export const resolveBackup = async (dir: string): Promise<string> => {
  const own = await stat(path.join(dir, MANIFEST)).catch(() => null);
  if (own?.isFile()) return dir;
  const [newest] = await backupsIn(dir);
  if (!newest) throw new BackupError(`no Plateau backup in ${dir}`);
  return newest;
};
