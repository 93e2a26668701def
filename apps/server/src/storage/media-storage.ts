import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { createOpenFiles, type FileIdentity, type FileLease } from './open-files.ts';

/**
 * Where media bytes live. Keys are built only by `mediaKeys` from integer ids, never from user
 * input. The local-directory backend is the only one today; object storage can implement the
 * same interface later.
 */
export interface MediaStorage {
  /** A new temporary file path inside the storage (same filesystem, so commit is a rename). */
  tempPath(suffix?: string): Promise<string>;
  /** Streams `source` into a new temporary file and returns its path; removes it on failure. */
  writeTemp(source: Readable, suffix?: string): Promise<string>;
  /** Atomically moves a temporary file into place under `key`. */
  commit(tempFile: string, key: string): Promise<void>;
  /** Size and modification time, or null when absent. */
  stat(key: string): Promise<{ size: number; mtime: Date } | null>;
  /** The first `length` bytes of a key (fewer for a shorter file), or null when absent. */
  readStart(key: string, length: number): Promise<Buffer | null>;
  /** Local path of a key, for ffmpeg and for `send` (local backend). */
  localPath(key: string): string;
  /** The directory of a key's root (for `send`'s root option). */
  readonly root: string;
  /**
   * A shared open descriptor of the key's file as `expected` (a stat of it just made) says it
   * is, for reading it (local backend); null when the key now holds another file or none.
   */
  leaseFile(key: string, expected: FileIdentity): Promise<FileLease | null>;
  /** Descriptors `leaseFile` keeps open, and its leases not released yet. */
  openFileCounts(): { open: number; leased: number };
  remove(key: string): Promise<void>;
  /** Removes every key under a prefix (a video's folder). */
  removePrefix(prefix: string): Promise<void>;
  /** Removes a temporary file, ignoring a missing one. */
  discardTemp(tempFile: string): Promise<void>;
  /**
   * Removes the temporary files last written before `idleSince` (debris of a crash), and only
   * those: files in use are written continually. Returns what it freed.
   */
  sweepTemporary(idleSince: Date): Promise<{ files: number; bytes: number }>;
}

export const mediaKeys = {
  videoFolder: (videoId: number) => `videos/${videoId}`,
  raw: (videoId: number) => `videos/${videoId}/raw.mp4`,
  rung: (videoId: number, rung: number) => `videos/${videoId}/${rung}.mp4`,
  /** A rung's segment index (JSON), written at encode time: adaptive manifests are built from it. */
  rungIndex: (videoId: number, rung: number) => `videos/${videoId}/${rung}.index.json`,
  thumbnail: (videoId: number) => `videos/${videoId}/thumbnail`,
  /** Seek previews: the sprite of small frames and the WebVTT track mapping times to tiles. */
  storyboardImage: (videoId: number) => `videos/${videoId}/storyboard.jpg`,
  storyboardVtt: (videoId: number) => `videos/${videoId}/storyboard.vtt`,
  /** A caption's WebVTT: `language` is an ISO 639-1 code, checked again here. */
  caption: (videoId: number, language: string) => {
    if (!/^[a-z]{2}$/.test(language)) throw new Error(`bad caption language ${language}`);
    return `videos/${videoId}/captions/${language}.vtt`;
  },
  poster: (directId: number) => `directs/${directId}/poster`,
  /** A live's folder: its recording parts and its HLS, removed once its REDIFF is stored. */
  liveFolder: (directId: number, liveId: number) => `lives/${directId}/${liveId}`,
  livePart: (directId: number, liveId: number, part: number) =>
    `lives/${directId}/${liveId}/part-${part}.ts`,
  liveHls: (directId: number, liveId: number) => `lives/${directId}/${liveId}/hls`,
  liveMaster: (directId: number, liveId: number) => `lives/${directId}/${liveId}/hls/master.m3u8`,
  /** A variant's playlist (segment undefined) or one of its segments, from checked parts only. */
  liveHlsFile: (
    directId: number,
    liveId: number,
    variant: string,
    segment?: { part: number; sequence: number },
  ) => {
    if (!/^(source|\d{3,4}p)$/.test(variant)) throw new Error(`bad live variant ${variant}`);
    const name = segment
      ? `seg-${segment.part}-${String(segment.sequence).padStart(5, '0')}.ts`
      : 'index.m3u8';
    return `lives/${directId}/${liveId}/hls/${variant}/${name}`;
  },
};

const TEMP_DIR = '.tmp';

/** The first `length` bytes of a local file (fewer for a shorter file), e.g. a temporary upload. */
export const readFileStart = async (file: string, length: number): Promise<Buffer> => {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

export const createLocalStorage = (root: string): MediaStorage => {
  const absolute = (key: string) => {
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(path.resolve(root) + path.sep))
      throw new Error(`bad media key ${key}`);
    return resolved;
  };
  const tempPath = async (suffix = '') => {
    await mkdir(path.join(root, TEMP_DIR), { recursive: true });
    return path.join(root, TEMP_DIR, `${randomUUID()}${suffix}`);
  };
  const openFiles = createOpenFiles();
  return {
    root,
    tempPath,
    leaseFile: (key, expected) => openFiles.lease(absolute(key), expected),
    openFileCounts: () => openFiles.counts(),
    async writeTemp(source, suffix) {
      const file = await tempPath(suffix);
      // A source destroyed while the folder was being made (an aborted or broken upload) would
      // never end: `pipeline` waits forever on an already closed stream.
      if (source.destroyed && !source.readableEnded) {
        throw source.errored ?? new Error('source closed before its end');
      }
      try {
        await pipeline(source, createWriteStream(file, { flags: 'wx' }));
        return file;
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
    },
    async commit(tempFile, key) {
      const target = absolute(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tempFile, target);
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
    localPath: absolute,
    remove: (key) => rm(absolute(key), { force: true }),
    removePrefix: (prefix) => rm(absolute(prefix), { recursive: true, force: true }),
    discardTemp: (tempFile) => rm(tempFile, { force: true }),
    async sweepTemporary(idleSince) {
      const folder = path.join(root, TEMP_DIR);
      const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
      const freed = { files: 0, bytes: 0 };
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(folder, entry.name);
        // Gone meanwhile: committed or discarded by its owner.
        const info = await lstat(file).catch(() => null);
        if (!info || info.mtime >= idleSince) continue;
        await rm(file, { force: true });
        freed.files += 1;
        freed.bytes += info.size;
      }
      return freed;
    },
  };
};
