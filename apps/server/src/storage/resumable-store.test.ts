import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import path from 'node:path';
import { Upload } from '@tus/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testTmpDir } from '../test/test-env.ts';
import { createResumableStore, type ResumableUploadStore } from './resumable-store.ts';
import { UploadLocker } from './upload-locker.ts';

const HOUR = 3600 * 1000;
let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(testTmpDir, 'resumable-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** An upload idle for `hours`, its data file and description aged alike. */
const idleUpload = async (store: ResumableUploadStore, hours: number) => {
  const id = randomBytes(16).toString('hex');
  await store.create(new Upload({ id, size: 100, offset: 0 }));
  const when = new Date(Date.now() - hours * HOUR);
  for (const file of [store.dataPath(id), `${store.dataPath(id)}.json`]) {
    await utimes(file, when, when);
  }
  return id;
};

describe('the expiry sweep of resumable uploads, run by every instance', () => {
  it('leaves an expired upload alone while a request holds it, then removes it', async () => {
    const locker = new UploadLocker();
    const store = createResumableStore(root, 24 * HOUR, locker);
    const id = await idleUpload(store, 25);
    // A PATCH that has just taken the upload (here or on another instance, through the same
    // locks) is answering it; the sweep does not pull the file from under it.
    const request = locker.newLock(id);
    let askedToRelease = false;
    await request.lock(new AbortController().signal, () => void (askedToRelease = true));
    expect(await store.deleteExpired()).toBe(0);
    expect(existsSync(store.dataPath(id))).toBe(true);
    expect(askedToRelease).toBe(false);
    await request.unlock();
    expect(await store.deleteExpired()).toBe(1);
    expect(existsSync(store.dataPath(id))).toBe(false);
  });

  it('removes each expired upload once when instances sweep together, without failing', async () => {
    const locker = new UploadLocker();
    const [a, b] = [
      createResumableStore(root, 24 * HOUR, locker),
      createResumableStore(root, 24 * HOUR, locker),
    ];
    const expired = await Promise.all([idleUpload(a, 25), idleUpload(a, 30), idleUpload(a, 48)]);
    const paused = await idleUpload(a, 23);
    const removed = await Promise.all([a.deleteExpired(), b.deleteExpired(), a.deleteExpired()]);
    expect(removed.reduce((sum, count) => sum + count, 0)).toBe(expired.length);
    for (const id of expired) expect(existsSync(a.dataPath(id))).toBe(false);
    expect(existsSync(a.dataPath(paused))).toBe(true);
    expect(await b.promisedBytes()).toBe(100);
  });
});
