import { chmod, rename, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { copyHashed, hardLink, listFiles, sha256Of, statOrNull } from './file-copy.ts';
import {
  backupName,
  backupsIn,
  BackupError,
  MANIFEST,
  newManifest,
  readManifest,
  type BackedUpFile,
  type Manifest,
} from './manifest.ts';
import { databaseFiles } from './database-dump.ts';
import type { BucketMedia } from './bucket-media.ts';
import { isAbsent } from '../storage/s3-failures.ts';

/** Folders of the media root that are work in progress, never part of a backup. */
const WORK_FOLDERS = ['.tmp', '.uploads'];
/** DATA_DIR files an installation needs to answer as before (tokens, branding). */
const CONFIG_FILES = ['jwt-secret', 'site.json'];

export interface BackupSource {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  mediaDir: string;
  plateauVersion: string;
  /** Writes the database's dump to `file`. */
  dumpDatabase(file: string): Promise<void>;
  /** The site's bucket, when media live there too (MEDIA_STORAGE=s3, or a move back). */
  bucket?: BucketMedia;
}

export interface BackupProgress {
  (line: string): void;
}

/**
 * A backup into a new folder of `parent`: the database first (one consistent snapshot), then
 * every media file, hard-linked from the newest earlier backup when its size and time did not
 * change (rsnapshot's way: a daily backup costs what changed), else copied and hashed in one
 * read. Written as `NAME.partial` and renamed once its manifest is complete.
 */
export const runBackup = async (
  source: BackupSource,
  parent: string,
  progress: BackupProgress = () => {},
): Promise<{ folder: string; manifest: Manifest }> => {
  await mkdir(parent, { recursive: true });
  const [previousFolder] = await backupsIn(parent);
  const previous = previousFolder ? await readManifest(previousFolder) : null;
  const earlier = new Map((previous?.files ?? []).map((file) => [file.path, file]));
  const name = backupName(new Date());
  const folder = path.join(parent, name);
  if (await statOrNull(folder)) throw new BackupError(`${folder} already exists`);
  const partial = `${folder}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true, mode: 0o700 });
  const databaseFile = databaseFiles[source.kind];
  const manifest = newManifest(source.kind, databaseFile, source.plateauVersion);
  const incremental: Incremental = { earlier, previousFolder, manifest };
  try {
    progress(`database (${source.kind})...`);
    await source.dumpDatabase(path.join(partial, databaseFile));
    const dumped = await stat(path.join(partial, databaseFile));
    manifest.files.push({
      path: databaseFile,
      size: dumped.size,
      sha256: await sha256Of(path.join(partial, databaseFile)),
      mtimeMs: dumped.mtimeMs,
    });

    const take = async (from: string, relative: string) => {
      const info = await statOrNull(from);
      if (!info) return false;
      const to = path.join(partial, relative);
      const unchanged = (before: BackedUpFile) =>
        before.size === info.size && before.mtimeMs === info.mtimeMs;
      if (await linkUnchanged(incremental, relative, to, unchanged)) return true;
      try {
        const sha256 = await copyHashed(from, to);
        manifest.files.push({ path: relative, size: info.size, sha256, mtimeMs: info.mtimeMs });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
      manifest.copied += 1;
      manifest.bytesCopied += info.size;
      return true;
    };

    for (const file of CONFIG_FILES) {
      await take(path.join(source.dataDir, file), `config/${file}`);
    }
    const media = await listFiles(source.mediaDir, WORK_FOLDERS);
    progress(`${media.length} media files...`);
    await twoAtATime(media, async (key) => {
      if (!(await take(path.join(source.mediaDir, key), `media/${key}`))) {
        manifest.vanished.push(key);
      }
    });
    if (source.bucket) await takeBucket(source.bucket, partial, incremental, progress);
    manifest.files.sort((a, b) => a.path.localeCompare(b.path));
    manifest.vanished.sort();
    await writeFile(path.join(partial, MANIFEST), JSON.stringify(manifest, null, 1), {
      mode: 0o600,
    });
    await rename(partial, folder);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    source.bucket?.close();
  }
  return { folder, manifest };
};

interface Incremental {
  earlier: Map<string, BackedUpFile>;
  previousFolder: string | undefined;
  manifest: Manifest;
}

/** Links `relative` from the previous backup when `unchanged` says its source is the same. */
const linkUnchanged = async (
  { earlier, previousFolder, manifest }: Incremental,
  relative: string,
  to: string,
  unchanged: (before: BackedUpFile) => boolean,
) => {
  const before = earlier.get(relative);
  if (!before || !previousFolder || !unchanged(before)) return false;
  if (!(await hardLink(path.join(previousFolder, relative), to))) return false;
  manifest.files.push({ ...before });
  manifest.linked += 1;
  return true;
};

/** Two at a time: one file's copy overlaps another's hash (2 cores, one disk). */
const twoAtATime = async <T>(items: T[], work: (item: T) => Promise<void>) => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all([worker(), worker()]);
};

/**
 * The bucket's media into the backup: an object whose size and ETag match the previous backup's
 * is hard-linked from it, any other downloaded and hashed. A file already taken from the disk
 * (a folder half moved has its files on both sides) is not taken twice.
 */
const takeBucket = async (
  bucket: BucketMedia,
  partial: string,
  incremental: Incremental,
  progress: BackupProgress,
) => {
  const { manifest } = incremental;
  const taken = new Set(manifest.files.map((file) => file.path));
  const objects = (await bucket.list()).filter((object) => !taken.has(`media/${object.key}`));
  progress(`${objects.length} media files in the bucket...`);
  await twoAtATime(objects, async (object) => {
    const relative = `media/${object.key}`;
    const to = path.join(partial, relative);
    const unchanged = (before: BackedUpFile) =>
      before.size === object.size && before.etag === object.etag;
    if (await linkUnchanged(incremental, relative, to, unchanged)) return;
    let sha256: string;
    try {
      sha256 = await bucket.download(object.key, to);
    } catch (error) {
      if (!isAbsent(error)) throw error;
      manifest.vanished.push(object.key);
      return;
    }
    await chmod(to, 0o600);
    const { size, mtimeMs } = await stat(to);
    manifest.files.push({ path: relative, size, sha256, mtimeMs, etag: object.etag });
    manifest.copied += 1;
    manifest.bytesCopied += size;
  });
};

/** Every file of a backup against its manifest: the problems found (none: it is intact). */
export const verifyBackup = async (folder: string): Promise<string[]> => {
  const manifest = await readManifest(folder);
  const problems: string[] = [];
  const check = async (file: BackedUpFile) => {
    const full = path.join(folder, file.path);
    const info = await statOrNull(full);
    if (!info) return problems.push(`${file.path}: missing`);
    if (info.size !== file.size)
      return problems.push(`${file.path}: size ${info.size}, expected ${file.size}`);
    if ((await sha256Of(full)) !== file.sha256) problems.push(`${file.path}: sha256 differs`);
  };
  for (const file of manifest.files) await check(file);
  return problems;
};
