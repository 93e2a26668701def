import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { videoCaptions } from '../db/schema.ts';
import { writeRenditionIndex } from '../media-tools/rendition-index.ts';
import { FRAGMENTED_MOVFLAGS } from '../media-tools/tee-targets.ts';
import { mediaKeys } from '../storage/media-storage.ts';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../storage/storage-errors.ts';
import { useTestApp, type TestContext, type TestUser } from '../test/harness.ts';
import { putStored } from '../test/seed-media.ts';
import { startStoreProxy } from '../test/store-proxy.ts';
import { expectBytes, insertVideo } from '../modules/media/media.test-helpers.ts';
import { attachmentDisposition } from './media-send.ts';

/**
 * Media in the bucket (server-s3 only): S3_DELIVERY=redirect hands a granted viewer a short-lived
 * presigned URL and a refused one nothing; a store that is down, hung or cut off mid-body gives
 * 503s in French (or a cut response), never a 500 or a hang, and serving comes back by itself.
 * The ranges, HEAD and conditions of S3_DELIVERY=proxy are media-send.test.ts's, run here too.
 */
const store = inject('objectStore');
if (!store) throw new Error('s3-delivery.test.ts needs the object store (server-s3 project)');
// Between Plateau and the store, for the failures: the store itself is shared by the run.
const relay = await startStoreProxy(store.endpoint);
afterAll(() => relay.close());

const redirect = useTestApp({ env: { S3_DELIVERY: 'redirect' } });
const relayed = useTestApp({ env: { S3_ENDPOINT: relay.endpoint, S3_DELIVERY: 'proxy' } });
const relayedRedirect = useTestApp({
  env: { S3_ENDPOINT: relay.endpoint, S3_DELIVERY: 'redirect' },
});

const KIB = 1024;
let visitorUrlBase = '';
const users = {} as Record<'member' | 'memberGda', TestUser>;

const publishedVideo = async (
  ctx: TestContext,
  values: Parameters<typeof insertVideo>[1],
  rung = 720,
  content: Buffer = randomBytes(300 * KIB),
) => {
  const id = await insertVideo(ctx, { processing: 3, rungs: [rung], ...values });
  await putStored(ctx.storage, mediaKeys.rung(id, rung, 0), content);
  return { id, content };
};

beforeAll(async () => {
  users.member = await redirect.createUser('plateau');
  users.memberGda = await redirect.createUser('plateau', { gdaAccess: true });
  await relayed.app.listen({ port: 0, host: '127.0.0.1' });
  visitorUrlBase = `http://127.0.0.1:${(relayed.app.server.address() as AddressInfo).port}`;
});

describe('S3_DELIVERY=redirect', () => {
  const stream = (id: number, headers: Record<string, string> = {}, rung = 720) =>
    redirect.app.inject({ method: 'GET', url: `/api/media/video/${id}/${rung}`, headers });

  it('sends a granted viewer to the store, whose URL serves the bytes and their ranges', async () => {
    const { id, content } = await publishedVideo(redirect, { privacy: 0 });
    const answer = await stream(id, { range: 'bytes=0-99' });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    // The page lets the player read from the store (hls.js fetches, a rung plays, sprites show).
    const policy = String(answer.headers['content-security-policy']);
    for (const directive of ['connect-src', 'media-src', 'img-src'])
      expect(policy).toMatch(new RegExp(`${directive} [^;]*${store.endpoint}`));
    const location = answer.headers.location!;
    expect(location.startsWith(`${store.endpoint}/`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');

    const range = await fetch(location, { headers: { range: 'bytes=1000-1999' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 1000-1999/${content.length}`);
    expect(range.headers.get('content-type')).toBe('video/mp4');
    expectBytes(Buffer.from(await range.arrayBuffer()), content.subarray(1000, 2000));
    const suffix = await fetch(location, { headers: { range: 'bytes=-10' } });
    expectBytes(Buffer.from(await suffix.arrayBuffer()), content.subarray(-10));

    // The next ranges of the player (its grant kept) are sent on without asking the store.
    const again = await stream(id, { range: 'bytes=100-199' });
    expect(again.statusCode).toBe(302);
  });

  it('names the download in the store’s answer, accents kept', async () => {
    const title = 'Soirée « Théâtre » à l’auditorium';
    const { id, content } = await publishedVideo(redirect, { privacy: 0, title }, 1080);
    const answer = await redirect.app.inject({
      method: 'GET',
      url: `/api/media/video/download/${id}/1080`,
    });
    expect(answer.statusCode).toBe(302);
    const download = await fetch(answer.headers.location!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(attachmentDisposition(title, '.mp4'));
    expectBytes(Buffer.from(await download.arrayBuffer()), content);
    const part = await fetch(answer.headers.location!, { headers: { range: 'bytes=5-9' } });
    expect(part.status).toBe(206);
    expectBytes(Buffer.from(await part.arrayBuffer()), content.subarray(5, 10));
  });

  it('gives no URL to whoever may not watch a members-only or CS video', async () => {
    const members = await publishedVideo(redirect, { privacy: 1 });
    const cs = await publishedVideo(redirect, { privacy: 2, gpaRestricted: true });
    const refusals: [number, Record<string, string>, number][] = [
      [members.id, {}, 401],
      [cs.id, {}, 401],
      [cs.id, users.member.auth, 403],
    ];
    for (const [id, headers, status] of refusals) {
      const answer = await stream(id, headers);
      expect(answer.statusCode).toBe(status);
      expect(answer.headers.location).toBeUndefined();
      const download = await redirect.app.inject({
        method: 'GET',
        url: `/api/media/video/download/${id}/1080`,
        headers,
      });
      expect(download.statusCode).toBe(status);
      expect(download.headers.location).toBeUndefined();
    }
    expect((await stream(members.id, users.member.auth)).statusCode).toBe(302);
    expect((await stream(cs.id, users.memberGda.auth)).statusCode).toBe(302);
  });

  it('lets an adaptive player follow its playlist to the store, byte range by byte range', async () => {
    // A fragmented 240p rendition and its index, as an encode leaves them.
    const clip = path.join(redirect.dataDir, 'hls-240.mp4');
    await promisify(execFile)(process.env.FFMPEG_PATH || 'ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30:duration=4'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
      ...['-g', '60', '-keyint_min', '60', '-sc_threshold', '0'],
      ...['-movflags', FRAGMENTED_MOVFLAGS, '-f', 'mp4', clip],
    ]);
    const id = await insertVideo(redirect, { privacy: 0, processing: 3, rungs: [240] });
    const index = await writeRenditionIndex(redirect.storage, { rung: 240, file: clip }, '.json');
    await redirect.storage.commit(index, mediaKeys.rungIndex(id, 240, 0));
    await putStored(redirect.storage, mediaKeys.rung(id, 240, 0), { file: clip });
    const bytes = await readFile(clip);

    const playlistUrl = `/api/media/hls/${id}/240.m3u8`;
    const playlist = await redirect.app.inject({ method: 'GET', url: playlistUrl });
    expect(playlist.statusCode).toBe(200);
    const [, size, start, segment] =
      /#EXT-X-BYTERANGE:(\d+)@(\d+)\n([^\n]+)/.exec(playlist.body) ?? [];
    expect(segment).toBeDefined();
    const first = Number(start);
    const last = first + Number(size) - 1;
    const target = new URL(segment!, `http://plateau${playlistUrl}`);
    expect(target.pathname).toBe(`/api/media/video/${id}/240`);
    const range = `bytes=${first}-${last}`;
    const answer = await redirect.app.inject({
      method: 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { range },
    });
    expect(answer.statusCode).toBe(302);
    const fragment = await fetch(answer.headers.location!, { headers: { range } });
    expect(fragment.status).toBe(206);
    expectBytes(Buffer.from(await fragment.arrayBuffer()), bytes.subarray(first, last + 1));
  });

  it('streams captions itself: a <track> cannot follow a redirect to the store', async () => {
    const { id } = await publishedVideo(redirect, { privacy: 1 });
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nBonjour, élèves !\n';
    await putStored(redirect.storage, mediaKeys.caption(id, 'fr', 0), Buffer.from(vtt));
    await redirect.database.db.insert(videoCaptions).values({ videoId: id, language: 'fr' });
    const url = `/api/media/captions/${id}/fr.vtt`;
    const answer = await redirect.app.inject({ url, headers: users.member.auth });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.body).toBe(vtt);
    expect((await redirect.app.inject({ url })).statusCode).toBe(401);
    // The rendition beside it still goes to the store.
    expect((await stream(id, users.member.auth)).statusCode).toBe(302);
  });

  it('answers the JSON 404 for a file missing from the bucket, with no URL', async () => {
    // The folder is in the bucket (its 480 rung is), not its 720 rung.
    const { id } = await publishedVideo(redirect, { privacy: 0, rungs: [480, 720] }, 480);
    const answer = await stream(id);
    expect(answer.statusCode).toBe(404);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.json().message).toBe('Fichier introuvable');
  });
});

describe('S3_DELIVERY=proxy', () => {
  it('lets go of the store when viewers leave mid-body: more than its 50 connections, then served', async () => {
    const { id, content } = await publishedVideo(
      relayed,
      { privacy: 0 },
      720,
      randomBytes(4096 * KIB),
    );
    const url = `${visitorUrlBase}/api/media/video/${id}/720`;
    for (let i = 0; i < 60; i += 1) {
      // A raw socket: some of the answer arrives, then the viewer goes away without the rest.
      const socket = net.connect(Number(new URL(visitorUrlBase).port), '127.0.0.1');
      await once(socket, 'connect');
      socket.write(`GET ${new URL(url).pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await once(socket, 'data');
      socket.destroy();
    }
    // A body left open would hold one of the SDK's 50 sockets: the next read would wait for one.
    const whole = await fetch(url);
    expectBytes(Buffer.from(await whole.arrayBuffer()), content);
  });
});

describe('a store that fails', () => {
  const url = (id: number) => `/api/media/video/${id}/720`;
  const health = async () => {
    const answer = await relayed.app.inject({ method: 'GET', url: '/api/health' });
    return answer.json<{ storage?: string }>().storage;
  };

  it('answers 503 in French while it is down, and serves again once it is back, without a restart', async () => {
    const { id, content } = await publishedVideo(relayed, { privacy: 0 });
    const range = { range: 'bytes=10-19' };
    expect((await relayed.app.inject({ url: url(id), headers: range })).statusCode).toBe(206);

    await relay.stop();
    const down = await relayed.app.inject({ url: url(id), headers: range });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: STORAGE_UNAVAILABLE_MESSAGE,
    });
    const healthDown = await relayed.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthDown.statusCode).toBe(503);
    expect(healthDown.json().storage).toBe('unreachable');

    await relay.start();
    const back = await relayed.app.inject({ url: url(id), headers: range });
    expect(back.statusCode).toBe(206);
    expectBytes(back.rawPayload, content.subarray(10, 20));
    // The health's storage answer is kept a few seconds.
    await vi.waitFor(async () => expect(await health()).toBe('ok'), { timeout: 10_000 });
  });

  it('answers 503, not a redirect to the stopped store, to a viewer granted a moment before', async () => {
    const { id } = await publishedVideo(relayedRedirect, { privacy: 0 });
    const range = { range: 'bytes=10-19' };
    const first = await relayedRedirect.app.inject({ url: url(id), headers: range });
    expect(first.statusCode).toBe(302);
    await relay.stop();
    try {
      // Within MEDIA_ACCESS_TTL: the viewer's grant for this file is still kept.
      const down = await relayedRedirect.app.inject({ url: url(id), headers: range });
      expect(down.statusCode).toBe(503);
      expect(down.headers.location).toBeUndefined();
      expect(down.json().message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
    } finally {
      await relay.start();
    }
    const back = await relayedRedirect.app.inject({ url: url(id), headers: range });
    expect(back.statusCode).toBe(302);
  });

  it('cuts a response the store breaks off, and serves the next one', async () => {
    const { id, content } = await publishedVideo(
      relayed,
      { privacy: 0 },
      720,
      randomBytes(4096 * KIB),
    );
    relay.cutAfter(512 * KIB);
    const cut = await fetch(`${visitorUrlBase}${url(id)}`);
    expect(cut.status).toBe(200);
    await expect(cut.arrayBuffer()).rejects.toThrow();
    relay.cutAfter(Number.POSITIVE_INFINITY);
    const whole = await fetch(`${visitorUrlBase}${url(id)}`);
    expect(whole.status).toBe(200);
    expectBytes(Buffer.from(await whole.arrayBuffer()), content);
  });

  it('answers 503 when it takes requests and never answers, instead of waiting', async () => {
    const { id } = await publishedVideo(relayed, { privacy: 0 });
    relay.hang();
    try {
      const started = Date.now();
      const hung = await relayed.app.inject({ url: url(id) });
      expect(hung.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      await relay.start();
    }
  }, 40_000);
});
