import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MediaStorage } from './media-storage.ts';
import { MissingMediaError } from './storage-errors.ts';

/** One backend under test: its storage, where its temporary files go, and its removal. */
export interface ContractSubject {
  storage: MediaStorage;
  scratchDir: string;
  cleanup(): Promise<void>;
}

const MiB = 1024 * 1024;

export const bytesOf = async (stream: Readable | null) => {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Publishes `bytes` under `key` the way the server does: a temporary file, then commit. */
export const put = async (storage: MediaStorage, key: string, bytes: Uint8Array) => {
  const file = await storage.tempPath('.test');
  await writeFile(file, bytes);
  await storage.commit(file, key);
  return file;
};

const scratchFiles = async (folder: string) =>
  (await readdir(folder, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

/**
 * What every MediaStorage backend promises, as one list of cases each backend's test file runs
 * (local-media-storage.test.ts, s3-media-storage.test.ts against a real store).
 */
export const mediaStorageContract = (make: () => Promise<ContractSubject>) => {
  let subject: ContractSubject;
  let storage: MediaStorage;
  beforeEach(async () => {
    subject = await make();
    storage = subject.storage;
  });
  afterEach(() => subject.cleanup());

  it('publishes a temporary file, then answers its size, its start, and its bytes by range', async () => {
    const bytes = randomBytes(300_000);
    const temp = await put(storage, 'videos/1/720.mp4', bytes);
    expect(existsSync(temp)).toBe(false);
    const described = await storage.stat('videos/1/720.mp4');
    expect(described?.size).toBe(300_000);
    expect(Math.abs(described!.mtime.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await storage.readStart('videos/1/720.mp4', 10))?.equals(bytes.subarray(0, 10))).toBe(
      true,
    );
    expect((await storage.readStart('videos/1/720.mp4', 1_000_000))?.equals(bytes)).toBe(true);
    expect((await bytesOf(await storage.read('videos/1/720.mp4')))?.equals(bytes)).toBe(true);
    const range = (start: number, end: number) =>
      storage.read('videos/1/720.mp4', { start, end }).then(bytesOf);
    expect((await range(0, 0))?.equals(bytes.subarray(0, 1))).toBe(true);
    expect((await range(1000, 1999))?.equals(bytes.subarray(1000, 2000))).toBe(true);
    // Past the end: what exists, and nothing from the end on.
    expect((await range(299_990, 400_000))?.equals(bytes.subarray(299_990))).toBe(true);
    expect(await range(300_000, 300_010)).toEqual(Buffer.alloc(0));

    expect(await storage.stat('videos/1/480.mp4')).toBeNull();
    expect(await storage.readStart('videos/1/480.mp4', 10)).toBeNull();
    expect(await storage.read('videos/1/480.mp4')).toBeNull();
    expect(await storage.read('videos/1/480.mp4', { start: 0, end: 9 })).toBeNull();

    await put(storage, 'videos/1/captions/fr.vtt', Buffer.alloc(0));
    expect((await storage.stat('videos/1/captions/fr.vtt'))?.size).toBe(0);
    expect(await storage.readStart('videos/1/captions/fr.vtt', 10)).toEqual(Buffer.alloc(0));
    expect(await bytesOf(await storage.read('videos/1/captions/fr.vtt'))).toEqual(Buffer.alloc(0));
  });

  it('replaces a key at once: a reader already reading gets the old bytes whole or fails, never a mix', async () => {
    const before = randomBytes(16 * MiB);
    const after = randomBytes(16 * MiB);
    await put(storage, 'videos/2/1080.mp4', before);
    const reading = (await storage.read('videos/2/1080.mp4'))!;
    const chunks: Buffer[] = [];
    let replaced = false;
    let failed = false;
    try {
      for await (const chunk of reading) {
        chunks.push(chunk as Buffer);
        if (!replaced) {
          replaced = true;
          await put(storage, 'videos/2/1080.mp4', after);
        }
      }
    } catch {
      failed = true;
    }
    expect(replaced).toBe(true);
    if (!failed) expect(Buffer.concat(chunks).equals(before)).toBe(true);
    expect((await bytesOf(await storage.read('videos/2/1080.mp4')))?.equals(after)).toBe(true);
    expect((await storage.stat('videos/2/1080.mp4'))?.size).toBe(16 * MiB);
  });

  it('lends a local file of a key, and leaves no scratch file behind, even when its use fails', async () => {
    const bytes = randomBytes(200_000);
    await put(storage, 'videos/3/raw.mp4', bytes);
    const scratchBefore = await scratchFiles(subject.scratchDir);
    const read = await storage.withLocalFile('videos/3/raw.mp4', (file) => readFile(file));
    expect(read.equals(bytes)).toBe(true);
    expect(await scratchFiles(subject.scratchDir)).toEqual(scratchBefore);

    const broken = new Error('ffmpeg failed');
    await expect(
      storage.withLocalFile('videos/3/raw.mp4', async (file) => {
        expect(existsSync(file)).toBe(true);
        throw broken;
      }),
    ).rejects.toBe(broken);
    expect(await scratchFiles(subject.scratchDir)).toEqual(scratchBefore);
    expect((await storage.stat('videos/3/raw.mp4'))?.size).toBe(200_000);

    await expect(
      storage.withLocalFile('videos/3/absent.mp4', () => Promise.resolve('used')),
    ).rejects.toBeInstanceOf(MissingMediaError);
    expect(await scratchFiles(subject.scratchDir)).toEqual(scratchBefore);
  });

  it("removes a key, and a folder's keys whatever their number, leaving its neighbours", async () => {
    const folder = Array.from({ length: 30 }, (_, index) => `videos/7/hls/seg-${index}.m4s`);
    const keys = [...folder, 'videos/7/720.mp4', 'videos/7/captions/fr.vtt'];
    for (const key of keys) await put(storage, key, Buffer.from(key));
    for (const key of ['videos/70/raw.mp4', 'videos/8/raw.mp4'])
      await put(storage, key, Buffer.from(key));
    await storage.removePrefix('videos/7');
    for (const key of keys) expect(await storage.stat(key)).toBeNull();
    expect((await storage.stat('videos/70/raw.mp4'))?.size).toBe('videos/70/raw.mp4'.length);
    expect(await storage.stat('videos/8/raw.mp4')).not.toBeNull();
    await storage.removePrefix('videos/7');

    await storage.remove('videos/70/raw.mp4');
    expect(await storage.stat('videos/70/raw.mp4')).toBeNull();
    await storage.remove('videos/70/raw.mp4');
    expect(await storage.stat('videos/8/raw.mp4')).not.toBeNull();
  });

  it("lists a folder's files with their sizes, not its neighbours', and publishes a stream", async () => {
    for (const key of ['videos/9/720.mp4', 'videos/9/captions/fr.vtt', 'videos/90/raw.mp4'])
      await put(storage, key, Buffer.from(key));
    const listed = await storage.listFolder('videos/9');
    expect(listed.map(({ key, size }) => ({ key, size }))).toEqual([
      { key: 'videos/9/720.mp4', size: 'videos/9/720.mp4'.length },
      { key: 'videos/9/captions/fr.vtt', size: 'videos/9/captions/fr.vtt'.length },
    ]);
    expect(await storage.listFolder('videos/11')).toEqual([]);

    const bytes = randomBytes(100_000);
    await storage.commitStream(Readable.from([bytes]), bytes.length, 'videos/9/480.mp4');
    expect((await bytesOf(await storage.read('videos/9/480.mp4')))?.equals(bytes)).toBe(true);
    // A stream shorter than announced publishes nothing, and leaves no temporary file.
    await expect(
      storage.commitStream(Readable.from([bytes.subarray(10)]), bytes.length, 'videos/9/360.mp4'),
    ).rejects.toThrow();
    expect(await storage.stat('videos/9/360.mp4')).toBeNull();
    expect(await scratchFiles(subject.scratchDir)).toEqual([]);
  });

  it('answers its check, and reads by ETag only the version that ETag names', async () => {
    await storage.check();
    const first = randomBytes(1000);
    await put(storage, 'videos/9/720.mp4', first);
    const described = await storage.stat('videos/9/720.mp4');
    const range = { start: 10, end: 19 };
    const read = (etag?: string) => storage.read('videos/9/720.mp4', range, { etag });
    expect((await bytesOf(await read(described?.etag)))?.equals(first.subarray(10, 20))).toBe(true);
    if (storage.backend === 'local') {
      // No ETag on the disk: a read there holds its file open (one version) from the start.
      expect(described?.etag).toBeUndefined();
      return;
    }
    expect(described?.etag).toMatch(/^"[^"]+"$/);
    await put(storage, 'videos/9/720.mp4', randomBytes(1000));
    // Replaced since that stat: the caller decides again rather than mix two versions.
    expect(await read(described?.etag)).toBeNull();
  });

  it('keeps temporary files on the local disk: written, discarded, swept once idle', async () => {
    const written = await storage.writeTemp(Readable.from([Buffer.from('partial upload')]), '.mp4');
    expect(written.startsWith(subject.scratchDir)).toBe(true);
    expect(await readFile(written, 'utf8')).toBe('partial upload');
    expect(await storage.sweepTemporary(new Date(Date.now() - 60_000))).toEqual({
      files: 0,
      bytes: 0,
    });
    expect(await storage.sweepTemporary(new Date(Date.now() + 60_000))).toEqual({
      files: 1,
      bytes: 14,
    });
    expect(existsSync(written)).toBe(false);
    await storage.discardTemp(written);
    const kept = await storage.tempPath('.jpg');
    await writeFile(kept, 'x');
    await storage.discardTemp(kept);
    expect(existsSync(kept)).toBe(false);
  });
};
