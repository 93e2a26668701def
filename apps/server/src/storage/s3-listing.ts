import type { MultipartUpload, S3, _Object } from '@aws-sdk/client-s3';

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
