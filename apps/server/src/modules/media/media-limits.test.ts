import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { useTestApp } from '../../test/harness.ts';
import { scratchFiles, storedKeys } from '../../test/stored-media.ts';
import {
  insertVideo,
  multipart,
  PNG_BYTES,
  upload,
  uploadVideo,
  videoRow,
} from './media.test-helpers.ts';

describe('an upload over the size limit', () => {
  const ctx = useTestApp({ env: { MAX_UPLOAD_BYTES: '2048' } });

  it('is refused with 413 and leaves no file', async () => {
    const member = await ctx.createUser('plateau');
    const id = await insertVideo(ctx);
    const clip = await makeClip(clipsDir, '360p');
    const video = await uploadVideo(ctx, id, member.auth, clip);
    expect(video.statusCode).toBe(413);
    expect(video.json().message).toBe('Le fichier dépasse la taille maximale autorisée');
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(4096)]);
    const image = await upload(ctx, `/api/media/thumbnail/${id}`, member.auth, [
      { field: 'thumbnail_upload', content: big },
    ]);
    expect(image.statusCode).toBe(413);
    expect(await scratchFiles(ctx)).toEqual([]);
    expect(await storedKeys(ctx)).toEqual([]);
    const row = await videoRow(ctx, id);
    expect([row.processing, row.hasThumbnail]).toEqual([0, false]);

    // Under the limit still works.
    const small = await upload(ctx, `/api/media/thumbnail/${id}`, member.auth, [
      { field: 'thumbnail_upload', content: PNG_BYTES },
    ]);
    expect(small.statusCode).toBe(200);
    expect(await storedKeys(ctx)).toEqual([`videos/${id}/thumbnail`]);
  });
});

describe('an aborted upload', () => {
  const ctx = useTestApp();

  it('leaves no temporary file and no change when the client goes away mid-body', async () => {
    const member = await ctx.createUser('geek');
    const id = await insertVideo(ctx);
    const body = multipart([
      { field: 'video_upload', content: await readFile(await makeClip(clipsDir, '1080p-audio')) },
    ]);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      [
        `POST /api/media/video/${id} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Authorization: ${member.auth.authorization}`,
        `Content-Type: ${body.headers['content-type']}`,
        `Content-Length: ${body.payload.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(body.payload.subarray(0, Math.floor(body.payload.length / 2)));
    // The server is writing the first half to a temporary file...
    await vi.waitFor(async () => expect((await scratchFiles(ctx)).length).toBe(1), {
      timeout: 10_000,
    });
    socket.destroy();
    // ...and removes it once the connection is gone.
    await vi.waitFor(async () => expect(await scratchFiles(ctx)).toEqual([]), { timeout: 10_000 });
    expect(await storedKeys(ctx)).toEqual([]);
    expect((await videoRow(ctx, id)).processing).toBe(0);
  });
});

describe('a server without ffprobe', () => {
  const ctx = useTestApp({ extra: { extraDeps: { mediaBinaries: null } } });

  it('refuses video uploads before reading them, but still takes thumbnails', async () => {
    const member = await ctx.createUser('plateau');
    const id = await insertVideo(ctx);
    const clip = await makeClip(clipsDir, '360p');
    const video = await uploadVideo(ctx, id, member.auth, clip);
    expect(video.statusCode).toBe(503);
    expect((await videoRow(ctx, id)).processing).toBe(0);
    const image = await upload(ctx, `/api/media/thumbnail/${id}`, member.auth, [
      { field: 'thumbnail_upload', content: PNG_BYTES },
    ]);
    expect(image.statusCode).toBe(200);
    expect(await scratchFiles(ctx)).toEqual([]);
  });
});
