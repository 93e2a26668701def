import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Where bytes sit on the media disk, by what keeps them there. */
export type MediaArea = 'videos' | 'directs' | 'lives' | 'uploads' | 'temporary' | 'other';

/**
 * The top-level folders of the media root: `mediaKeys` (videos, directs, lives), the
 * resumable uploads (`.uploads`) and the temporary files of uploads and encodes (`.tmp`).
 */
const areaOf: Record<string, MediaArea> = {
  videos: 'videos',
  directs: 'directs',
  lives: 'lives',
  '.uploads': 'uploads',
  '.tmp': 'temporary',
};

export type MediaUsage = Record<MediaArea, number>;

/** Files stat'ed at once: a few of libuv's threads, leaving the rest to media reads. */
const STAT_BATCH = 16;

const emptyUsage = (): MediaUsage => ({
  videos: 0,
  directs: 0,
  lives: 0,
  uploads: 0,
  temporary: 0,
  other: 0,
});

const entriesOf = (folder: string): Promise<Dirent[]> =>
  readdir(folder, { withFileTypes: true }).catch(() => []);

/**
 * Bytes of the regular files under the media root (their length, symbolic links not followed),
 * by area. A walk of every file: callers keep its answer for a while. Files that vanish while
 * it runs (an upload attached, a temporary file removed) are skipped.
 */
export const measureMediaUsage = async (root: string): Promise<MediaUsage> => {
  const usage = emptyUsage();
  const pending: { folder: string; area: MediaArea }[] = [];
  for (const entry of await entriesOf(root)) {
    const area = areaOf[entry.name] ?? 'other';
    if (entry.isDirectory()) pending.push({ folder: path.join(root, entry.name), area });
    else if (entry.isFile()) usage[area] += await sizeOf(path.join(root, entry.name));
  }
  for (let next = pending.pop(); next; next = pending.pop()) {
    const files: string[] = [];
    for (const entry of await entriesOf(next.folder)) {
      const full = path.join(next.folder, entry.name);
      if (entry.isDirectory()) pending.push({ folder: full, area: next.area });
      else if (entry.isFile()) files.push(full);
    }
    for (let i = 0; i < files.length; i += STAT_BATCH) {
      const sizes = await Promise.all(files.slice(i, i + STAT_BATCH).map(sizeOf));
      for (const size of sizes) usage[next.area] += size;
    }
  }
  return usage;
};

const sizeOf = (file: string): Promise<number> =>
  lstat(file).then(
    (stats) => stats.size,
    () => 0,
  );
