import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captionUploadField } from '@plateau/contract';
import { writeRenditionIndex } from '../../media-tools/rendition-index.ts';
import { FRAGMENTED_MOVFLAGS } from '../../media-tools/tee-targets.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { testTmpDir } from '../../test/test-env.ts';
import { insertVideo, multipart } from './media.test-helpers.ts';

/**
 * Captions in the adaptive manifests: the master playlist lists them as one subtitles group,
 * and each language has a media playlist whose one segment is the caption's WebVTT file, under
 * the same refusals and caching as the other playlists.
 */
const run = promisify(execFile);
const ctx = useTestApp();
const dir = path.join(testTmpDir, `hls-captions-${process.pid}`);
const clip = path.join(dir, '240.mp4');
const users: Record<'member' | 'memberGda', TestUser> = {} as never;
let open = 0;
let restricted = 0;

/** A 5 s fragmented 240p rendition (fragments of 2, 2 and 1 s), as an encode leaves it. */
const makeRendition = () =>
  run(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30:duration=5'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
    ...['-g', '60', '-keyint_min', '60', '-sc_threshold', '0'],
    ...['-movflags', FRAGMENTED_MOVFLAGS, '-use_editlist', '1', '-f', 'mp4', clip],
  ]);

/** Stores the clip as video `id`'s 240 rung, with its index, as the encoder does. */
const storeRendition = async (id: number) => {
  const file = await ctx.storage.writeTemp(createReadStream(clip), '.mp4');
  const index = await writeRenditionIndex(ctx.storage, { rung: 240, file }, '.json');
  await ctx.storage.commit(file, mediaKeys.rung(id, 240, 0));
  await ctx.storage.commit(index, mediaKeys.rungIndex(id, 240, 0));
};

beforeAll(async () => {
  await mkdir(dir, { recursive: true });
  await makeRendition();
  users.member = await ctx.createUser('plateau');
  users.memberGda = await ctx.createUser('plateau', { gdaAccess: true });
  open = await insertVideo(ctx, { privacy: 0, processing: 3, rungs: [240] });
  // A CS video: access 2 and reserved to the GDA.
  restricted = await insertVideo(ctx, {
    privacy: 2,
    gpaRestricted: true,
    processing: 3,
    rungs: [240],
  });
  await Promise.all([storeRendition(open), storeRendition(restricted)]);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });

const sendCaption = async (id: number, language: string, text: string) => {
  const body = multipart([{ field: captionUploadField, content: Buffer.from(text) }]);
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/media/captions/${id}/${language}`,
    headers: { ...users.memberGda.auth, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(200);
};

const removeCaption = async (id: number, language: string) => {
  const response = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/media/captions/${id}/${language}`,
    headers: users.memberGda.auth,
  });
  expect(response.statusCode).toBe(200);
};

/** The one URI of a playlist's lines, resolved against the playlist's URL. */
const segmentUrl = (text: string, base: string) => {
  const uris = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  expect(uris).toHaveLength(1);
  const url = new URL(uris[0]!, `http://plateau${base}`);
  return url.pathname + url.search;
};

const vtt = (words: string) => `WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n${words}\n`;

describe('captions in the master playlist', () => {
  it('adds a subtitles group once a caption exists, and changes its ETag at each change', async () => {
    const url = `/api/media/hls/${open}/master.m3u8`;
    const none = await get(url);
    expect(none.statusCode).toBe(200);
    expect(none.body).not.toContain('SUBTITLES');

    await sendCaption(open, 'fr', vtt('Bonjour à tous'));
    const added = await get(url);
    expect(added.body).toContain(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="sous-titres",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=NO,URI="captions/fr.m3u8?v=0"\n',
    );
    expect(added.body).toMatch(
      /#EXT-X-STREAM-INF:[^\n]*,SUBTITLES="sous-titres"\n240\.m3u8\?v=0\n/,
    );
    expect(added.headers.etag).not.toBe(none.headers.etag);

    // The same text, a newer file: the tag still changes, a cache must not keep the old one.
    await sendCaption(open, 'fr', vtt('Bonjour à toutes et à tous'));
    const replaced = await get(url, { 'if-none-match': String(added.headers.etag) });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body).toBe(added.body);
    expect(replaced.headers.etag).not.toBe(added.headers.etag);
    const unchanged = await get(url, { 'if-none-match': String(replaced.headers.etag) });
    expect(unchanged.statusCode).toBe(304);

    await removeCaption(open, 'fr');
    const removed = await get(url);
    expect(removed.body).toBe(none.body);
    expect(removed.headers.etag).toBe(none.headers.etag);
  });
});

describe('GET /api/media/hls/:id/captions/:language.m3u8', () => {
  it('answers an allowed viewer one segment, the caption’s WebVTT, lasting the video', async () => {
    await sendCaption(open, 'en', vtt('Hello everyone'));
    const url = `/api/media/hls/${open}/captions/en.m3u8`;
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(response.headers['cache-control']).toBe('public, max-age=0');
    expect(response.body).toContain('#EXT-X-TARGETDURATION:5\n');
    expect(response.body).toContain('#EXTINF:5.000000,\n');
    expect(response.body).toContain('#EXT-X-ENDLIST\n');
    const segment = segmentUrl(response.body, url);
    expect(segment).toBe(`/api/media/captions/${open}/en.vtt?v=0`);
    const file = await get(segment);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(vtt('Hello everyone'));
    expect((await get(url, { 'if-none-match': String(response.headers.etag) })).statusCode).toBe(
      304,
    );
  });

  it('refuses a visitor a CS video’s captions playlist; carries a member’s token', async () => {
    await sendCaption(restricted, 'fr', vtt('Réservé'));
    const url = `/api/media/hls/${restricted}/captions/fr.m3u8`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(`/api/media/hls/${restricted}/master.m3u8`)).statusCode).toBe(401);
    expect((await get(url, users.member.auth)).statusCode).toBe(403);
    const granted = await get(url, users.memberGda.auth);
    expect(granted.statusCode).toBe(200);
    expect(granted.headers['cache-control']).toBe('private, no-store');

    const token = users.memberGda.token;
    const master = await get(`/api/media/hls/${restricted}/master.m3u8?token=${token}`);
    expect(master.body).toContain(`URI="captions/fr.m3u8?v=0&token=${encodeURIComponent(token)}"`);
    const tokened = await get(`${url}?token=${token}`);
    expect(tokened.statusCode).toBe(200);
    const segment = segmentUrl(tokened.body, url);
    expect(segment).toBe(
      `/api/media/captions/${restricted}/fr.vtt?v=0&token=${encodeURIComponent(token)}`,
    );
    expect((await get(segment)).statusCode).toBe(200);
  });

  it('answers 404 for a language without captions or an unknown video, 400 for a bad code', async () => {
    const missing = await get(`/api/media/hls/${open}/captions/de.m3u8`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Aucun sous-titre dans cette langue pour cette vidéo');
    expect((await get('/api/media/hls/999999/captions/fr.m3u8')).statusCode).toBe(404);
    expect((await get(`/api/media/hls/${open}/captions/fra.m3u8`)).statusCode).toBe(400);
  });
});
