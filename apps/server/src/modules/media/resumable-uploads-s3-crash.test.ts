import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ListMultipartUploadsCommand, ListPartsCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createS3Client } from '../../storage/s3-client.ts';
import { createS3MediaStorage } from '../../storage/s3-media-storage.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { adminAuth, usePlateauProcesses, waitFor } from '../../test/plateau-process.ts';
import { bucketKeys, onlyRawKey, readStored } from '../../test/stored-media.ts';
import { emptyTestPrefix, testMediaEnv, testMediaKind } from '../../test/test-media.ts';
import {
  createUploadOver,
  newVideoOver,
  TUS,
  tusPatchHeaders,
} from './resumable-uploads.test-support.ts';

/**
 * A kill -9 of a server while a resumable upload streams into the bucket: after the restart
 * the upload resumes from the parts the store kept, and the stored file is the source.
 */
const processes = usePlateauProcesses();
const md5 = (bytes: Buffer | null) =>
  createHash('md5')
    .update(bytes ?? '')
    .digest('hex');

/**
 * A PATCH that writes three quarters of `bytes` steadily, then holds the connection open until
 * `stop`: the kill always falls in the middle of the upload, however slow the machine.
 */
const steadyPatch = (url: string, headers: Record<string, string>, bytes: Buffer) => {
  const req = request(url, {
    method: 'PATCH',
    headers: { ...headers, 'content-length': String(bytes.length) },
  });
  req.on('error', () => undefined);
  void (async () => {
    for (let at = 0; at < (bytes.length * 3) / 4 && !req.destroyed; at += 256 * 1024) {
      if (!req.write(bytes.subarray(at, at + 256 * 1024))) {
        await new Promise((resolve) => req.once('drain', resolve));
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return { stop: () => req.destroy() };
};

describe.skipIf(testMediaKind !== 's3')(
  'a server killed during a resumable upload to the bucket',
  () => {
    it('resumes from the parts the store kept and stores the source intact', async () => {
      const source = Buffer.concat([
        await readFile(await makeClip(clipsDir, '360p')),
        randomBytes(36 * 1024 * 1024),
      ]);
      const media = testMediaEnv();
      const { env, dataDir, api } = await processes.site('uploads-s3-crash', media);
      const config = loadConfig({ ...env });
      if (config.mediaStorage.kind !== 's3') throw new Error('a bucket is expected here');
      const { s3 } = config.mediaStorage;
      const client = createS3Client(s3);
      try {
        let server = await processes.start(env);
        const auth = await adminAuth(api);
        const videoId = await newVideoOver(api, auth, 'Soirée coupée');
        const created = await createUploadOver(api, auth, { length: source.length, videoId });
        expect(created.status).toBe(201);
        const url = `${new URL(api).origin}${created.headers.get('location')}`;

        // Watched in the store: the bytes of the parts it holds (a HEAD would stop the PATCH).
        const stored = async () => {
          const uploads = await client.send(
            new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: `${s3.prefix}uploads/` }),
          );
          const upload = uploads.Uploads?.[0];
          if (!upload) return 0;
          const parts = await client.send(
            new ListPartsCommand({ Bucket: s3.bucket, Key: upload.Key, UploadId: upload.UploadId }),
          );
          return (parts.Parts ?? []).reduce((sum, part) => sum + (part.Size ?? 0), 0);
        };
        const cut = steadyPatch(url, tusPatchHeaders(auth, 0), source);
        await waitFor('half the file in the store', stored, (at) => at > source.length / 2, 60_000);
        server.child.kill('SIGKILL');
        await server.exited;
        cut.stop();

        server = await processes.start(env);
        // A store that cannot tell yet gets a 503, which a tus client retries, as here.
        const head = await waitFor(
          'the store to tell the upload',
          () => fetch(url, { method: 'HEAD', headers: { ...TUS, ...auth } }),
          (answer) => answer.status !== 503,
          30_000,
        );
        expect(head.status, `the restarted server's log:\n${server.log()}`).toBe(200);
        const resumeAt = Number(head.headers.get('upload-offset'));
        expect(resumeAt).toBeGreaterThan(source.length / 2);
        const rest = await fetch(url, {
          method: 'PATCH',
          headers: tusPatchHeaders(auth, resumeAt),
          body: source.subarray(resumeAt),
        });
        expect(rest.status).toBe(204);

        const storage = createS3MediaStorage({
          client,
          bucket: s3.bucket,
          prefix: s3.prefix,
          scratchDir: config.scratchDir,
        });
        expect(
          md5(
            await readStored(
              { config, storage },
              onlyRawKey(await bucketKeys(config, `videos/${videoId}/`), videoId),
            ),
          ),
        ).toBe(md5(source));
        // Nothing left behind: no multipart upload, no working copy.
        const left = await client.send(
          new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: s3.prefix }),
        );
        expect(left.Uploads ?? []).toEqual([]);
        expect(await readdir(path.join(dataDir, 'scratch')).catch(() => [])).toEqual([]);
        server.child.kill('SIGTERM');
        await server.exited;
      } finally {
        await emptyTestPrefix(config);
        client.destroy();
      }
    }, 180_000);
  },
);
