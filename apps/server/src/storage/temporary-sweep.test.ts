import { existsSync } from 'node:fs';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testTmpDir } from '../test/test-env.ts';
import { createLocalStorage, mediaKeys, type MediaStorage } from './media-storage.ts';
import { startTemporarySweep } from './temporary-sweep.ts';

const HOUR = 60 * 60 * 1000;
let root: string;
let storage: MediaStorage;
const stops: (() => void)[] = [];

beforeEach(async () => {
  root = await mkdtemp(path.join(testTmpDir, 'sweep-'));
  storage = createLocalStorage(root);
});
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await rm(root, { recursive: true, force: true });
});

/** A file last written `hoursAgo` hours ago. */
const writeAged = async (file: string, content: string, hoursAgo: number) => {
  await writeFile(file, content);
  const when = new Date(Date.now() - hoursAgo * HOUR);
  await utimes(file, when, when);
  return file;
};

/** An upload cut by a crash, one being received, and a published file just as old. */
const scene = async () => {
  const abandoned = await writeAged(await storage.tempPath('.mp4'), 'cut upload', 3);
  const inFlight = await writeAged(await storage.tempPath('.mp4'), 'arriving', 0);
  const publishedTemp = await writeAged(await storage.tempPath('.mp4'), 'published', 0);
  await storage.commit(publishedTemp, mediaKeys.raw(1));
  const published = storage.localFiles!.localPath(mediaKeys.raw(1));
  await utimes(published, new Date(Date.now() - 3 * HOUR), new Date(Date.now() - 3 * HOUR));
  return { abandoned, inFlight, published };
};

describe('temporary file sweep', () => {
  it('removes temporary files idle past the limit, and nothing else', async () => {
    const { abandoned, inFlight, published } = await scene();
    const freed = await storage.sweepTemporary(new Date(Date.now() - HOUR));
    expect(freed).toEqual({ files: 1, bytes: 'cut upload'.length });
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(inFlight)).toBe(true);
    expect(existsSync(published)).toBe(true);
  });

  it('finds nothing to do before any temporary file was made', async () => {
    expect(await storage.sweepTemporary(new Date())).toEqual({ files: 0, bytes: 0 });
  });

  it('sweeps at start, then again every interval, and says what it freed', async () => {
    const { abandoned, inFlight, published } = await scene();
    const log = { info: vi.fn(), warn: vi.fn() };
    stops.push(startTemporarySweep(storage, log, { maxIdleMs: HOUR, intervalMs: 50 }));
    await vi.waitFor(() => expect(existsSync(abandoned)).toBe(false));
    expect(log.info).toHaveBeenCalledWith('removed 1 abandoned temporary file(s), 0.0 MiB');

    // Debris of a later crash goes at a later pass; files in use stay.
    const later = await writeAged(await storage.tempPath('.mp4'), 'cut later', 2);
    await vi.waitFor(() => expect(existsSync(later)).toBe(false));
    expect(existsSync(inFlight)).toBe(true);
    expect(existsSync(published)).toBe(true);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
