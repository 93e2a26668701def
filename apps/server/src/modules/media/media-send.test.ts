import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { rename, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaKeys } from '../../storage/media-storage.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { putStored } from '../../test/seed-media.ts';
import { testMediaKind } from '../../test/test-media.ts';
import { expectBytes, insertVideo } from './media.test-helpers.ts';

/**
 * Plateau sending the bytes itself, over a real socket (inject copies every chunk, so a read
 * buffer reused too early would not show there): the bytes of the file as it is now, from a
 * descriptor shared between requests and released by each (local disk), or streamed from the
 * bucket (server-s3, S3_DELIVERY=proxy) with the same answers.
 */
const ctx = useTestApp();

const MIB = 1024 * 1024;
let origin = '';
let user: TestUser;

const putRung = (id: number, content: Buffer) =>
  putStored(ctx.storage, mediaKeys.rung(id, 720, 0), content);

const newStream = async (content: Buffer) => {
  const id = await insertVideo(ctx, { privacy: 1, processing: 3, rungs: [720] });
  await putRung(id, content);
  return { id, url: `${origin}/api/media/video/${id}/720?token=${user.token}` };
};

const get = async (url: string, headers: Record<string, string> = {}, method = 'GET') => {
  const response = await fetch(url, { headers, method });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
};

/** No descriptor left leased (the local disk's; a bucket's reads hold none). */
const idle = () => {
  if (testMediaKind === 'local') expect(ctx.storage.localFiles!.openFileCounts().leased).toBe(0);
};

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  user = await ctx.createUser('user');
});

describe('ranges sent by Plateau', () => {
  it('are the bytes of the file, many at once: first, last, suffix, over several chunks', async () => {
    const content = randomBytes(6 * MIB + 321);
    const { url } = await newStream(content);
    const size = content.length;
    const ranges: [string, number, number][] = [
      ['bytes=0-0', 0, 1],
      [`bytes=${size - 1}-${size - 1}`, size - 1, size],
      [`bytes=${size - 1}-`, size - 1, size],
      ['bytes=-1000', size - 1000, size],
      [`bytes=${MIB - 7}-${4 * MIB + 5}`, MIB - 7, 4 * MIB + 6],
      [`bytes=100-${size + 5000}`, 100, size],
    ];
    for (let i = 0; i < 20; i += 1) {
      const start = Math.floor(Math.random() * (size - MIB));
      ranges.push([`bytes=${start}-${start + MIB - 1}`, start, start + MIB]);
    }
    await Promise.all(
      ranges.map(async ([range, start, end]) => {
        const { response, body } = await get(url, { range });
        expect(response.status, range).toBe(206);
        expect(response.headers.get('content-range'), range).toBe(
          `bytes ${start}-${end - 1}/${size}`,
        );
        expect(response.headers.get('content-length'), range).toBe(String(end - start));
        expect(response.headers.get('accept-ranges')).toBe('bytes');
        expect(response.headers.get('content-type')).toBe('video/mp4');
        expect(response.headers.get('cache-control')).toBe('private, no-store');
        expectBytes(body, content.subarray(start, end));
      }),
    );
    const whole = await get(url);
    expect(whole.response.status).toBe(200);
    expectBytes(whole.body, content);
    idle();
  });

  it('keeps the answers @fastify/send gives: HEAD, 304, 412, 416, If-Range', async () => {
    const content = randomBytes(1000);
    const { url } = await newStream(content);
    const head = await get(url, { range: 'bytes=10-19' }, 'HEAD');
    expect(head.response.status).toBe(206);
    expect(head.response.headers.get('content-length')).toBe('10');
    expect(head.body.length).toBe(0);
    const whole = await get(url);
    const etag = whole.response.headers.get('etag')!;
    // The local file's weak tag from its size and time, or the object's own (its MD5).
    expect(etag).toMatch(testMediaKind === 'local' ? /^W\/"3e8-[0-9a-f]+"$/ : /^"[0-9a-f]{32}"$/);
    expect(whole.response.headers.get('last-modified')).toBeTruthy();

    // fetch adds `cache-control: no-cache` to conditional requests, which @fastify/send
    // answers in full (a reload); a player's cache revalidating sends no such header.
    const notModified = await get(url, { 'if-none-match': etag, 'cache-control': 'max-age=0' });
    expect(notModified.response.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    const changed = await get(url, { 'if-match': '"autre"' });
    expect(changed.response.status).toBe(412);
    expect(JSON.parse(changed.body.toString()).message).toBe('Le fichier a changé');
    const beyond = await get(url, { range: 'bytes=1000-' });
    expect(beyond.response.status).toBe(416);
    expect(beyond.response.headers.get('content-range')).toBe('bytes */1000');
    expect(JSON.parse(beyond.body.toString()).message).toBe('Plage demandée hors du fichier');
    const kept = await get(url, { range: 'bytes=5-9', 'if-range': etag });
    expect(kept.response.status).toBe(206);
    expectBytes(kept.body, content.subarray(5, 10));
    const stale = await get(url, { range: 'bytes=5-9', 'if-range': '"ancien"' });
    expect(stale.response.status).toBe(200);
    expectBytes(stale.body, content);
    idle();
  });

  it('follow the file: a replaced one sends its new bytes at once, a deleted one 404', async () => {
    const first = randomBytes(2 * MIB);
    const { id, url } = await newStream(first);
    const range = { range: `bytes=${MIB}-${MIB + 99}` };
    expectBytes((await get(url, range)).body, first.subarray(MIB, MIB + 100));
    // Re-encoded: the same size, committed over it while its descriptor is kept open.
    const second = randomBytes(2 * MIB);
    await putRung(id, second);
    const after = await get(url, range);
    expect(after.response.status).toBe(206);
    expectBytes(after.body, second.subarray(MIB, MIB + 100));
    // Replaced by another process (on the disk: a plain rename), then deleted.
    const third = randomBytes(MIB);
    const key = mediaKeys.rung(id, 720, 0);
    if (testMediaKind === 'local') {
      const path = ctx.storage.localFiles!.localPath(key);
      await writeFile(`${path}.other`, third);
      await rename(`${path}.other`, path);
    } else await putRung(id, third);
    expectBytes((await get(url)).body, third);
    await ctx.storage.remove(key);
    const missing = await get(url, range);
    expect(missing.response.status).toBe(404);
    expect(missing.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(missing.body.toString()).message).toBe('Fichier introuvable');
    idle();
  });

  it('an aborted request releases its descriptor, and the next ones are served', async () => {
    const content = randomBytes(16 * MIB);
    const { url } = await newStream(content);
    const { pathname, search } = new URL(url);
    for (let i = 0; i < 3; i += 1) {
      const socket = net.connect(Number(new URL(origin).port), '127.0.0.1');
      await once(socket, 'connect');
      socket.write(`GET ${pathname}${search} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      // Some of the answer arrives, then the client goes away without reading the rest.
      await once(socket, 'data');
      socket.destroy();
    }
    await vi.waitFor(idle, { timeout: 10_000 });
    const part = await get(url, { range: `bytes=${8 * MIB}-${10 * MIB}` });
    expectBytes(part.body, content.subarray(8 * MIB, 10 * MIB + 1));
    idle();
  });
});
