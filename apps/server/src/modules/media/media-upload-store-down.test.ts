import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { createS3Client } from '../../storage/s3-client.ts';
import { createS3MediaStorage } from '../../storage/s3-media-storage.ts';
import { useTestApp, type TestContext, type TestUser } from '../../test/harness.ts';
import { readStored, scratchFiles } from '../../test/stored-media.ts';
import { testTmpDir } from '../../test/test-env.ts';
import { testMediaKind } from '../../test/test-media.ts';
import { insertVideo, PNG_BYTES, upload, videoRow } from './media.test-helpers.ts';
import { createUpload, headUpload, patchUpload } from './resumable-uploads.test-support.ts';

const MESSAGE = 'Stockage des médias indisponible, réessayez dans un instant.';

/**
 * An instance whose object store does not answer (nothing listens on its endpoint): uploads
 * are refused with a 503 in French, which the upload screens show, and leave nothing behind.
 */
const ctx = useTestApp();
let down: TestContext;
/** An instance whose media storage is down but whose resumable uploads are reachable. */
let publishDown: TestContext;
let member: TestUser;

beforeAll(async () => {
  if (ctx.config.mediaStorage.kind !== 's3') return;
  const dataDir = mkdtempSync(path.join(testTmpDir, 'data-down-'));
  // Port 9 (discard) on loopback: nothing listens, every connection is refused at once.
  const s3 = { ...ctx.config.mediaStorage.s3, endpoint: 'http://127.0.0.1:9' };
  const config: Config = {
    ...ctx.config,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    scratchDir: path.join(dataDir, 'scratch'),
    mediaStorage: { kind: 's3', s3 },
  };
  const storage = createS3MediaStorage({
    client: createS3Client(s3),
    bucket: s3.bucket,
    prefix: s3.prefix,
    scratchDir: config.scratchDir,
  });
  const app = await buildApp({ config, database: ctx.database, storage });
  await app.ready();
  down = { ...ctx, app, config, storage, dataDir };
  const halfApp = await buildApp({ config: ctx.config, database: ctx.database, storage });
  await halfApp.ready();
  publishDown = { ...ctx, app: halfApp, storage };
  member = await ctx.createUser('plateau');
});

afterAll(async () => {
  await publishDown?.app.close();
  await down?.app.close();
  if (down?.dataDir) rmSync(down.dataDir, { recursive: true, force: true });
});

describe.skipIf(testMediaKind !== 's3')('an upload while the object store is down', () => {
  it('is answered 503 in French, multipart or resumable, and leaves no scratch file', async () => {
    const id = await insertVideo(down);
    const image = await upload(down, `/api/media/thumbnail/${id}`, member.auth, [
      { field: 'thumbnail_upload', content: PNG_BYTES },
    ]);
    expect(image.statusCode, image.body).toBe(503);
    expect(image.json().message).toBe(MESSAGE);
    expect((await videoRow(down, id)).hasThumbnail).toBe(false);

    const resumable = await createUpload(down, member.auth, { length: 100, videoId: id });
    expect(resumable.statusCode, resumable.body).toBe(503);
    expect(JSON.parse(resumable.body).message).toBe(MESSAGE);

    const head = await down.app.inject({
      method: 'HEAD',
      url: `/api/uploads/${'0'.repeat(32)}`,
      headers: { 'tus-resumable': '1.0.0', ...member.auth },
    });
    expect(head.statusCode).toBe(503);
    // The next piece of an upload begun before the store went down: retried later, not lost.
    const patch = await patchUpload(
      down,
      member.auth,
      `/api/uploads/${'0'.repeat(32)}`,
      0,
      PNG_BYTES,
    );
    expect(patch.statusCode).toBe(503);
    expect(JSON.parse(patch.body).message).toBe(MESSAGE);
    expect(await scratchFiles(down)).toEqual([]);
  });

  it('keeps a resumable upload whose publish failed, and attaches it at the next request', async () => {
    const id = await insertVideo(ctx);
    const created = await createUpload(ctx, member.auth, {
      length: PNG_BYTES.length,
      videoId: id,
      kind: 'thumbnail',
    });
    const location = created.headers.location as string;
    const cut = await patchUpload(publishDown, member.auth, location, 0, PNG_BYTES);
    expect(cut.statusCode, cut.body).toBe(503);
    expect(JSON.parse(cut.body).message).toBe(MESSAGE);
    expect((await videoRow(ctx, id)).hasThumbnail).toBe(false);

    // The store is back (another instance reaches it): the client's next HEAD attaches it.
    const head = await headUpload(ctx, member.auth, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(PNG_BYTES.length));
    expect((await videoRow(ctx, id)).hasThumbnail).toBe(true);
    expect(await readStored(ctx, mediaKeys.thumbnail(id))).toEqual(PNG_BYTES);
    expect(await scratchFiles(ctx)).toEqual([]);
  });
});
