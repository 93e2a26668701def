import type { MultipartUpload, S3, _Object } from '@aws-sdk/client-s3';
import { isResumableUploadId } from './upload-ids.ts';

/** Every multipart upload in progress under `prefix` (the store pages them by key and id). */
export const listMultipartUploads = async (
  client: S3,
  bucket: string,
  prefix: string,
): Promise<MultipartUpload[]> => {
  const all: MultipartUpload[] = [];
  let KeyMarker: string | undefined;
  let UploadIdMarker: string | undefined;
  do {
    const page = await client.listMultipartUploads({
      Bucket: bucket,
      Prefix: prefix,
      KeyMarker,
      UploadIdMarker,
    });
    all.push(...(page.Uploads ?? []));
    KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
  } while (KeyMarker);
  return all;
};

/** Every object under `prefix`. */
export const listObjects = async (client: S3, bucket: string, prefix: string) => {
  const all: _Object[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await client.listObjectsV2({ Bucket: bucket, Prefix: prefix, ContinuationToken });
    all.push(...(page.Contents ?? []));
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return all;
};

/**
 * The resumable uploads under `folder`, each with its last sign of life (its newest object or
 * multipart upload begun, in ms) and its multipart uploads' ids, for the expiry sweep.
 */
export const uploadActivity = async (client: S3, bucket: string, folder: string) => {
  const lastWrites = new Map<string, number>();
  const seen = (key: string | undefined, time: Date | undefined) => {
    const id = (key ?? '').slice(folder.length).replace(/\.(info|part|finished)$/, '');
    if (!isResumableUploadId(id)) return;
    lastWrites.set(id, Math.max(lastWrites.get(id) ?? 0, time?.getTime() ?? 0));
  };
  const multipart = new Map<string, string[]>();
  for (const upload of await listMultipartUploads(client, bucket, folder)) {
    seen(upload.Key, upload.Initiated);
    const id = upload.Key?.slice(folder.length) ?? '';
    if (upload.UploadId) multipart.set(id, [...(multipart.get(id) ?? []), upload.UploadId]);
  }
  for (const object of await listObjects(client, bucket, folder)) {
    seen(object.Key, object.LastModified);
  }
  return { lastWrites, multipart };
};
