import { createReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config/s3-settings.ts';
import { createS3Client, objectKey } from '../storage/s3-client.ts';
import { downloadObject, uploadObject } from '../storage/s3-transfer.ts';
import { mediaFolderOf } from '../storage/media-storage.ts';
import { sha256Of } from './file-copy.ts';

/** An object of the bucket as a backup compares it: unchanged when its size and ETag are. */
export interface BucketObject {
  /** The media key (`videos/5/720.mp4`), without S3_PREFIX. */
  key: string;
  size: number;
  etag: string;
}

/** The site's bucket, as backup and restore read and fill it. */
export interface BucketMedia {
  /** Every medium in the bucket (video and direct folders; no upload in progress). */
  list(): Promise<BucketObject[]>;
  /** Downloads `key` into the new file `to`; answers its sha256. */
  download(key: string, to: string): Promise<string>;
  upload(from: string, key: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Resolves when the bucket answers (a backup reads only a store that is there). */
  check(): Promise<void>;
  close(): void;
}

const listAll = async (client: S3Client, bucket: string, prefix: string) => {
  const objects: BucketObject[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      const key = object.Key?.slice(prefix.length);
      // Media only: resumable uploads and anything else sharing the prefix stay out.
      if (key && mediaFolderOf(key) !== null) {
        objects.push({ key, size: object.Size ?? 0, etag: object.ETag ?? '' });
      }
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
};

export const bucketMedia = (s3: S3Settings): BucketMedia => {
  const client = createS3Client(s3);
  const target = { client, bucket: s3.bucket };
  const keyOf = (key: string) => objectKey(s3, key);
  return {
    list: () => listAll(client, s3.bucket, s3.prefix),
    async download(key, to) {
      await mkdir(path.dirname(to), { recursive: true });
      await downloadObject(target, keyOf(key), to);
      return sha256Of(to);
    },
    async upload(from, key) {
      const { size } = await stat(from);
      await uploadObject(target, keyOf(key), createReadStream(from), size);
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: keyOf(key) }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: s3.bucket }), {
        abortSignal: AbortSignal.timeout(10_000),
      });
    },
    close: () => client.destroy(),
  };
};
