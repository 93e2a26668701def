import { readFile, utimes } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaKeys } from '../../storage/media-storage.ts';
import { createResumableStore } from '../../storage/resumable-store.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { rawKeyOf, readStored, storedKeys } from '../../test/stored-media.ts';
import { testMediaKind } from '../../test/test-media.ts';
import { expectBytes, GIF_BYTES, insertVideo, PNG_BYTES, videoRow } from './media.test-helpers.ts';
import {
  createUpload,
  headUpload,
  patchUpload,
  resumableFiles,
  TUS,
} from './resumable-uploads.test-support.ts';

const ctx = useTestApp({ env: { MAX_UPLOAD_BYTES: String(1024 ** 4) } });
let member: TestUser;
let clipBytes: Buffer;

beforeAll(async () => {
  member = await ctx.createUser('plateau');
  clipBytes = await readFile(await makeClip(clipsDir, '360p'));
});

/** The files one upload keeps in the unfinished uploads' folder. */
const filesOf = async (location: string) =>
  (await resumableFiles(ctx)).filter((file) => file.startsWith(location.split('/').pop()!));

const message = (body: string) => (JSON.parse(body) as { message: string }).message;

describe('a resumable video upload', () => {
  it('takes the file in pieces, tells the offset between them, and attaches it at the end', async () => {
    const id = await insertVideo(ctx);
    const created = await createUpload(ctx, member.auth, { length: clipBytes.length, videoId: id });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);

    const half = Math.floor(clipBytes.length / 2);
    const first = await patchUpload(ctx, member.auth, location, 0, clipBytes.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));
    const head = await headUpload(ctx, member.auth, location);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-length']).toBe(String(clipBytes.length));
    expect((await videoRow(ctx, id)).processing).toBe(0);

    const last = await patchUpload(ctx, member.auth, location, half, clipBytes.subarray(half));
    expect(last.statusCode, last.body).toBe(204);
    expect((await videoRow(ctx, id)).processing).toBe(1);
    expectBytes((await readStored(ctx, await rawKeyOf(ctx.database.db, id)))!, clipBytes);
    const name = location.split('/').pop()!;
    // Only a marker stay (and locally its description), no bytes: a client whose last answer
    // was lost learns from a HEAD that it is complete, and nothing can be sent to it again.
    expect((await filesOf(location)).sort()).toEqual(
      testMediaKind === 's3' ? [`${name}.finished`] : [`${name}.finished`, `${name}.json`],
    );
    const after = await headUpload(ctx, member.auth, location);
    expect(after.statusCode).toBe(200);
    expect(after.headers['upload-offset']).toBe(String(clipBytes.length));
    const again = await patchUpload(ctx, member.auth, location, clipBytes.length, Buffer.alloc(0));
    expect(again.statusCode).toBe(409);
    expect(message(again.body)).toBe('Cet envoi est déjà terminé');
    expect((await videoRow(ctx, id)).processing).toBe(1);
  });

  it('refuses a non-MP4 file at its end: the video is unchanged and nothing stays', async () => {
    const id = await insertVideo(ctx);
    const junk = Buffer.alloc(64 * 1024, 7);
    const created = await createUpload(ctx, member.auth, { length: junk.length, videoId: id });
    const location = created.headers.location as string;
    const last = await patchUpload(ctx, member.auth, location, 0, junk);
    expect(last.statusCode).toBe(400);
    expect(message(last.body)).toBe("Le fichier n'est pas une vidéo MP4 lisible");
    expect((await videoRow(ctx, id)).processing).toBe(0);
    expect((await storedKeys(ctx)).filter((file) => file.startsWith(`videos/${id}/`))).toEqual([]);
    expect(await filesOf(location)).toEqual([]);
  });

  it('takes a thumbnail, checked by content', async () => {
    const id = await insertVideo(ctx);
    const good = await createUpload(ctx, member.auth, {
      length: PNG_BYTES.length,
      videoId: id,
      kind: 'thumbnail',
    });
    const sent = await patchUpload(ctx, member.auth, good.headers.location as string, 0, PNG_BYTES);
    expect(sent.statusCode, sent.body).toBe(204);
    expectBytes((await readStored(ctx, mediaKeys.thumbnail(id)))!, PNG_BYTES);

    const gif = await createUpload(ctx, member.auth, {
      length: GIF_BYTES.length,
      videoId: id,
      kind: 'thumbnail',
    });
    const gifLocation = gif.headers.location as string;
    const refused = await patchUpload(ctx, member.auth, gifLocation, 0, GIF_BYTES);
    expect(refused.statusCode).toBe(400);
    expect(message(refused.body)).toBe("Le fichier n'est pas une image PNG ou JPEG");
    expectBytes((await readStored(ctx, mediaKeys.thumbnail(id)))!, PNG_BYTES);
    expect(await filesOf(gifLocation)).toEqual([]);
  });
});

describe('creating a resumable upload', () => {
  it('is refused to a visitor, a user and for a video being encoded, with nothing kept', async () => {
    const id = await insertVideo(ctx);
    const before = await resumableFiles(ctx);
    const user = await ctx.createUser('user');
    const visitor = await createUpload(ctx, {}, { length: 10, videoId: id });
    expect(visitor.statusCode).toBe(401);
    const plain = await createUpload(ctx, user.auth, { length: 10, videoId: id });
    expect(plain.statusCode).toBe(403);
    const missing = await createUpload(ctx, member.auth, { length: 10, videoId: 999_999 });
    expect(missing.statusCode).toBe(404);
    const encoding = await insertVideo(ctx, { processing: 2 });
    const busy = await createUpload(ctx, member.auth, { length: 10, videoId: encoding });
    expect(busy.statusCode).toBe(409);
    expect(message(busy.body)).toBe('La vidéo est en cours d’encodage : réessayez après');
    expect(await resumableFiles(ctx)).toEqual(before);
  });

  it('refuses a GDA video to a member without GDA access', async () => {
    const id = await insertVideo(ctx, { privacy: 2, gpaRestricted: true });
    const refused = await createUpload(ctx, member.auth, { length: 10, videoId: id });
    expect(refused.statusCode).toBe(403);
    const gda = await ctx.createUser('plateau', { gdaAccess: true });
    expect((await createUpload(ctx, gda.auth, { length: 10, videoId: id })).statusCode).toBe(201);
  });

  it('refuses a length over MAX_UPLOAD_BYTES or over the free disk, and a missing length', async () => {
    const id = await insertVideo(ctx);
    const before = await resumableFiles(ctx);
    const over = await createUpload(ctx, member.auth, { length: 1024 ** 4 + 1, videoId: id });
    expect(over.statusCode).toBe(413);
    expect(message(over.body)).toBe('Le fichier dépasse la taille maximale autorisée');
    // Under the limit (1 TiB here), over what this disk has free.
    const huge = await createUpload(ctx, member.auth, { length: 1024 ** 4 - 1, videoId: id });
    expect(huge.statusCode).toBe(507);
    expect(message(huge.body)).toBe(
      'Espace disque insuffisant sur le serveur, envoi refusé. Prévenez un geek.',
    );
    const deferred = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...TUS, ...member.auth, 'upload-defer-length': '1' },
    });
    expect(deferred.statusCode).toBe(400);
    expect(await resumableFiles(ctx)).toEqual(before);
  });

  it("is created at /api/uploads/ too, and answers CORS to the site's own pages only", async () => {
    const id = await insertVideo(ctx);
    const site = new URL(ctx.config.publicUrl).origin;
    const slashed = await createUpload(ctx, member.auth, {
      length: clipBytes.length,
      videoId: id,
      url: '/api/uploads/',
      headers: { origin: site },
    });
    expect(slashed.statusCode, slashed.body).toBe(201);
    expect(slashed.headers.location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    expect(slashed.headers['access-control-allow-origin']).toBe(site);
    const sent = await patchUpload(ctx, member.auth, slashed.headers.location!, 0, clipBytes);
    expect(sent.statusCode, sent.body).toBe(204);
    expect((await videoRow(ctx, id)).processing).toBe(1);

    const elsewhere = 'https://autre-site.example';
    const foreign = await createUpload(ctx, member.auth, {
      length: 10,
      videoId: await insertVideo(ctx),
      headers: { origin: elsewhere },
    });
    expect(foreign.statusCode).toBe(201);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    for (const url of ['/api/uploads', '/api/uploads/']) {
      const preflight = await ctx.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: elsewhere, 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode, url).toBe(204);
      expect(preflight.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });

  it('refuses bad metadata and a request without the tus version', async () => {
    const id = await insertVideo(ctx);
    const before = await resumableFiles(ctx);
    const poster = await createUpload(ctx, member.auth, {
      length: 10,
      videoId: id,
      kind: 'poster',
    });
    expect(poster.statusCode).toBe(400);
    expect(message(poster.body)).toMatch(/^Type d’envoi invalide/);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...TUS, ...member.auth, 'upload-length': '10', 'upload-metadata': 'kind ***' },
    });
    expect(broken.statusCode).toBe(400);
    const noVersion = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...member.auth, 'upload-length': '10' },
    });
    expect(noVersion.statusCode).toBe(412);
    expect(await resumableFiles(ctx)).toEqual(before);
  });
});

describe('sending to a resumable upload', () => {
  const begin = async (length: number) => {
    const id = await insertVideo(ctx);
    const created = await createUpload(ctx, member.auth, { length, videoId: id });
    return { id, location: created.headers.location as string };
  };

  it('refuses a wrong or malformed offset and bytes past the declared length', async () => {
    const { location } = await begin(100);
    const wrong = await patchUpload(ctx, member.auth, location, 5, Buffer.alloc(10));
    expect(wrong.statusCode).toBe(409);
    expect(message(wrong.body)).toMatch(/^Position d’envoi incorrecte/);
    const malformed = await ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...TUS,
        ...member.auth,
        'upload-offset': 'zéro',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(10),
    });
    expect(malformed.statusCode).toBe(400);
    const past = await patchUpload(ctx, member.auth, location, 0, Buffer.alloc(150));
    expect(past.statusCode).toBe(413);
    expect((await headUpload(ctx, member.auth, location)).headers['upload-offset']).toBe('0');
  });

  it('hides an upload from anyone but its uploader', async () => {
    const { location } = await begin(100);
    const other = await ctx.createUser('geek');
    expect((await headUpload(ctx, other.auth, location)).statusCode).toBe(404);
    const patch = await patchUpload(ctx, other.auth, location, 0, Buffer.alloc(10));
    expect(patch.statusCode).toBe(404);
    expect((await headUpload(ctx, {}, location)).statusCode).toBe(401);
    expect((await headUpload(ctx, member.auth, location)).headers['upload-offset']).toBe('0');
  });

  it('is cancelled by its uploader: the bytes go', async () => {
    const { location } = await begin(100);
    await patchUpload(ctx, member.auth, location, 0, Buffer.alloc(40));
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: location,
      headers: { ...TUS, ...member.auth },
    });
    expect(cancelled.statusCode).toBe(204);
    const name = location.split('/').pop()!;
    expect((await resumableFiles(ctx)).filter((file) => file.startsWith(name))).toEqual([]);
    expect((await headUpload(ctx, member.auth, location)).statusCode).toBe(404);
  });
});

// Ages the upload's files by hand; on a bucket, storage/s3-resumable.test.ts sweeps for real.
describe.skipIf(testMediaKind === 's3')('an unfinished upload', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600 * 1000);
  const ageUpload = async (location: string, hours: number) => {
    const file = path.join(ctx.config.mediaDir, '.uploads', location.split('/').pop()!);
    for (const name of [file, `${file}.json`]) await utimes(name, hoursAgo(hours), hoursAgo(hours));
  };
  const begin = async () => {
    const id = await insertVideo(ctx);
    const created = await createUpload(ctx, member.auth, { length: 100, videoId: id });
    const location = created.headers.location as string;
    const sent = await patchUpload(ctx, member.auth, location, 0, Buffer.alloc(40));
    return { location, sent };
  };

  it('expires a day after its last byte, not after its creation; a paused one stays', async () => {
    const { location: paused, sent } = await begin();
    const expires = Date.parse(sent.headers['upload-expires'] as string);
    expect(Math.abs(expires - (Date.now() + 24 * 3600 * 1000))).toBeLessThan(60_000);
    const { location: abandoned } = await begin();
    await ageUpload(paused, 23);
    await ageUpload(abandoned, 25);

    // Idle past its expiry, it is refused even before the sweep removes it.
    const late = await patchUpload(ctx, member.auth, abandoned, 40, Buffer.alloc(10));
    expect(late.statusCode).toBe(410);

    const store = createResumableStore(ctx.config.mediaDir, 24 * 3600 * 1000);
    expect(await store.deleteExpired()).toBe(1);
    expect((await headUpload(ctx, member.auth, abandoned)).statusCode).toBe(404);
    const resumed = await patchUpload(ctx, member.auth, paused, 40, Buffer.alloc(10));
    expect(resumed.statusCode).toBe(204);
    expect(resumed.headers['upload-offset']).toBe('50');
  });
});
