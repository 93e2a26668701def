import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readSync, rmSync, statSync } from 'node:fs';
import { rename, truncate, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testTmpDir } from '../test/test-env.ts';
import { createOpenFiles, type FileLease } from './open-files.ts';

mkdirSync(testTmpDir, { recursive: true });
const dir = mkdtempSync(path.join(testTmpDir, 'open-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
const newFile = async (content: Buffer) => {
  const file = path.join(dir, `file-${(fileCount += 1)}`);
  await writeFile(file, content);
  return file;
};

/** Writes `content` beside `file` and renames it over, as storage `commit` replaces a file. */
const replace = async (file: string, content: Buffer) => {
  await writeFile(`${file}.new`, content);
  await rename(`${file}.new`, file);
};

const bytesOf = (lease: FileLease, length: number) => {
  const buffer = Buffer.alloc(length);
  return buffer.subarray(0, readSync(lease.fd, buffer, 0, length, 0));
};

describe('open files', () => {
  it('shares one descriptor between the readers of a file and keeps it once released', async () => {
    const files = createOpenFiles();
    const content = randomBytes(1000);
    const file = await newFile(content);
    const [a, b] = await Promise.all([
      files.lease(file, statSync(file)),
      files.lease(file, statSync(file)),
    ]);
    expect(a!.fd).toBe(b!.fd);
    expect(files.counts()).toEqual({ open: 1, leased: 2 });
    a!.release();
    a!.release();
    expect(files.counts()).toEqual({ open: 1, leased: 1 });
    b!.release();
    const again = await files.lease(file, statSync(file));
    expect(again!.fd).toBe(a!.fd);
    expect(bytesOf(again!, 2000).equals(content)).toBe(true);
    again!.release();
    expect(files.counts()).toEqual({ open: 1, leased: 0 });
  });

  it('opens a replaced file anew, even of the same size, and closes the old one once free', async () => {
    const files = createOpenFiles();
    const file = await newFile(randomBytes(1000));
    const old = await files.lease(file, statSync(file));
    const fresh = randomBytes(1000);
    await replace(file, fresh);
    const current = await files.lease(file, statSync(file));
    expect(current!.fd).not.toBe(old!.fd);
    expect(bytesOf(current!, 1000).equals(fresh)).toBe(true);
    // The old reader still reads its file to the end...
    expect(files.counts()).toEqual({ open: 2, leased: 2 });
    old!.release();
    // ...which is closed at once after it.
    expect(files.counts()).toEqual({ open: 1, leased: 1 });
    current!.release();
  });

  it('answers null for a stat that no longer describes the path: replaced or deleted since', async () => {
    const files = createOpenFiles();
    const file = await newFile(randomBytes(100));
    const before = statSync(file);
    await replace(file, randomBytes(100));
    expect(await files.lease(file, before)).toBeNull();
    const kept = statSync(file);
    const held = await files.lease(file, kept);
    held!.release();
    await unlink(file);
    // The path is gone: the kept descriptor is not for a stat made before the deletion...
    expect(await files.lease(file, before)).toBeNull();
    // ...nor for one of another file; a changed size in place is a different file too.
    const other = await newFile(randomBytes(100));
    const otherStat = statSync(other);
    await truncate(other, 50);
    expect(await files.lease(other, otherStat)).toBeNull();
    expect(files.counts().leased).toBe(0);
  });

  it('closes descriptors unused for idleMs, and past maxOpen the unused ones first', async () => {
    const files = createOpenFiles({ idleMs: 30, maxOpen: 2 });
    const paths = await Promise.all([1, 2, 3].map(() => newFile(randomBytes(10))));
    const first = await files.lease(paths[0]!, statSync(paths[0]!));
    const second = await files.lease(paths[1]!, statSync(paths[1]!));
    second!.release();
    const third = await files.lease(paths[2]!, statSync(paths[2]!));
    // The second (unused) went for the third; the first, in use, stays.
    expect(files.counts()).toEqual({ open: 2, leased: 2 });
    first!.release();
    third!.release();
    await vi.waitFor(() => expect(files.counts()).toEqual({ open: 0, leased: 0 }));
  });

  it('rejects on an error other than a missing file', async () => {
    const files = createOpenFiles();
    const file = await newFile(randomBytes(10));
    const fakeStat = { ...statSync(file) };
    await expect(files.lease(path.join(file, 'x'), fakeStat)).resolves.toBeNull();
    await expect(files.lease('\0bad', fakeStat)).rejects.toThrow();
    expect(files.counts()).toEqual({ open: 0, leased: 0 });
  });
});
