import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AbortMultipartUploadCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import type { Config } from '../../config.ts';
import { insertVideo, PNG_BYTES, videoRow } from './media.test-helpers.ts';
import {
  createUpload,
  headUpload,
  patchUpload,
  resumableFiles,
} from './resumable-uploads.test-support.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { useTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { rawKeyOf, readStored } from '../../test/stored-media.ts';
import { testTmpDir } from '../../test/test-env.ts';
import { testMediaKind } from '../../test/test-media.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { openMediaStorage } from '../../storage/open-media-storage.ts';
import { createResumableStore } from '../../storage/resumable-store.ts';
import { createS3Client } from '../../storage/s3-client.ts';
import { S3ResumableStore } from '../../storage/s3-resumable-store.ts';
import { UploadLocker } from '../../storage/upload-locker.ts';

/**
 * Two instances of the site with no shared folder: each its own DATA_DIR, one database, one
 * bucket prefix. The locker stands for PostgreSQL's advisory locks, which every instance shares
 * (one process here: PGlite cannot be shared between processes).
 */
const locker = new UploadLocker();
const a = useTestApp({
  env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' },
  extra: { extraDeps: { uploadLocker: locker } },
});
let b: TestContext;
let member: TestUser;

const sha256 = (bytes: Buffer | null) =>
  createHash('sha256')
    .update(bytes ?? '')
    .digest('hex');

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(testTmpDir, 'data-b-'));
  const config: Config = {
    ...a.config,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    scratchDir: path.join(dataDir, 'scratch'),
  };
  const storage = await openMediaStorage(config, a.database.db);
  const app: App = await buildApp({
    config,
    database: a.database,
    storage,
    extraDeps: { uploadLocker: locker },
  });
  await app.ready();
  b = { ...a, app, config, storage, dataDir };
  member = await a.createUser('plateau');
}, 120_000);

afterAll(async () => {
  await b?.app.close();
  if (b?.dataDir) rmSync(b.dataDir, { recursive: true, force: true });
});

/** Names left in both instances' scratch folders: none once uploads are over. */
const scratchLeft = async () =>
  (
    await Promise.all(
      [a, b].map((instance) => readdir(instance.config.scratchDir).catch(() => [] as string[])),
    )
  ).flat();

/** The multipart uploads the store still holds under the site's prefix. */
const listIncomplete = async (config: Config) => {
  if (config.mediaStorage.kind !== 's3') throw new Error('a bucket is expected here');
  const { s3 } = config.mediaStorage;
  const client = createS3Client(s3);
  try {
    const listed = await client.send(
      new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: s3.prefix }),
    );
    return { client, bucket: s3.bucket, uploads: listed.Uploads ?? [] };
  } catch (error) {
    client.destroy();
    throw error;
  }
};

const incompleteUploads = async (config: Config) => {
  const { client, uploads } = await listIncomplete(config);
  client.destroy();
  return uploads.map((upload) => upload.Key);
};

/** The store forgets an upload's parts behind Plateau's back (a listing that lags, a rule). */
const loseParts = async (config: Config) => {
  const { client, bucket, uploads } = await listIncomplete(config);
  try {
    for (const { Key, UploadId } of uploads) {
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId }));
    }
  } finally {
    client.destroy();
  }
};

const message = (body: string) => (JSON.parse(body) as { message: string }).message;

// The bucket's own behaviour: server-s3 runs it (mediaSuite), the other projects skip it.
describe.skipIf(testMediaKind !== 's3')('a resumable upload on object storage', () => {
  it('begun through one instance is resumed and attached through the other, once', async () => {
    const clip = await readFile(await makeClip(clipsDir, '360p'));
    const id = await insertVideo(a);
    const created = await createUpload(a, member.auth, { length: clip.length, videoId: id });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const half = Math.floor(clip.length / 2);
    const first = await patchUpload(a, member.auth, location, 0, clip.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);

    const head = await headUpload(b, member.auth, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    const last = await patchUpload(b, member.auth, location, half, clip.subarray(half));
    expect(last.statusCode, last.body).toBe(204);
    expect((await videoRow(a, id)).processing).toBe(1);
    expect(sha256(await readStored(a, await rawKeyOf(a.database.db, id)))).toBe(sha256(clip));

    // Attached once: both instances answer it complete and refuse more bytes.
    const again = await patchUpload(a, member.auth, location, clip.length, Buffer.alloc(0));
    expect(again.statusCode).toBe(409);
    expect(message(again.body)).toBe('Cet envoi est déjà terminé');
    expect((await headUpload(a, member.auth, location)).headers['upload-offset']).toBe(
      String(clip.length),
    );
    const name = location.split('/').pop()!;
    expect((await resumableFiles(a)).filter((key) => key.startsWith(name))).toEqual([
      `${name}.finished`,
    ]);
    expect(await scratchLeft()).toEqual([]);
  });

  it('whose parts the store no longer lists is neither attached nor removed: 503, for the client to retry', async () => {
    const clip = await readFile(await makeClip(clipsDir, '360p'));
    const id = await insertVideo(a);
    const created = await createUpload(a, member.auth, { length: clip.length, videoId: id });
    const location = created.headers.location as string;
    const half = Math.floor(clip.length / 2);
    await patchUpload(a, member.auth, location, 0, clip.subarray(0, half));
    await loseParts(a.config);

    const head = await headUpload(b, member.auth, location);
    expect(head.statusCode).toBe(503);
    expect((await videoRow(a, id)).processing).toBe(0);
    const name = location.split('/').pop()!;
    expect((await resumableFiles(a)).filter((key) => key.startsWith(name))).toContain(
      `${name}.info`,
    );
    expect(await scratchLeft()).toEqual([]);
  });

  it('whose last part was stored but never assembled (a server killed between) is assembled and attached', async () => {
    const clip = await readFile(await makeClip(clipsDir, '360p'));
    const id = await insertVideo(a);
    const created = await createUpload(a, member.auth, { length: clip.length, videoId: id });
    const location = created.headers.location as string;
    const half = Math.floor(clip.length / 2);
    await patchUpload(a, member.auth, location, 0, clip.subarray(0, half));
    if (a.config.mediaStorage.kind !== 's3') throw new Error('a bucket is expected here');
    /** A server that dies once the last part is in the store, before asking it to assemble. */
    class KilledBeforeAssembly extends S3ResumableStore {
      protected override finishMultipartUpload(): Promise<string | undefined> {
        return Promise.reject(new Error('killed'));
      }
    }
    const dying = new KilledBeforeAssembly({
      s3: a.config.mediaStorage.s3,
      scratchDir: a.config.scratchDir,
      expiryMs: 60_000,
    });
    const name = location.split('/').pop()!;
    await expect(dying.write(Readable.from(clip.subarray(half)), name, half)).rejects.toThrow(
      'killed',
    );

    const head = await headUpload(b, member.auth, location);
    expect(head.statusCode, head.body).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(clip.length));
    expect((await videoRow(a, id)).processing).toBe(1);
    expect(sha256(await readStored(a, await rawKeyOf(a.database.db, id)))).toBe(sha256(clip));
    expect(await incompleteUploads(a.config)).toEqual([]);
    expect(await scratchLeft()).toEqual([]);
  });

  it('keeps parts of several MiB in the store between instances', async () => {
    // 12 MiB: a first part of 6 MiB through A, the rest through B.
    const image = Buffer.concat([PNG_BYTES, randomBytes(12 * 1024 * 1024)]);
    const id = await insertVideo(a);
    const created = await createUpload(b, member.auth, {
      length: image.length,
      videoId: id,
      kind: 'thumbnail',
    });
    const location = created.headers.location as string;
    const half = 6 * 1024 * 1024;
    expect(
      (await patchUpload(b, member.auth, location, 0, image.subarray(0, half))).statusCode,
    ).toBe(204);
    expect((await headUpload(a, member.auth, location)).headers['upload-offset']).toBe(
      String(half),
    );
    const last = await patchUpload(a, member.auth, location, half, image.subarray(half));
    expect(last.statusCode, last.body).toBe(204);
    expect(sha256(await readStored(b, mediaKeys.thumbnail(id)))).toBe(sha256(image));
    expect(await incompleteUploads(a.config)).toEqual([]);
    expect(await scratchLeft()).toEqual([]);
  });

  it('cut then expired, leaves no object and no incomplete multipart upload after the sweep', async () => {
    const id = await insertVideo(a);
    const image = Buffer.concat([PNG_BYTES, randomBytes(10 * 1024 * 1024)]);
    const created = await createUpload(a, member.auth, {
      length: image.length,
      videoId: id,
      kind: 'thumbnail',
    });
    const location = created.headers.location as string;
    // A part in the store, then a piece under the part size: both kinds of leftovers.
    await patchUpload(a, member.auth, location, 0, image.subarray(0, 6 * 1024 * 1024));
    const cut = await patchUpload(
      b,
      member.auth,
      location,
      6 * 1024 * 1024,
      image.subarray(6 * 1024 * 1024, 7 * 1024 * 1024),
    );
    expect(cut.statusCode, cut.body).toBe(204);
    const name = location.split('/').pop()!;
    expect(await incompleteUploads(a.config)).toHaveLength(1);

    // A paused upload younger than the expiry stays.
    const sweep = createResumableStore(b.config, 60_000, locker);
    expect(await sweep.deleteExpired()).toBe(0);
    expect(await incompleteUploads(a.config)).toHaveLength(1);

    // The store's times are in whole seconds: 1 s of expiry, passed twice.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const expiring = createResumableStore(b.config, 1_000, locker);
    expect(await expiring.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(await incompleteUploads(a.config)).toEqual([]);
    expect((await resumableFiles(a)).filter((key) => key.startsWith(name))).toEqual([]);
    expect((await headUpload(a, member.auth, location)).statusCode).toBe(404);
    expect(await scratchLeft()).toEqual([]);
  });
});
