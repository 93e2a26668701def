import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3ServiceException,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createS3Client, ensureBucket, objectKey } from './s3-client.ts';

/**
 * What Plateau needs from an S3-compatible store, asserted against a real one (OpenStack Swift
 * with s3api, started by the server-s3 project's setup): never against a fake, which passes
 * where a real store fails.
 */
const store = inject('objectStore');
const bucket = 'plateau-tests';
const MiB = 1024 * 1024;

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** The HTTP status and error code of a refused call (the SDK throws for any non-2xx answer). */
const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof S3ServiceException)
      return { status: error.$metadata.httpStatusCode, code: error.name };
    throw error;
  }
  throw new Error('expected the store to refuse');
};

describe.skipIf(!store)('a real S3-compatible store (OpenStack Swift, s3api)', () => {
  let client: S3Client;
  /** Each test's own key prefix, emptied after it: tests and runs never see each other. */
  let prefix: string;
  const key = (name: string) => objectKey({ prefix }, name);

  const bytesOf = async (object: { Body?: { transformToByteArray(): Promise<Uint8Array> } }) =>
    Buffer.from(await object.Body!.transformToByteArray());

  const put = (name: string, bytes: Uint8Array | string, contentType = 'video/mp4') =>
    client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key(name),
        Body: bytes,
        ContentType: contentType,
      }),
    );

  const get = (name: string, range?: string) =>
    client.send(new GetObjectCommand({ Bucket: bucket, Key: key(name), Range: range }));

  const head = (name: string) =>
    client.send(new HeadObjectCommand({ Bucket: bucket, Key: key(name) }));

  const keysUnder = async (under: string) => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: under }));
    return (listed.Contents ?? []).map((object) => object.Key!);
  };

  const uploadsUnder = async (under: string) =>
    (await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: under })))
      .Uploads ?? [];

  beforeAll(async () => {
    client = createS3Client({ ...store!, bucket });
    await ensureBucket(client, bucket);
  });

  afterAll(() => client?.destroy());

  beforeEach(() => {
    prefix = `tests/${randomUUID()}/`;
  });

  afterEach(async () => {
    for (const upload of await uploadsUnder(prefix)) {
      await client.send(
        new AbortMultipartUploadCommand({
          Bucket: bucket,
          Key: upload.Key,
          UploadId: upload.UploadId,
        }),
      );
    }
    const left = await keysUnder(prefix);
    if (left.length > 0) {
      await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: left.map((name) => ({ Key: name })) },
        }),
      );
    }
  });

  it('creates a bucket, and creating it again keeps what it holds', async () => {
    const fresh = `plateau-test-${randomUUID().slice(0, 8)}`;
    await ensureBucket(client, fresh);
    await client.send(new PutObjectCommand({ Bucket: fresh, Key: 'kept', Body: 'still here' }));
    await ensureBucket(client, fresh);
    const kept = await client.send(new GetObjectCommand({ Bucket: fresh, Key: 'kept' }));
    expect((await bytesOf(kept)).toString()).toBe('still here');
    // A bucket that holds objects cannot go; once emptied it can.
    expect(await refusal(client.send(new DeleteBucketCommand({ Bucket: fresh })))).toMatchObject({
      status: 409,
      code: 'BucketNotEmpty',
    });
    await client.send(new DeleteObjectCommand({ Bucket: fresh, Key: 'kept' }));
    await client.send(new DeleteBucketCommand({ Bucket: fresh }));
    expect(await refusal(client.send(new HeadBucketCommand({ Bucket: fresh })))).toMatchObject({
      status: 404,
    });
  });

  it('puts an object, then reads its size, type, ETag and bytes back', async () => {
    const bytes = randomBytes(100_000);
    const written = await put('rendition.mp4', bytes);
    expect(written.ETag).toBe(`"${md5(bytes)}"`);
    const described = await head('rendition.mp4');
    expect(described).toMatchObject({
      ContentLength: 100_000,
      ContentType: 'video/mp4',
      ETag: `"${md5(bytes)}"`,
    });
    const read = await get('rendition.mp4');
    expect(read.$metadata.httpStatusCode).toBe(200);
    expect((await bytesOf(read)).equals(bytes)).toBe(true);
    expect(await refusal(head('missing.mp4'))).toMatchObject({ status: 404 });
    expect(await refusal(get('missing.mp4'))).toMatchObject({ status: 404, code: 'NoSuchKey' });
  });

  it('answers ranges: bytes=a-b, bytes=-n, and 416 past the end', async () => {
    const bytes = randomBytes(1000);
    await put('clip.mp4', bytes);
    const middle = await get('clip.mp4', 'bytes=100-199');
    expect(middle.$metadata.httpStatusCode).toBe(206);
    expect(middle).toMatchObject({ ContentLength: 100, ContentRange: 'bytes 100-199/1000' });
    expect((await bytesOf(middle)).equals(bytes.subarray(100, 200))).toBe(true);
    const suffix = await get('clip.mp4', 'bytes=-10');
    expect(suffix).toMatchObject({ ContentLength: 10, ContentRange: 'bytes 990-999/1000' });
    expect((await bytesOf(suffix)).equals(bytes.subarray(990))).toBe(true);
    const open = await get('clip.mp4', 'bytes=995-');
    expect((await bytesOf(open)).equals(bytes.subarray(995))).toBe(true);
    expect(await refusal(get('clip.mp4', 'bytes=1000-1010'))).toMatchObject({
      status: 416,
      code: 'InvalidRange',
    });
  });

  it('uploads 20 MiB in parts through lib-storage, keeping the content type', async () => {
    const bytes = randomBytes(20 * MiB);
    const upload = new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: key('source.mp4'),
        Body: Readable.from([bytes.subarray(0, 7 * MiB), bytes.subarray(7 * MiB)]),
        ContentType: 'video/mp4',
      },
      partSize: 5 * MiB,
      queueSize: 2,
    });
    const parts = new Set<number>();
    upload.on('httpUploadProgress', (progress) => parts.add(progress.part ?? 0));
    await upload.done();
    expect(parts.size).toBe(4);
    const described = await head('source.mp4');
    // A multipart ETag is the MD5 of the parts' MD5s, with the part count.
    expect(described).toMatchObject({ ContentLength: 20 * MiB, ContentType: 'video/mp4' });
    expect(described.ETag).toMatch(/-4"$/);
    // Across the first part boundary: the parts were joined in order.
    const seam = await get('source.mp4', `bytes=${5 * MiB - 8}-${5 * MiB + 7}`);
    expect((await bytesOf(seam)).equals(bytes.subarray(5 * MiB - 8, 5 * MiB + 8))).toBe(true);
    expect(md5(await bytesOf(await get('source.mp4')))).toBe(md5(bytes));
    expect(await uploadsUnder(prefix)).toEqual([]);
  });

  it('aborts a failed multipart upload: no object, no incomplete upload left behind', async () => {
    let sent = false;
    async function* failingSource() {
      yield randomBytes(6 * MiB);
      yield randomBytes(6 * MiB);
      // The source breaks only once a part reached the store, so the upload really began.
      while (!sent) await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('the source broke');
    }
    const upload = new Upload({
      client,
      params: {
        Bucket: bucket,
        Key: key('broken.mp4'),
        Body: Readable.from(failingSource()),
        ContentType: 'video/mp4',
      },
      partSize: 5 * MiB,
      queueSize: 1,
    });
    upload.on('httpUploadProgress', () => {
      sent = true;
    });
    await expect(upload.done()).rejects.toThrow('the source broke');
    expect(sent).toBe(true);
    expect(await uploadsUnder(prefix)).toEqual([]);
    expect(await refusal(head('broken.mp4'))).toMatchObject({ status: 404 });
  });

  it('presigns a GET that honours a Range header and names the download', async () => {
    const bytes = randomBytes(4096);
    await put('lecture.mp4', bytes);
    const disposition = `attachment; filename="cours.mp4"; filename*=UTF-8''cours%20d%C3%A9but.mp4`;
    const url = await getSignedUrl(
      client,
      new GetObjectCommand({
        Bucket: bucket,
        Key: key('lecture.mp4'),
        ResponseContentDisposition: disposition,
      }),
      { expiresIn: 300 },
    );
    const response = await fetch(url, { headers: { Range: 'bytes=1000-1999' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 1000-1999/4096');
    expect(response.headers.get('content-disposition')).toBe(disposition);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    // The signature covers the disposition: a URL edited to name another file is refused.
    const edited = new URL(url);
    edited.searchParams.set('response-content-disposition', 'attachment; filename="x.mp4"');
    expect((await fetch(edited)).status).toBe(403);
  });

  it('copies an object with its bytes and type', async () => {
    const bytes = randomBytes(50_000);
    await put('original.vtt', bytes, 'text/vtt');
    await client.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: key('copy.vtt'),
        CopySource: `${bucket}/${encodeURIComponent(key('original.vtt'))}`,
      }),
    );
    expect(await head('copy.vtt')).toMatchObject({
      ContentLength: 50_000,
      ContentType: 'text/vtt',
    });
    expect((await bytesOf(await get('copy.vtt'))).equals(bytes)).toBe(true);
  });

  it('lists by prefix, with a delimiter for one level', async () => {
    for (const name of [
      'videos/1/720p.mp4',
      'videos/1/poster.jpg',
      'videos/1/hls/a.m4s',
      'videos/2/720p.mp4',
    ])
      await put(name, name);
    expect((await keysUnder(key('videos/1/'))).sort()).toEqual(
      [key('videos/1/720p.mp4'), key('videos/1/hls/a.m4s'), key('videos/1/poster.jpg')].sort(),
    );
    const level = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: key('videos/1/'), Delimiter: '/' }),
    );
    expect(level.Contents?.map((object) => object.Key).sort()).toEqual(
      [key('videos/1/720p.mp4'), key('videos/1/poster.jpg')].sort(),
    );
    expect(level.CommonPrefixes).toEqual([{ Prefix: key('videos/1/hls/') }]);
    // Pages: MaxKeys 2 of 4 objects, then the rest from the continuation token.
    const first = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 2 }),
    );
    expect(first).toMatchObject({ IsTruncated: true, KeyCount: 2 });
    const rest = await client.send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: prefix,
        ContinuationToken: first.NextContinuationToken,
      }),
    );
    expect(rest.Contents).toHaveLength(2);
  });

  it('deletes one object, and deleting it again is not an error', async () => {
    await put('poster.jpg', 'jpeg', 'image/jpeg');
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key('poster.jpg') }));
    expect(await refusal(head('poster.jpg'))).toMatchObject({ status: 404 });
    const again = await client.send(
      new DeleteObjectCommand({ Bucket: bucket, Key: key('poster.jpg') }),
    );
    expect(again.$metadata.httpStatusCode).toBe(204);
  });

  it('deletes many objects in one request (Content-MD5 added by the client)', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `storyboard/${index}.jpg`);
    for (const name of names) await put(name, name, 'image/jpeg');
    const deleted = await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: [...names, 'never-there.jpg'].map((name) => ({ Key: key(name) })) },
      }),
    );
    expect(deleted.Errors ?? []).toEqual([]);
    expect(deleted.Deleted).toHaveLength(13);
    expect(await keysUnder(prefix)).toEqual([]);
  });

  it('refuses a wrong secret or an unknown key with 403', async () => {
    await put('private.mp4', 'members only');
    const wrongSecret = createS3Client({ ...store!, bucket, secretAccessKey: 'not-the-secret' });
    const unknownKey = createS3Client({ ...store!, bucket, accessKeyId: 'test:nobody' });
    try {
      expect(
        await refusal(
          wrongSecret.send(new GetObjectCommand({ Bucket: bucket, Key: key('private.mp4') })),
        ),
      ).toMatchObject({
        status: 403,
        code: 'SignatureDoesNotMatch',
      });
      expect(
        await refusal(
          wrongSecret.send(new PutObjectCommand({ Bucket: bucket, Key: key('x'), Body: 'x' })),
        ),
      ).toMatchObject({ status: 403 });
      expect(
        await refusal(
          unknownKey.send(new HeadObjectCommand({ Bucket: bucket, Key: key('private.mp4') })),
        ),
      ).toMatchObject({ status: 403 });
    } finally {
      wrongSecret.destroy();
      unknownKey.destroy();
    }
    expect(await keysUnder(prefix)).toEqual([key('private.mp4')]);
  });
});
