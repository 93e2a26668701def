import type { Config } from '../config.ts';
import type { S3Settings } from '../config/s3-settings.ts';
import { ConfigError } from '../lib/config-error.ts';
import type { Executor } from '../db/client.ts';
import { createLocalStorage, type MediaStorage } from './media-storage.ts';
import { createRoutedMediaStorage } from './routed-media-storage.ts';
import { createS3Client, ensureBucket } from './s3-client.ts';
import { storageFailure } from './s3-failures.ts';
import { createS3MediaStorage } from './s3-media-storage.ts';
import { StorageUnavailableError } from './storage-errors.ts';

/** An answer of the store at start that only a setting can mend. */
const settingProblem = (error: unknown, s3: S3Settings): ConfigError | undefined => {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 401 || status === 403) {
    return new ConfigError(
      `the object store at S3_ENDPOINT=${s3.endpoint} refused S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY for bucket S3_BUCKET=${s3.bucket} (HTTP ${status})`,
    );
  }
  if (status === 400 || status === 301 || status === 307) {
    return new ConfigError(
      `the object store at S3_ENDPOINT=${s3.endpoint} refused bucket S3_BUCKET=${s3.bucket} in S3_REGION=${s3.region} (HTTP ${status}); check both, and S3_FORCE_PATH_STYLE`,
    );
  }
  return undefined;
};

const reachBucket = async (config: Config, s3: S3Settings): Promise<MediaStorage> => {
  const client = createS3Client(s3);
  try {
    await ensureBucket(client, s3.bucket);
  } catch (error) {
    const problem = settingProblem(error, s3);
    if (problem) throw problem;
    const failure = storageFailure(error, `check of bucket ${s3.bucket}`);
    if (failure instanceof StorageUnavailableError) {
      throw new StorageUnavailableError(
        `the object store at S3_ENDPOINT=${s3.endpoint} cannot be reached or is failing: ${failure.message}`,
      );
    }
    throw failure;
  }
  return createS3MediaStorage({
    client,
    bucket: s3.bucket,
    prefix: s3.prefix,
    scratchDir: config.scratchDir,
  });
};

/**
 * The media storage MEDIA_STORAGE names, ready for use. With a bucket, the store is reached and
 * the bucket made if missing, so a wrong setting stops the start with a line naming it; each
 * folder is then served from where media_locations says it lives (routed-media-storage.ts).
 */
export const openMediaStorage = async (config: Config, db: Executor): Promise<MediaStorage> => {
  const settings = config.mediaStorage;
  const local = createLocalStorage(config.mediaDir);
  if (!settings.s3) return local;
  return createRoutedMediaStorage({
    local,
    bucket: await reachBucket(config, settings.s3),
    preferred: settings.kind,
    db,
  });
};

/**
 * The two backends themselves, for the move job (which chooses the side of each copy); the
 * bucket is null when no S3 setting is given.
 */
export const openMediaBackends = async (
  config: Config,
): Promise<{ local: MediaStorage; bucket: MediaStorage | null }> => {
  const s3 = config.mediaStorage.s3;
  return {
    local: createLocalStorage(config.mediaDir),
    bucket: s3 ? await reachBucket(config, s3) : null,
  };
};
