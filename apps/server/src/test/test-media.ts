import { randomUUID } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import type { Config } from '../config.ts';
import { createS3Client, type S3ClientSettings } from '../storage/s3-client.ts';

/** The backend the server tests keep media on: `s3` in the server-s3 project (Swift). */
export const testMediaKind = (process.env.PLATEAU_TEST_MEDIA ?? 'local') as 'local' | 's3';

/** The bucket every S3 test shares, each test file under a prefix of its own. */
export const TEST_BUCKET = 'plateau-tests';

/**
 * The settings that put a test app's media in the run's object store, under a fresh prefix;
 * none for the local backend.
 */
export const testMediaEnv = (): Record<string, string> => {
  if (testMediaKind === 'local') return {};
  const store = inject('objectStore');
  if (!store) throw new Error('PLATEAU_TEST_MEDIA=s3 needs the object store (server-s3 project)');
  return {
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: store.endpoint,
    S3_REGION: store.region,
    S3_BUCKET: TEST_BUCKET,
    S3_ACCESS_KEY_ID: store.accessKeyId,
    S3_SECRET_ACCESS_KEY: store.secretAccessKey,
    S3_PREFIX: `t-${randomUUID()}`,
  };
};

/** Removes whatever a test app left under its prefix: objects and unfinished multipart uploads. */
export const emptyTestPrefix = async (config: Config) => {
  if (config.mediaStorage.kind === 's3') await emptyBucketPrefix(config.mediaStorage.s3);
};

/** Removes every object and unfinished multipart upload under a bucket's prefix. */
export const emptyBucketPrefix = async (s3: S3ClientSettings & { prefix: string }) => {
  const client = createS3Client(s3);
  const uploads = await client.send(
    new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: s3.prefix }),
  );
  for (const upload of uploads.Uploads ?? []) {
    await client.send(
      new AbortMultipartUploadCommand({
        Bucket: s3.bucket,
        Key: upload.Key,
        UploadId: upload.UploadId,
      }),
    );
  }
  for (;;) {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: s3.prefix }),
    );
    const keys = (page.Contents ?? []).flatMap((object) =>
      object.Key ? [{ Key: object.Key }] : [],
    );
    if (keys.length === 0) break;
    await client.send(new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: keys } }));
  }
  client.destroy();
};
