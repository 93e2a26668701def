import { execFileSync } from 'node:child_process';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  createS3Client,
  ensureBucket,
  objectKey,
} from '../../apps/server/src/storage/s3-client.ts';
import { uploadObject } from '../../apps/server/src/storage/s3-transfer.ts';
import { cpuSeconds } from '../media/proc.ts';
import { api } from '../media/setup.ts';

/**
 * The run's object store (OpenStack Swift on loopback, started if needed by
 * scripts/object-store.mjs), a bucket shared by the benches and a prefix of this run's own;
 * `env` gives a Plateau the same settings.
 */
export const benchObjectStore = async (prefixStem: string) => {
  const store = JSON.parse(
    execFileSync(process.execPath, ['scripts/object-store.mjs', 'start', '--json'], {
      encoding: 'utf8',
    }),
  ) as { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
  const s3 = {
    ...store,
    bucket: 'plateau-bench',
    prefix: `${prefixStem}-${Date.now()}/`,
    forcePathStyle: true,
  };
  const client = createS3Client(s3);
  await ensureBucket(client, s3.bucket);
  const env = {
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_PREFIX: s3.prefix,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  return { s3, client, env };
};

/** `bytes` random bytes under `key` of the bench's prefix, streamed (never whole in memory). */
export const putRandomObject = async (
  client: S3Client,
  s3: { bucket: string; prefix: string },
  key: string,
  bytes: number,
) => {
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  async function* blocks() {
    for (let sent = 0; sent < bytes; sent += block.length) {
      yield block.subarray(0, Math.min(block.length, bytes - sent));
    }
  }
  await uploadObject(
    { client, bucket: s3.bucket },
    objectKey(s3, key),
    Readable.from(blocks()),
    bytes,
  );
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Each path asked `count` times for one 64 KiB range, one request at a time, the paths
 * interleaved (the machine's noise falls on all of them): milliseconds, redirects followed.
 */
export const sequentialLatency = async (paths: Record<string, { url: string }>, count: number) => {
  const times: Record<string, number[]> = Object.fromEntries(
    Object.keys(paths).map((name) => [name, []]),
  );
  for (let i = 0; i < count; i += 1) {
    for (const [name, { url }] of Object.entries(paths)) {
      const started = performance.now();
      const answer = await fetch(url, { headers: { range: 'bytes=0-65535' } });
      const body = Buffer.from(await answer.arrayBuffer());
      if (answer.status !== 206) throw new Error(`${name}: ${answer.status} ${body.toString()}`);
      times[name]!.push(performance.now() - started);
    }
  }
  return Object.fromEntries(
    Object.entries(times).map(([name, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return [name, { p50: percentile(sorted, 50), p90: percentile(sorted, 90) }];
    }),
  );
};

/** Waits until the video is published (processing 3). */
export const waitPublished = async (origin: string, token: string, id: number) => {
  for (;;) {
    const { videos } = (await api(origin, `/api/videos/${id}`, { token })) as {
      videos: { processing: number; encodingError?: string | null }[];
    };
    if (videos[0]!.processing === 3) return;
    if (videos[0]!.encodingError) throw new Error(`encode failed: ${videos[0]!.encodingError}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

/** CPU seconds of the object store's servers so far (Swift's four servers run as `swift`). */
export const storeCpu = () =>
  execFileSync('ps', ['-u', 'swift', '-o', 'pid='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.trim() !== '')
    .reduce((sum, pid) => sum + cpuSeconds(Number(pid)), 0);
