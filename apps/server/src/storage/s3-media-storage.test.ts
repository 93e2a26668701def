import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testTmpDir } from '../test/test-env.ts';
import { bytesOf, mediaStorageContract, put } from './media-storage.contract.ts';
import { createS3Client, ensureBucket } from './s3-client.ts';
import { createS3MediaStorage } from './s3-media-storage.ts';
import { uploadObject } from './s3-transfer.ts';
import { StorageUnavailableError } from './storage-errors.ts';

/** The S3 backend against a real store (OpenStack Swift with s3api, the server-s3 project's). */
const store = inject('objectStore');
const bucket = 'plateau-tests';
const MiB = 1024 * 1024;

describe.skipIf(!store)('the S3 media storage (OpenStack Swift, s3api)', () => {
  let client: S3Client;

  /** Whatever a test left under its prefix: objects and incomplete multipart uploads. */
  const leftUnder = async (prefix: string) => {
    const objects = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    const uploads = await client.send(
      new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix }),
    );
    return {
      objects: (objects.Contents ?? []).map((object) => object.Key!),
      uploads: uploads.Uploads ?? [],
    };
  };

  const empty = async (prefix: string) => {
    const { objects, uploads } = await leftUnder(prefix);
    for (const upload of uploads) {
      await client.send(
        new AbortMultipartUploadCommand({
          Bucket: bucket,
          Key: upload.Key,
          UploadId: upload.UploadId,
        }),
      );
    }
    if (objects.length > 0) {
      await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: objects.map((Key) => ({ Key })) },
        }),
      );
    }
  };

  /** A storage under its own random prefix, with a small listing page to exercise paging. */
  const s3Subject = async () => {
    const prefix = `media-tests/${randomUUID()}/`;
    const scratchDir = await mkdtemp(path.join(testTmpDir, 's3-scratch-'));
    return {
      prefix,
      scratchDir,
      storage: createS3MediaStorage({
        client,
        bucket,
        prefix,
        scratchDir,
        partSize: 5 * MiB,
        listPageSize: 10,
      }),
      cleanup: async () => {
        await empty(prefix);
        await rm(scratchDir, { recursive: true, force: true });
      },
    };
  };

  beforeAll(async () => {
    client = createS3Client({ ...store!, bucket });
    await ensureBucket(client, bucket);
  });
  afterAll(() => client?.destroy());

  mediaStorageContract(s3Subject);

  it("answers the store's ETag, and says plainly that local paths do not exist there", async () => {
    const { storage, cleanup } = await s3Subject();
    try {
      expect(storage.backend).toBe('s3');
      await put(storage, 'videos/1/thumbnail', Buffer.from('jpeg'));
      expect((await storage.stat('videos/1/thumbnail'))?.etag).toMatch(/^"[0-9a-f]{32}"$/);
      // Nothing of a local folder: no path, no descriptor to lease, nothing to throw.
      expect(storage.localFiles).toBeNull();
    } finally {
      await cleanup();
    }
  });

  it('publishes nothing and leaves no incomplete upload when a multipart commit fails', async () => {
    const { storage, prefix, scratchDir, cleanup } = await s3Subject();
    try {
      // A source that breaks once parts reached the store (an upload aborted mid-way).
      let parts = 0;
      async function* breaking() {
        for (;;) {
          yield randomBytes(MiB);
          if (parts++ === 12) throw new Error('the source broke');
        }
      }
      // The commands sent, to see that a multipart upload began and was aborted.
      const sent: string[] = [];
      const watched = createS3Client({ ...store!, bucket });
      watched.middlewareStack.add(
        (next, context) => (args) => {
          sent.push(context.commandName ?? '');
          return next(args);
        },
        { step: 'initialize', name: 'testCommandLog' },
      );
      const target = { client: watched, bucket, partSize: 5 * MiB };
      await expect(
        uploadObject(target, `${prefix}videos/2/720.mp4`, Readable.from(breaking()), 40 * MiB),
      ).rejects.toThrow('the source broke');
      expect(sent).toContain('CreateMultipartUploadCommand');
      expect(sent).toContain('UploadPartCommand');
      expect(sent).toContain('AbortMultipartUploadCommand');
      watched.destroy();
      // A file cut short while it was read: the object would have been shorter than its size.
      await expect(
        uploadObject(
          target,
          `${prefix}videos/2/480.mp4`,
          Readable.from([randomBytes(MiB)]),
          12 * MiB,
        ),
      ).rejects.toThrow(/ended at 1048576 of its 12582912 bytes/);
      // A temporary file gone before its commit.
      const vanished = path.join(scratchDir, 'vanished.mp4');
      await expect(storage.commit(vanished, 'videos/2/360.mp4')).rejects.toThrow(/ENOENT/);
      expect(await leftUnder(prefix)).toEqual({ objects: [], uploads: [] });
    } finally {
      await cleanup();
    }
  });

  it('throws StorageUnavailableError at once when the store is down, never hangs', async () => {
    const { scratchDir, cleanup } = await s3Subject();
    const down = createS3Client({ ...store!, bucket, endpoint: 'http://127.0.0.1:9' });
    const refusing = createS3Client({ ...store!, bucket, secretAccessKey: 'not-the-secret' });
    try {
      for (const deadClient of [down, refusing]) {
        const storage = createS3MediaStorage({
          client: deadClient,
          bucket,
          prefix: 'x/',
          scratchDir,
        });
        const started = Date.now();
        const file = await storage.tempPath('.mp4');
        await writeFile(file, randomBytes(1000));
        const calls = [
          () => storage.stat('videos/1/720.mp4'),
          () => storage.read('videos/1/720.mp4', { start: 0, end: 9 }),
          () => storage.readStart('videos/1/720.mp4', 10),
          () => storage.withLocalFile('videos/1/raw.mp4', () => Promise.resolve()),
          () => storage.commit(file, 'videos/1/720.mp4'),
          () => storage.remove('videos/1/720.mp4'),
          () => storage.removePrefix('videos/1'),
        ];
        for (const call of calls)
          await expect(call()).rejects.toBeInstanceOf(StorageUnavailableError);
        expect(Date.now() - started).toBeLessThan(5_000);
        await storage.discardTemp(file);
      }
    } finally {
      down.destroy();
      refusing.destroy();
      await cleanup();
    }
  });

  it('reads a multipart object across its part boundaries', async () => {
    const { storage, cleanup } = await s3Subject();
    try {
      const bytes = randomBytes(12 * MiB);
      await put(storage, 'videos/3/raw.mp4', bytes);
      expect((await storage.stat('videos/3/raw.mp4'))?.etag).toMatch(/-3"$/);
      const seam = await bytesOf(
        await storage.read('videos/3/raw.mp4', { start: 5 * MiB - 8, end: 5 * MiB + 7 }),
      );
      expect(seam?.equals(bytes.subarray(5 * MiB - 8, 5 * MiB + 8))).toBe(true);
    } finally {
      await cleanup();
    }
  });
});
