import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { videos } from '../db/schema.ts';
import { mediaKeys, type MediaStorage } from '../storage/media-storage.ts';
import { createS3Client } from '../storage/s3-client.ts';

/**
 * What a test app keeps, read the same way on both backends (the local media folder, or the
 * bucket under the app's prefix), for tests that check nothing is left behind.
 */
interface StoredMediaContext {
  config: Config;
  storage: MediaStorage;
}

const walk = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    ),
  );
  return nested.flat();
};

/** Every key under the app's prefix (its S3_PREFIX) in the bucket, relative to it. */
export const bucketKeys = async (config: Config, under = ''): Promise<string[]> => {
  if (config.mediaStorage.kind !== 's3') return [];
  const { s3 } = config.mediaStorage;
  const client = createS3Client(s3);
  const keys: string[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: s3.bucket,
          Prefix: `${s3.prefix}${under}`,
          ContinuationToken: token,
        }),
      );
      keys.push(...(page.Contents ?? []).map((object) => object.Key!.slice(s3.prefix.length)));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  return keys.sort();
};

/** Every stored medium's key (temporary files excepted), sorted. */
export const storedKeys = async ({ config }: StoredMediaContext): Promise<string[]> =>
  config.mediaStorage.kind === 's3' ? bucketKeys(config) : localKeys(config.mediaDir);

/**
 * Files in the local scratch: the storage's temporary folder (wherever its backend keeps it)
 * and, with a bucket, the scratch folder under DATA_DIR (working copies of finished uploads).
 */
export const scratchFiles = async ({ config, storage }: StoredMediaContext): Promise<string[]> => {
  const folders = new Set([path.dirname(await storage.tempPath())]);
  if (config.mediaStorage.kind === 's3') folders.add(config.scratchDir);
  const names = await Promise.all(
    [...folders].map((folder) => readdir(folder).catch(() => [] as string[])),
  );
  return names.flat().sort();
};

/** A stored medium's bytes, read through the storage, or null when absent. */
export const readStored = async (
  { storage }: StoredMediaContext,
  key: string,
): Promise<Buffer | null> => {
  const stream = await storage.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** The key of a video's raw file as its row names it now (each upload stores a new one). */
export const rawKeyOf = async (db: Executor, videoId: number): Promise<string> => {
  const [row] = await db
    .select({ rawVersion: videos.rawVersion })
    .from(videos)
    .where(eq(videos.id, videoId));
  if (!row) throw new Error(`no video ${videoId}`);
  return mediaKeys.raw(videoId, row.rawVersion);
};

/**
 * The one raw file among stored keys for this video (a process test knows no row): a new
 * upload's replaces the old one, so two are a leftover.
 */
export const onlyRawKey = (keys: string[], videoId: number): string => {
  const raws = keys.filter((key) => new RegExp(`^videos/${videoId}/raw(-\\d+)?\\.mp4$`).test(key));
  if (raws.length !== 1) throw new Error(`video ${videoId} has ${raws.length} raw files: ${raws}`);
  return raws[0]!;
};

/** Every key of the local media folder `mediaDir` (temporary files excepted), sorted. */
export const localKeys = async (mediaDir: string): Promise<string[]> =>
  (await walk(mediaDir))
    .map((file) => path.relative(mediaDir, file))
    .filter((file) => !file.startsWith('.tmp'))
    .sort();
