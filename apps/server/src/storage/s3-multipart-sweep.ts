import {
  AbortMultipartUploadCommand,
  ListMultipartUploadsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { storageFailure } from './s3-failures.ts';

export interface MultipartSweep {
  client: S3Client;
  bucket: string;
  /** S3_PREFIX: only this site's uploads are looked at. */
  prefix: string;
  /** Keys under these (resumable uploads, which expire by their own rule) are left alone. */
  keep: string[];
}

/**
 * Aborts the multipart uploads of this site begun before `idleSince`: what a process killed
 * in the middle of publishing a file left behind (a live one aborts its own on failure). A store
 * keeps, and bills, their parts until they are aborted. Returns how many went.
 */
export const abortStaleMultipartUploads = async (
  { client, bucket, prefix, keep }: MultipartSweep,
  idleSince: Date,
): Promise<number> => {
  let aborted = 0;
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  try {
    do {
      const page = await client.send(
        new ListMultipartUploadsCommand({
          Bucket: bucket,
          Prefix: prefix,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId) continue;
        if (keep.some((folder) => upload.Key!.startsWith(folder))) continue;
        if (!upload.Initiated || upload.Initiated >= idleSince) continue;
        await client.send(
          new AbortMultipartUploadCommand({
            Bucket: bucket,
            Key: upload.Key,
            UploadId: upload.UploadId,
          }),
        );
        aborted += 1;
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
  } catch (error) {
    throw storageFailure(error, 'sweep of unfinished multipart uploads');
  }
  return aborted;
};
