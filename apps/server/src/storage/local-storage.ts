import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { exactly } from './exact-length.ts';
import type { FolderEntry, LocalMediaStorage } from './media-storage-interface.ts';
import { createOpenFiles } from './open-files.ts';
import { createScratchFolder, readFileStart } from './scratch-folder.ts';
import { MissingMediaError, StorageUnavailableError } from './storage-errors.ts';

const TEMP_DIR = '.tmp';

/** Media in a local directory (DATA_DIR/media), its temporary files inside it: commit renames. */
export const createLocalStorage = (root: string): LocalMediaStorage => {
  const absolute = (key: string) => {
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(path.resolve(root) + path.sep))
      throw new Error(`bad media key ${key}`);
    return resolved;
  };
  const isFile = (file: string) =>
    stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
  const openFiles = createOpenFiles();
  const scratch = createScratchFolder(path.join(root, TEMP_DIR));
  return {
    backend: 'local',
    backendOf: async () => 'local',
    ...scratch,
    localFiles: {
      root,
      localPath: absolute,
      leaseFile: (key, expected) => openFiles.lease(absolute(key), expected),
      openFileCounts: () => openFiles.counts(),
      async subfolders(prefix) {
        const entries = await readdir(absolute(prefix), { withFileTypes: true }).catch(() => []);
        return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
      },
    },
    async commit(tempFile, key) {
      const target = absolute(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tempFile, target);
    },
    async commitStream(source, size, key) {
      const temp = await scratch.tempPath();
      try {
        await pipeline(source, exactly(size), createWriteStream(temp, { flags: 'wx' }));
        const target = absolute(key);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async listFolder(prefix) {
      const files: FolderEntry[] = [];
      const walk = async (key: string) => {
        const entries = await readdir(absolute(key), { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          const child = `${key}/${entry.name}`;
          if (entry.isDirectory()) await walk(child);
          if (!entry.isFile()) continue;
          // Gone meanwhile: removed by its owner, not part of the folder any more.
          const info = await stat(absolute(child)).catch(() => null);
          if (info) files.push({ key: child, size: info.size, version: String(info.mtimeMs) });
        }
      };
      await walk(prefix.replace(/\/+$/, ''));
      return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async stat(key) {
      try {
        const s = await stat(absolute(key));
        return s.isFile() ? { size: s.size, mtime: s.mtime } : null;
      } catch {
        return null;
      }
    },
    readStart: (key, length) => readFileStart(absolute(key), length).catch(() => null),
    async read(key, range) {
      // Opened before answering: a commit renaming over the key afterwards replaces the path,
      // not the file this stream reads, so the reader gets the old bytes whole.
      const handle = await open(absolute(key), 'r').catch(() => null);
      if (!handle) return null;
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        return null;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async withLocalFile(key, use) {
      // The stored file itself: no copy, so ffmpeg reads at the disk's speed, as before.
      const file = absolute(key);
      if (!(await isFile(file))) throw new MissingMediaError(key);
      return use(file);
    },
    presignRead() {
      throw new Error('a presigned URL is not available on the local disk (MEDIA_STORAGE=local)');
    },
    async check() {
      // A folder that vanished (an unmounted volume) is the local form of a store that is down;
      // a fresh installation has none until its first upload, only the data folder above it.
      const folder =
        (await stat(root).catch(() => null)) ?? (await stat(path.dirname(root)).catch(() => null));
      if (!folder?.isDirectory()) throw new StorageUnavailableError(`no media folder at ${root}`);
    },
    remove: (key) => rm(absolute(key), { force: true }),
    removePrefix: (prefix) => rm(absolute(prefix), { recursive: true, force: true }),
  };
};
