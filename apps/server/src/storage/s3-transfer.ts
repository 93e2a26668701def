import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { exactly } from './exact-length.ts';
import { storageFailure } from './s3-failures.ts';

const MiB = 1024 * 1024;

/** Parts of 8 MiB, two in flight: a bounded buffer (16 MiB), few requests, two cores kept busy. */
export const DEFAULT_PART_SIZE = 8 * MiB;
const PARTS_IN_FLIGHT = 2;

/** A type for every medium Plateau stores; others (thumbnails, posters) are sniffed when served. */
const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.ts': 'video/mp2t',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.json': 'application/json',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
};

export const contentTypeOf = (key: string) =>
  TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

export interface UploadTarget {
  client: S3Client;
  bucket: string;
  partSize?: number;
}

/**
 * Uploads `size` bytes of `body` to `objectKey`: one PUT when they fit in a part, else a
 * multipart upload that is aborted on any failure (lib-storage does it unless told to leave the
 * parts), so no incomplete upload stays behind to be paid for. Either way the object appears
 * whole, at once, or not at all. Errors of the source are rethrown as they are.
 */
export const uploadObject = async (
  target: UploadTarget,
  objectKey: string,
  body: Readable,
  size: number,
) => {
  let sourceError: unknown;
  const source = body.pipe(exactly(size));
  const fail = (error: unknown) => {
    sourceError ??= error;
    source.destroy(error as Error);
  };
  body.once('error', fail);
  source.once('error', (error) => (sourceError ??= error));
  const upload = new Upload({
    client: target.client,
    params: {
      Bucket: target.bucket,
      Key: objectKey,
      Body: source,
      ContentLength: size,
      // Stores want a type on multipart uploads (Swift's s3api refuses to complete one without).
      ContentType: contentTypeOf(objectKey),
    },
    // A store takes 10,000 parts at most: past 80 GB the parts grow.
    partSize: Math.max(target.partSize ?? DEFAULT_PART_SIZE, Math.ceil(size / 10_000)),
    queueSize: PARTS_IN_FLIGHT,
    leavePartsOnError: false,
  });
  try {
    await upload.done();
  } catch (error) {
    if (sourceError !== undefined) throw sourceError;
    throw storageFailure(error, `upload of ${objectKey}`);
  } finally {
    body.destroy();
  }
};

/** Downloads an object into `file` (created, never overwritten); rejects when it is absent. */
export const downloadObject = async (
  target: UploadTarget,
  objectKey: string,
  file: string,
): Promise<void> => {
  let body: Readable;
  try {
    const object = await target.client.send(
      new GetObjectCommand({ Bucket: target.bucket, Key: objectKey }),
    );
    body = object.Body as Readable;
  } catch (error) {
    throw storageFailure(error, `download of ${objectKey}`);
  }
  // The store breaking off is its failure; the local disk's (full, say) stays as it is.
  let bodyError: unknown;
  body.once('error', (error) => (bodyError ??= error));
  try {
    await pipeline(body, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    throw bodyError === undefined ? error : storageFailure(bodyError, `download of ${objectKey}`);
  }
};
