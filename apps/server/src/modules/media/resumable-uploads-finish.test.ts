import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { locateMediaBinaries } from '../../media-tools/binaries.ts';
import { createMediaDiskGuard, workingDiskFolder } from '../../storage/free-space.ts';
import { createResumableStore } from '../../storage/resumable-store.ts';
import { UploadLocker } from '../../storage/upload-locker.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { rawKeyOf, readStored } from '../../test/stored-media.ts';
import { testMediaKind } from '../../test/test-media.ts';
import { expectBytes, insertVideo, videoRow } from './media.test-helpers.ts';
import { createMediaService } from './media.service.ts';
import { createResumableUploadsService } from './resumable-uploads.service.ts';
import { createUpload, patchUpload, resumableFiles } from './resumable-uploads.test-support.ts';

const ctx = useTestApp();
let member: TestUser;
let clipBytes: Buffer;

beforeAll(async () => {
  member = await ctx.createUser('plateau');
  clipBytes = await readFile(await makeClip(clipsDir, '360p'));
});

/** The locks every instance shares (PostgreSQL's advisory locks on a real site). */
const locker = new UploadLocker();

/** The service of another instance of the site: the same database, locks and uploads. */
const instance = async () => {
  const store = createResumableStore(ctx.config, ctx.config.uploadExpiryHours * 3600e3, locker);
  const mediaBinaries = await locateMediaBinaries({
    ffmpegPath: ctx.config.ffmpegPath,
    ffprobePath: ctx.config.ffprobePath,
  });
  return {
    store,
    uploads: createResumableUploadsService({
      media: createMediaService({ db: ctx.database.db, storage: ctx.storage, mediaBinaries }),
      store,
      maxUploadBytes: ctx.config.maxUploadBytes,
      disk: createMediaDiskGuard(ctx.config, workingDiskFolder(ctx.config, ctx.storage), store),
      log: { warn: () => undefined },
    }),
  };
};

describe('the end of a resumable upload', () => {
  it('attaches the file once when two instances see it complete at the same time', async () => {
    const id = await insertVideo(ctx);
    const created = await createUpload(ctx, member.auth, { length: clipBytes.length, videoId: id });
    const location = created.headers.location as string;
    const last = clipBytes.length - 1;
    const sent = await patchUpload(ctx, member.auth, location, 0, clipBytes.subarray(0, last));
    expect(sent.statusCode, sent.body).toBe(204);
    // The last byte lands (tus finishes after releasing the upload's lock): both instances
    // now read the upload complete and are asked to attach it.
    const [a, b] = [await instance(), await instance()];
    const uploadId = location.split('/').pop()!;
    await a.store.write(Readable.from([clipBytes.subarray(last)]), uploadId, last);
    const upload = await a.store.getUpload(uploadId);
    expect(upload.offset).toBe(upload.size);

    const viewer = {
      userId: member.id,
      role: member.role,
      username: member.username,
      gdaAccess: false,
    };
    const results = await Promise.allSettled([
      a.uploads.finish(viewer, upload),
      b.uploads.finish(viewer, upload),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected')!;
    expect((refused as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 409,
      message: 'Cet envoi est déjà terminé',
    });
    expect((await videoRow(ctx, id)).processing).toBe(1);
    expectBytes((await readStored(ctx, await rawKeyOf(ctx.database.db, id)))!, clipBytes);
    expect((await resumableFiles(ctx)).filter((file) => file.startsWith(uploadId)).sort()).toEqual(
      testMediaKind === 's3'
        ? [`${uploadId}.finished`]
        : [`${uploadId}.finished`, `${uploadId}.json`],
    );
    expect((await b.store.getUpload(uploadId)).offset).toBe(clipBytes.length);
  });
});
