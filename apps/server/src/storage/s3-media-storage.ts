import { createReadStream } from 'node:fs';
import { rm, stat as statFile, utimes } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type S3Client,
  type _Object,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ByteRange, FolderEntry, MediaStorage } from './media-storage.ts';
import { objectKey } from './s3-client.ts';
import { abortStaleMultipartUploads } from './s3-multipart-sweep.ts';
import { isAbsent, isOtherVersion, isUnsatisfiableRange, storageFailure } from './s3-failures.ts';
import { downloadObject, uploadObject } from './s3-transfer.ts';
import { createScratchFolder, workingCopySuffix } from './scratch-folder.ts';
import { MissingMediaError, StorageUnavailableError } from './storage-errors.ts';

export interface S3MediaStorageOptions {
  client: S3Client;
  bucket: string;
  /** S3_PREFIX: '' or ending with `/`. */
  prefix: string;
  /** A local folder (under DATA_DIR) for temporary files and ffmpeg's working copies. */
  scratchDir: string;
  /** Multipart part size (5 MiB at least; 8 MiB by default). */
  partSize?: number;
  /** How long a read or stat waits for the store's answer (its headers) before it is down. */
  answerTimeoutMs?: number;
  /** Keys listed per request when removing a folder (1000, the most a store answers). */
  listPageSize?: number;
}

/** Resumable uploads keep their parts here (s3-resumable-store.ts), expired by their own rule. */
const RESUMABLE_FOLDER = 'uploads/';
/** Multipart uploads older than the temporary files' idle limit by this much are debris. */
const MULTIPART_GRACE_MS = 5 * 60 * 60 * 1000;

/** A working copy in use is touched this often: the temporary sweep takes idle files for debris. */
const KEEP_ALIVE_MS = 10 * 60 * 1000;
/**
 * A store that takes a request and never answers is down as much as one that refuses it: a
 * viewer's request gets its 503 in this time instead of waiting for the client to give up (the
 * SDK has no such limit by default). Only the answer's headers are timed: a long download then
 * streams as long as it flows.
 */
const ANSWER_TIMEOUT_MS = 10_000;
/** A health probe waits this long: a load balancer is waiting behind it. */
const CHECK_TIMEOUT_MS = 2000;

/** `call` with a signal that aborts it if it has not resolved within `ms`. */
const answeredWithin = async <T>(ms: number, call: (signal: AbortSignal) => Promise<T>) => {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`the store did not answer within ${ms} ms`)),
    ms,
  );
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
  }
};

const attempt = async <T>(action: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw storageFailure(error, action);
  }
};

/**
 * Media in an S3 bucket (any S3-compatible store), under `prefix`. Temporary files stay on the
 * local disk (`scratchDir`): ffmpeg and upload checks run there, and `commit` uploads the result.
 * A store that cannot be reached or refuses Plateau throws StorageUnavailableError.
 */
export const createS3MediaStorage = (options: S3MediaStorageOptions): MediaStorage => {
  const { client, bucket } = options;
  const target = { client, bucket, partSize: options.partSize };
  const keyOf = (key: string) => objectKey({ prefix: options.prefix }, key);
  const scratch = createScratchFolder(options.scratchDir);
  const answerTimeoutMs = options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;

  const get = async (
    key: string,
    range?: ByteRange,
    version?: { etag?: string },
  ): Promise<Readable | null> => {
    try {
      const object = await attempt(`read of ${key}`, () =>
        answeredWithin(answerTimeoutMs, (abortSignal) =>
          client.send(
            new GetObjectCommand({
              Bucket: bucket,
              Key: keyOf(key),
              Range: range ? `bytes=${range.start}-${range.end}` : undefined,
              IfMatch: version?.etag,
            }),
            { abortSignal },
          ),
        ),
      );
      return object.Body as Readable;
    } catch (error) {
      // Gone, or replaced since the caller's stat: the caller decides again on what is there.
      if (isAbsent(error) || isOtherVersion(error)) return null;
      // A range from the end on, as a local file reads it: no bytes.
      if (isUnsatisfiableRange(error)) return Readable.from([]);
      throw error;
    }
  };

  const stat = async (key: string) => {
    try {
      const head = await attempt(`stat of ${key}`, () =>
        answeredWithin(answerTimeoutMs, (abortSignal) =>
          client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(key) }), { abortSignal }),
        ),
      );
      return {
        size: head.ContentLength ?? 0,
        mtime: head.LastModified ?? new Date(0),
        etag: head.ETag,
      };
    } catch (error) {
      if (isAbsent(error)) return null;
      throw error;
    }
  };

  /** Every object under a folder, page by page (`videos/5/`, so that `videos/50/` stays out). */
  const eachPage = async (prefix: string, use: (objects: _Object[]) => Promise<void>) => {
    const folder = keyOf(`${prefix.replace(/\/+$/, '')}/`);
    let token: string | undefined;
    do {
      const page = await attempt(`listing of ${prefix}`, () =>
        client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: folder,
            ContinuationToken: token,
            MaxKeys: options.listPageSize ?? 1000,
          }),
        ),
      );
      await use(page.Contents ?? []);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  };

  const deleteKeys = async (keys: string[]) => {
    const result = await attempt(`removal of ${keys.length} objects`, () =>
      client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })) },
        }),
      ),
    );
    const refused = result.Errors?.[0];
    if (refused) {
      throw new StorageUnavailableError(
        `object storage refused to remove ${refused.Key}: ${refused.Code} ${refused.Message ?? ''}`,
      );
    }
  };

  return {
    backend: 's3',
    backendOf: async () => 's3',
    ...scratch,
    async sweepTemporary(idleSince) {
      const freed = await scratch.sweepTemporary(idleSince);
      // A publish runs minutes at most; an upload this much older was left by a killed process.
      const aborted = await abortStaleMultipartUploads(
        { client, bucket, prefix: options.prefix, keep: [keyOf(RESUMABLE_FOLDER)] },
        new Date(idleSince.getTime() - MULTIPART_GRACE_MS),
      );
      return { files: freed.files + aborted, bytes: freed.bytes };
    },
    async commit(tempFile, key) {
      const { size } = await statFile(tempFile);
      await uploadObject(target, keyOf(key), createReadStream(tempFile), size);
      await rm(tempFile, { force: true });
    },
    stat,
    async readStart(key, length) {
      if (length <= 0) return (await stat(key)) ? Buffer.alloc(0) : null;
      const body = await get(key, { start: 0, end: length - 1 });
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    read: get,
    async presignRead(key, { expiresInSeconds, contentType, contentDisposition, cacheControl }) {
      // Signed here, without a request: only the clock and the keys are involved.
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: keyOf(key),
          ResponseContentType: contentType,
          ResponseContentDisposition: contentDisposition,
          ResponseCacheControl: cacheControl,
        }),
        { expiresIn: expiresInSeconds },
      );
    },
    async check() {
      await attempt(`check of bucket ${bucket}`, () =>
        client.send(new HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        }),
      ).catch((error: unknown) => {
        // Any answer but a yes means media cannot be served (a 404: the bucket is gone).
        throw error instanceof StorageUnavailableError
          ? error
          : new StorageUnavailableError(`object storage check of bucket ${bucket} failed`, {
              cause: error,
            });
      });
    },
    async withLocalFile(key, use) {
      // Named after the key, its extension last: ffmpeg guesses some formats (WebVTT) from the
      // name, and the holder of the folder finds what a killed process left (removeWorkingCopies).
      const file = await scratch.tempPath(workingCopySuffix(key));
      const keepAlive = setInterval(() => {
        const now = new Date();
        void utimes(file, now, now).catch(() => undefined);
      }, KEEP_ALIVE_MS);
      keepAlive.unref();
      try {
        try {
          await downloadObject(target, keyOf(key), file);
        } catch (error) {
          if (isAbsent(error)) throw new MissingMediaError(key);
          throw error;
        }
        return await use(file);
      } finally {
        clearInterval(keepAlive);
        await rm(file, { force: true });
      }
    },
    async remove(key) {
      await attempt(`removal of ${key}`, () =>
        client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) })),
      );
    },
    async removePrefix(prefix) {
      await eachPage(prefix, async (objects) => {
        const keys = objects.flatMap((object) => (object.Key ? [object.Key] : []));
        if (keys.length > 0) await deleteKeys(keys);
      });
    },
    async commitStream(source, size, key) {
      await uploadObject(target, keyOf(key), source, size);
    },
    async listFolder(prefix) {
      const files: FolderEntry[] = [];
      await eachPage(prefix, async (objects) => {
        for (const object of objects) {
          if (!object.Key?.startsWith(options.prefix)) continue;
          files.push({
            key: object.Key.slice(options.prefix.length),
            size: object.Size ?? 0,
            version: object.ETag ?? '',
          });
        }
      });
      return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    localFiles: null,
  };
};
