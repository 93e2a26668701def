import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTmpDir } from '../test/test-env.ts';
import { mediaStorageContract, put } from './media-storage.contract.ts';
import { createLocalStorage } from './media-storage.ts';

const localSubject = async () => {
  const root = await mkdtemp(path.join(testTmpDir, 'media-storage-'));
  return {
    storage: createLocalStorage(root),
    scratchDir: path.join(root, '.tmp'),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
};

describe('the local media storage', () => {
  mediaStorageContract(localSubject);

  it('lends the stored file itself to ffmpeg: no copy, no slower than before', async () => {
    const { storage, cleanup } = await localSubject();
    try {
      expect(storage.backend).toBe('local');
      await put(storage, 'videos/4/raw.mp4', randomBytes(1000));
      const lent = await storage.withLocalFile('videos/4/raw.mp4', async (file) => file);
      expect(lent).toBe(storage.localFiles!.localPath('videos/4/raw.mp4'));
      expect(storage.localFiles!.root).toBe(path.dirname(path.dirname(path.dirname(lent))));
    } finally {
      await cleanup();
    }
  });
});
