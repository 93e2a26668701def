import { readFile } from 'node:fs/promises';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatBytes } from '../../config/disk-floor.ts';
import { createDiskGuard, type DiskSpace } from '../../storage/free-space.ts';
import { createResumableStore } from '../../storage/resumable-store.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { testMediaKind } from '../../test/test-media.ts';
import { rawKeyOf, scratchFiles, storedKeys } from '../../test/stored-media.ts';
import {
  directRow,
  insertDirect,
  insertVideo,
  PNG_BYTES,
  upload,
  uploadVideo,
  videoRow,
} from './media.test-helpers.ts';
import { createUpload, resumableFiles } from './resumable-uploads.test-support.ts';

const GiB = 1024 ** 3;
const MESSAGE = 'Espace disque insuffisant sur le serveur, envoi refusé. Prévenez un geek.';

/** A 100 GiB disk whose free space the tests set; the floor is 1 GiB (DISK_FREE_FLOOR=1GB). */
const disk: DiskSpace = { available: 0, total: 100 * GiB };
const warnings: string[] = [];
const ctx = useTestApp({
  env: { DISK_FREE_FLOOR: '1GB' },
  extra: {
    extraDeps: {
      diskGuard: createDiskGuard({
        folder: '/unused',
        floor: { bytes: GiB },
        space: async () => ({ ...disk }),
        // The app's own rule: what unfinished resumable uploads still have to write is taken.
        promised: () => createResumableStore(ctx.config, 3600_000).promisedBytes(),
      }),
    },
    logger: {
      level: 'warn',
      stream: { write: (line: string) => warnings.push(JSON.parse(line).msg as string) },
    },
  },
});
let member: TestUser;
let clip: string;

beforeAll(async () => {
  member = await ctx.createUser('plateau');
  clip = await makeClip(clipsDir, '360p');
});
beforeEach(() => {
  warnings.length = 0;
});

/** Everything an upload could have left: rows, stored files, temporaries, tus uploads. */
const snapshot = async (id: number) => ({
  row: await videoRow(ctx, id),
  stored: await storedKeys(ctx),
  temp: await scratchFiles(ctx),
  resumable: await resumableFiles(ctx),
});

describe('the disk floor (DISK_FREE_FLOOR) at the start of an upload', () => {
  it('refuses a multipart video that would go below the floor, before reading it: 507, nothing written', async () => {
    const id = await insertVideo(ctx, { processing: 0 });
    const size = (await readFile(clip)).length;
    // The file fits in what is free, but not above the floor.
    disk.available = GiB + size - 1;
    const before = await snapshot(id);
    const refused = await uploadVideo(ctx, id, member.auth, clip);
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({
      statusCode: 507,
      error: 'Insufficient Storage',
      message: MESSAGE,
    });
    expect(await snapshot(id)).toEqual(before);
    expect(before.row.processing).toBe(0);
    expect(before.stored.filter((file) => file.startsWith(`videos/${id}/`))).toEqual([]);
    // Refused before the body is read: a body that would be a 400 once read is a 507 too.
    const unread = await upload(ctx, `/api/media/video/${id}`, member.auth, [
      { field: 'wrong_field', content: await readFile(clip) },
    ]);
    expect([unread.statusCode, unread.json().message]).toEqual([507, MESSAGE]);
    expect(await snapshot(id)).toEqual(before);
    // The geek reads why in the log: the numbers and the setting.
    expect(warnings).toEqual([
      expect.stringMatching(/^upload refused, .*floor 1 GiB/),
      expect.stringMatching(/^upload refused, .*floor 1 GiB/),
    ]);

    // With room for the file above the floor, the same upload goes through.
    disk.available = GiB + 2 * size + 1024 ** 2;
    const accepted = await uploadVideo(ctx, id, member.auth, clip);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await videoRow(ctx, id)).processing).toBe(1);
    expect(await storedKeys(ctx)).toContain(await rawKeyOf(ctx.database.db, id));
  });

  it('refuses a thumbnail and a poster once below the floor, whatever their size', async () => {
    const geek = await ctx.createUser('geek');
    const id = await insertVideo(ctx, { processing: 0 });
    const direct = await insertDirect(ctx);
    disk.available = GiB - 1;
    const before = await snapshot(id);
    const thumbnail = await upload(ctx, `/api/media/thumbnail/${id}`, member.auth, [
      { field: 'thumbnail_upload', content: PNG_BYTES, filename: 'image.png' },
    ]);
    const poster = await upload(ctx, `/api/media/poster/${direct}`, geek.auth, [
      { field: 'poster_upload', content: PNG_BYTES, filename: 'image.png' },
    ]);
    expect([thumbnail.statusCode, poster.statusCode]).toEqual([507, 507]);
    expect([thumbnail.json().message, poster.json().message]).toEqual([MESSAGE, MESSAGE]);
    expect(await snapshot(id)).toEqual(before);
    expect(before.row.hasThumbnail).toBe(false);
    expect((await directRow(ctx, direct)).hasPoster).toBe(false);
  });

  it('refuses a resumable upload whose length would go below the floor: 507, no upload kept', async () => {
    const id = await insertVideo(ctx, { processing: 0 });
    disk.available = GiB + 10 * 1024 ** 2;
    const before = await snapshot(id);
    const refused = await createUpload(ctx, member.auth, {
      length: 10 * 1024 ** 2 + 1,
      videoId: id,
    });
    expect(refused.statusCode).toBe(507);
    expect(JSON.parse(refused.body)).toMatchObject({ statusCode: 507, message: MESSAGE });
    expect(await snapshot(id)).toEqual(before);
    expect(before.resumable).toEqual([]);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^upload refused, .*: needs 10 MiB, 1 GiB free, floor 1 GiB \(DISK_FREE_FLOOR\)$/,
      ),
    ]);

    // Exactly down to the floor is allowed.
    const fits = await createUpload(ctx, member.auth, { length: 10 * 1024 ** 2, videoId: id });
    expect(fits.statusCode, fits.body).toBe(201);
    // Its description and (locally) its empty data file; on a bucket, the description only.
    expect(await resumableFiles(ctx)).toHaveLength(testMediaKind === 's3' ? 1 : 2);
  });

  // On a bucket the parts wait there, but each finish is checked on a whole copy in scratch.
  it('counts what accepted uploads still have to write: the next one is refused', async () => {
    const first = await insertVideo(ctx, { processing: 0 });
    const second = await insertVideo(ctx, { processing: 0 });
    // 30 MiB above the floor, besides what earlier tests' uploads still owe.
    const owed = await createResumableStore(ctx.config, 3600_000).promisedBytes();
    disk.available = GiB + owed + 30 * 1024 ** 2;
    const accepted = await createUpload(ctx, member.auth, {
      length: 20 * 1024 ** 2,
      videoId: first,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const before = await resumableFiles(ctx);
    const refused = await createUpload(ctx, member.auth, {
      length: 20 * 1024 ** 2,
      videoId: second,
    });
    expect(refused.statusCode).toBe(507);
    expect(await resumableFiles(ctx)).toEqual(before);
    expect(warnings).toEqual([
      expect.stringContaining(
        `needs 20 MiB, ${formatBytes(disk.available)} free, ${formatBytes(owed + 20 * 1024 ** 2)} promised to uploads`,
      ),
    ]);
  });

  it('still answers a visitor 401 and a user 403 first: the disk is nobody else’s business', async () => {
    const id = await insertVideo(ctx, { processing: 0 });
    disk.available = 0;
    const user = await ctx.createUser('user');
    expect((await uploadVideo(ctx, id, {}, clip)).statusCode).toBe(401);
    expect((await uploadVideo(ctx, id, user.auth, clip)).statusCode).toBe(403);
    expect((await createUpload(ctx, user.auth, { length: 10, videoId: id })).statusCode).toBe(403);
    expect(warnings).toEqual([]);
  });
});
