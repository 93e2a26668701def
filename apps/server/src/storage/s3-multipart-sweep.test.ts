import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createS3Client, ensureBucket } from './s3-client.ts';
import { createS3MediaStorage } from './s3-media-storage.ts';
import { testTmpDir } from '../test/test-env.ts';
import { abortStaleMultipartUploads } from './s3-multipart-sweep.ts';

const store = inject('objectStore');
const bucket = 'plateau-tests';

describe.skipIf(!store)('the sweep of unfinished multipart uploads (Swift)', () => {
  let client: S3Client;
  beforeAll(async () => {
    client = createS3Client({ ...store!, bucket });
    await ensureBucket(client, bucket);
  });
  afterAll(() => client?.destroy());

  const begin = async (key: string) => {
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: 'video/mp4' }),
    );
    await client.send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: key,
        UploadId,
        PartNumber: 1,
        Body: Buffer.alloc(1024, 7),
      }),
    );
    return UploadId!;
  };
  const unfinished = async (prefix: string) =>
    (
      (await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix })))
        .Uploads ?? []
    ).map((upload) => upload.Key);

  it('aborts what a crash left under this site, not resumable uploads, nor other sites, nor new ones', async () => {
    const site = `sweep-${randomUUID()}/`;
    const other = `sweep-${randomUUID()}/`;
    await begin(`${site}videos/4/720.mp4`);
    await begin(`${site}uploads/0123abcd`);
    await begin(`${other}videos/4/720.mp4`);
    const sweep = { client, bucket, prefix: site, keep: [`${site}uploads/`] };

    // Begun after the cut-off: still being written, kept.
    expect(await abortStaleMultipartUploads(sweep, new Date(Date.now() - 60_000))).toBe(0);
    expect(await unfinished(site)).toHaveLength(2);

    expect(await abortStaleMultipartUploads(sweep, new Date(Date.now() + 60_000))).toBe(1);
    expect(await unfinished(site)).toEqual([`${site}uploads/0123abcd`]);
    expect(await unfinished(other)).toEqual([`${other}videos/4/720.mp4`]);

    // Tidy: the other two go as well.
    await abortStaleMultipartUploads({ ...sweep, keep: [] }, new Date(Date.now() + 60_000));
    await abortStaleMultipartUploads(
      { ...sweep, prefix: other, keep: [] },
      new Date(Date.now() + 60_000),
    );
    expect([...(await unfinished(site)), ...(await unfinished(other))]).toEqual([]);
  });

  it('runs with the hourly sweep of temporary files, past a grace a publish never needs', async () => {
    const prefix = `sweep-${randomUUID()}/`;
    const scratchDir = await mkdtemp(path.join(testTmpDir, 'sweep-scratch-'));
    const storage = createS3MediaStorage({ client, bucket, prefix, scratchDir });
    await begin(`${prefix}videos/9/1080.mp4`);
    await begin(`${prefix}uploads/feedbeef`);
    // An hour idle: a file still uploading for hours is not debris yet.
    expect(await storage.sweepTemporary(new Date(Date.now() - 3_600_000))).toEqual({
      files: 0,
      bytes: 0,
    });
    expect(await unfinished(prefix)).toHaveLength(2);
    // Six hours later it is.
    expect((await storage.sweepTemporary(new Date(Date.now() + 6 * 3_600_000))).files).toBe(1);
    expect(await unfinished(prefix)).toEqual([`${prefix}uploads/feedbeef`]);
    await abortStaleMultipartUploads(
      { client, bucket, prefix, keep: [] },
      new Date(Date.now() + 60_000),
    );
    await rm(scratchDir, { recursive: true, force: true });
  });
});
