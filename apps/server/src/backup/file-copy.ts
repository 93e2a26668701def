import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, mkdir, open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const CHUNK = 4 * 1024 * 1024;

/**
 * Copies `from` to `to` (a new file), hashing the bytes on their way: one read of the source,
 * in large chunks through one reused buffer (as rsync does, no stream machinery per chunk), so
 * the manifest describes exactly what was written even if the source is replaced meanwhile.
 */
export const copyHashed = async (from: string, to: string): Promise<string> => {
  await mkdir(path.dirname(to), { recursive: true });
  const source = await open(from, 'r');
  try {
    const target = await open(to, 'wx', 0o600);
    try {
      const hash = createHash('sha256');
      const buffer = Buffer.allocUnsafe(CHUNK);
      for (;;) {
        const { bytesRead } = await source.read(buffer, 0, CHUNK, null);
        if (bytesRead === 0) break;
        const chunk = buffer.subarray(0, bytesRead);
        hash.update(chunk);
        await target.write(chunk);
      }
      return hash.digest('hex');
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
};

export const sha256Of = async (file: string): Promise<string> => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file, { highWaterMark: 1024 * 1024 }), hash);
  return hash.digest('hex');
};

/** A hard link of `from` at `to`; false when the two are on different filesystems. */
export const hardLink = async (from: string, to: string): Promise<boolean> => {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EXDEV') return false;
    throw error;
  }
};

/** Every regular file under `root`, relative to it, skipping the top-level `skip` folders. */
export const listFiles = async (root: string, skip: string[] = []): Promise<string[]> => {
  const found: string[] = [];
  const walk = async (dir: string) => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full);
      if (dir === root && skip.includes(entry.name)) continue;
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) found.push(relative);
    }
  };
  await walk(root);
  return found.sort();
};

export const statOrNull = (file: string) => stat(file).catch(() => null);
