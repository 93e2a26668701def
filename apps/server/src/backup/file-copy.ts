import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Copies `from` to `to` (a new file) reading it once, and answers its sha256. */
export const copyHashed = async (from: string, to: string): Promise<string> => {
  await mkdir(path.dirname(to), { recursive: true });
  const hash = createHash('sha256');
  await pipeline(
    createReadStream(from, { highWaterMark: 1024 * 1024 }),
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    }),
    createWriteStream(to, { flags: 'wx', mode: 0o600 }),
  );
  return hash.digest('hex');
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
