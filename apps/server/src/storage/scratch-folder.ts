import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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

/**
 * The end of the name of a working copy of `key` (withLocalFile on object storage), the key's
 * extension last (ffmpeg guesses some formats from it): `videos/5/raw.mp4` ->
 * `.copy-videos_5_raw.mp4`. Whoever holds a folder finds by it the copies a killed process left.
 */
export const workingCopySuffix = (key: string) => `.copy-${key.replaceAll('/', '_')}`;

/**
 * Removes the files of `scratchDir` whose names hold one of `markers` (`.encode-5-`): what a
 * process killed while it held a video left. Only for a caller holding that video (an encode,
 * a cut, a rendition upgrade): no live process writes under those names meanwhile.
 */
export const removeMarkedFiles = async (scratchDir: string, markers: string[]) => {
  const names = await readdir(scratchDir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => markers.some((marker) => name.includes(marker)))
      .map((name) => rm(path.join(scratchDir, name), { force: true })),
  );
};

/**
 * Removes the working copies of the keys under `folder` (`videos/5`) from `scratchDir`: those a
 * process killed while it held the folder left (see removeMarkedFiles).
 */
export const removeWorkingCopies = (scratchDir: string, folder: string) =>
  removeMarkedFiles(scratchDir, [workingCopySuffix(`${folder.replace(/\/+$/, '')}/`)]);

/** The temporary files of a storage, always on a local disk, whichever backend keeps the media. */
export interface ScratchFolder {
  tempPath(suffix?: string): Promise<string>;
  writeTemp(source: Readable, suffix?: string): Promise<string>;
  discardTemp(tempFile: string): Promise<void>;
  sweepTemporary(idleSince: Date): Promise<{ files: number; bytes: number }>;
}

export const createScratchFolder = (folder: string): ScratchFolder => {
  const tempPath = async (suffix = '') => {
    await mkdir(folder, { recursive: true });
    return path.join(folder, `${randomUUID()}${suffix}`);
  };
  return {
    tempPath,
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
    discardTemp: (tempFile) => rm(tempFile, { force: true }),
    async sweepTemporary(idleSince) {
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
