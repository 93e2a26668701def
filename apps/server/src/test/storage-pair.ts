import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import type { Executor } from '../db/client.ts';
import type { MediaBackend } from '../storage/media-locations.repository.ts';
import { createLocalStorage } from '../storage/media-storage.ts';
import { createRoutedMediaStorage } from '../storage/routed-media-storage.ts';
import { createS3Client, ensureBucket } from '../storage/s3-client.ts';
import { createS3MediaStorage } from '../storage/s3-media-storage.ts';
import { emptyBucketPrefix, TEST_BUCKET } from './test-media.ts';
import { testTmpDir } from './test-env.ts';

/** The run's object store (server-s3 project), its test bucket made if missing. */
export const openTestBucket = async () => {
  const store = inject('objectStore')!;
  const client = createS3Client({ ...store, bucket: TEST_BUCKET });
  await ensureBucket(client, TEST_BUCKET);
  client.destroy();
  return store;
};

/**
 * A site's two backends as the routed storage sees them: a local directory, the test bucket
 * under a fresh prefix, and the routed storage over both, on `db`. `cleanup` empties the prefix
 * and removes the directory.
 */
export const openStoragePair = async (
  db: Executor,
  {
    name,
    preferred = 's3',
    cacheMs,
    partSize,
  }: { name: string; preferred?: MediaBackend; cacheMs?: number; partSize?: number },
) => {
  const store = inject('objectStore')!;
  const dir = await mkdtemp(path.join(testTmpDir, `${name}-`));
  const s3 = {
    ...store,
    bucket: TEST_BUCKET,
    prefix: `${name}-${randomUUID()}/`,
    forcePathStyle: true,
  };
  const client = createS3Client(s3);
  const local = createLocalStorage(path.join(dir, 'media'));
  const bucket = createS3MediaStorage({
    client,
    bucket: TEST_BUCKET,
    prefix: s3.prefix,
    scratchDir: path.join(dir, 'scratch'),
    partSize,
  });
  const storage = createRoutedMediaStorage({ local, bucket, preferred, db, cacheMs });
  return {
    local,
    bucket,
    storage,
    /** Where the routed storage writes its temporary files (beside the local media). */
    scratchDir: path.join(dir, 'media', '.tmp'),
    cleanup: async () => {
      await emptyBucketPrefix(s3);
      client.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
};
