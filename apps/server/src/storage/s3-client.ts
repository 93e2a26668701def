import { createHash } from 'node:crypto';
import {
  CreateBucketCommand,
  HeadBucketCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config/s3-settings.ts';

/** What the client needs; the other settings (prefix, delivery) are the storage's business. */
export type S3ClientSettings = Pick<
  S3Settings,
  'endpoint' | 'bucket' | 'accessKeyId' | 'secretAccessKey'
> &
  Partial<Pick<S3Settings, 'region' | 'forcePathStyle' | 'prefix'>>;

const hasHeaders = (
  request: unknown,
): request is { headers: Record<string, string>; body?: unknown } =>
  typeof request === 'object' && request !== null && 'headers' in request;

/**
 * DeleteObjects must carry an integrity header. The SDK now sends only a CRC32 one, which the
 * stores that predate it (Swift's s3api, older Ceph and MinIO) do not know: they want the
 * Content-MD5 that S3 has always accepted. Added before signing, so the signature covers it.
 * Exported for clients the SDK's users build themselves (@tus/s3-store's).
 */
export const addContentMd5 = (client: S3Client): void => {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'DeleteObjectsCommand' && hasHeaders(args.request)) {
        const { body } = args.request;
        if (typeof body === 'string' || body instanceof Uint8Array) {
          args.request.headers['content-md5'] = createHash('md5').update(body).digest('base64');
        }
      }
      return next(args);
    },
    { step: 'build', name: 'plateauContentMd5' },
  );
};

/**
 * The SDK client settings for any S3-compatible store. Checksums only `WHEN_REQUIRED`: since
 * 3.729 the SDK's default sends aws-chunked uploads with CRC trailers, which OpenStack Swift
 * (and other stores than AWS) answers 501, and validates response checksums those stores do
 * not send.
 */
export const s3ClientConfig = (settings: S3ClientSettings) =>
  ({
    endpoint: settings.endpoint,
    region: settings.region ?? 'us-east-1',
    forcePathStyle: settings.forcePathStyle ?? true,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable store fails fast (a 503 upstream) instead of waiting for the OS's timeout.
    requestHandler: { connectionTimeout: 5_000 },
  }) satisfies S3ClientConfig;

/** A client of `s3ClientConfig`'s settings, whose bulk deletes Swift's s3api accepts too. */
export const createS3Client = (settings: S3ClientSettings): S3Client => {
  const client = new S3Client(s3ClientConfig(settings));
  addContentMd5(client);
  return client;
};

/** The bucket key of `key` under the settings' prefix (S3_PREFIX, '' or ending with `/`). */
export const objectKey = (settings: Pick<S3ClientSettings, 'prefix'>, key: string): string =>
  `${settings.prefix ?? ''}${key.replace(/^\/+/, '')}`;

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/**
 * Creates `bucket` unless it exists: safe to run at every start and from several instances at
 * once (stores answer a second creation 409 BucketAlreadyOwnedByYou, or 200 like AWS in us-east-1).
 */
export const ensureBucket = async (client: S3Client, bucket: string): Promise<void> => {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    return;
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
  }
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    if (!(error instanceof S3ServiceException && error.name === 'BucketAlreadyOwnedByYou'))
      throw error;
  }
};
