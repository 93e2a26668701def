import { copyFile, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { locateMediaBinaries } from '../../media-tools/binaries.ts';
import { runFfmpeg } from '../../media-tools/ffmpeg-runner.ts';
import { probeVideo } from '../../media-tools/probe.ts';
import {
  buildStoryboardArgs,
  buildStoryboardVtt,
  storyboardLayout,
} from '../../media-tools/storyboard.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { readStored } from '../../test/stored-media.ts';
import { insertVideo } from './media.test-helpers.ts';

/**
 * Seek previews are served under the rule of the video's renditions: the same refusals, the
 * same `?token=` for players, and a track whose image URL works from where the track was read.
 */
const ctx = useTestApp();

const users: Record<'user' | 'plateauGda' | 'geek', TestUser> = {} as never;
/** public, published, with a storyboard. */
let open = 0;
/** privacy 2 + gpa_restricted (the CS videos), published, with a storyboard. */
let restricted = 0;
/** members only (privacy 1), published, with a storyboard. */
let members = 0;
/** public, published before storyboards existed: none. */
let old = 0;

const withStoryboard = async (values: Parameters<typeof insertVideo>[1]) => {
  const id = await insertVideo(ctx, { processing: 3, rungs: [240], ...values });
  const temp = await ctx.storage.tempPath('.mp4');
  await copyFile(await makeClip(clipsDir, '360p'), temp);
  await ctx.storage.commit(temp, mediaKeys.rung(id, 240, 0));
  // Made as the encode's step makes it (the encoding feature's own, tested there), from a
  // working copy of the rung: the stored file itself on the disk, a download from a bucket.
  const binaries = (await locateMediaBinaries({}))!;
  const layout = await ctx.storage.withLocalFile(mediaKeys.rung(id, 240, 0), async (rung) => {
    const made = storyboardLayout((await probeVideo(binaries.ffprobe, rung))!);
    const sprite = await ctx.storage.tempPath('.jpg');
    await runFfmpeg(binaries.ffmpeg, buildStoryboardArgs(rung, made, sprite));
    await ctx.storage.commit(sprite, mediaKeys.storyboardImage(id, 0));
    return made;
  });
  const vtt = await ctx.storage.tempPath('.vtt');
  await writeFile(vtt, buildStoryboardVtt(layout));
  await ctx.storage.commit(vtt, mediaKeys.storyboardVtt(id, 0));
  return id;
};

beforeAll(async () => {
  users.user = await ctx.createUser('user', { gdaAccess: true });
  users.plateauGda = await ctx.createUser('plateau', { gdaAccess: true });
  users.geek = await ctx.createUser('geek');
  open = await withStoryboard({ privacy: 0 });
  restricted = await withStoryboard({ privacy: 2, gpaRestricted: true });
  members = await withStoryboard({ privacy: 1 });
  old = await insertVideo(ctx, { privacy: 0, processing: 3, rungs: [240] });
}, 120_000);

type Who = 'visitor' | keyof typeof users;
const get = (who: Who, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    url,
    headers: { ...(who === 'visitor' ? {} : users[who].auth), ...headers },
  });
const track = (id: number) => `/api/media/storyboard/${id}.vtt`;
const image = (id: number) => `/api/media/storyboard/${id}.jpg`;
/** A cue's image as a player resolves it: relative to the track's own URL. */
const cueImages = (vtt: string, trackUrl: string) =>
  vtt
    .split('\n')
    .filter((line) => line.includes('#xywh='))
    .map((line) => new URL(line, `http://plateau.test${trackUrl}`));

describe('GET /api/media/storyboard/{id}.vtt and .jpg', () => {
  it('answers a public video to anyone, cacheable, with images resolving to the sprite', async () => {
    const vtt = await get('visitor', track(open));
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers['cache-control']).toBe('public, max-age=0');
    expect(vtt.body.startsWith('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n')).toBe(true);
    const urls = cueImages(vtt.body, track(open));
    expect(urls.map((url) => `${url.pathname}${url.search}${url.hash}`)).toEqual([
      // The version read: the sprite of the track's own version, whatever is published next.
      `${image(open)}?v=0#xywh=0,0,160,90`,
      `${image(open)}?v=0#xywh=160,0,160,90`,
    ]);
    const again = await get('visitor', track(open), { 'if-none-match': vtt.headers.etag! });
    expect(again.statusCode).toBe(304);

    const jpg = await get('visitor', urls[0]!.pathname);
    expect(jpg.statusCode).toBe(200);
    expect(jpg.headers['content-type']).toBe('image/jpeg');
    expect(jpg.headers['cache-control']).toBe('public, max-age=0');
    expect(jpg.headers.etag).toEqual(expect.any(String));
    expect(
      jpg.rawPayload.equals((await readStored(ctx, mediaKeys.storyboardImage(open, 0)))!),
    ).toBe(true);
    const cached = await get('visitor', image(open), { 'if-none-match': jpg.headers.etag! });
    expect(cached.statusCode).toBe(304);
  });

  it('refuses both files of a CS or members video as it refuses its renditions', async () => {
    const expected: [Who, number, number][] = [
      ['visitor', restricted, 401],
      ['user', restricted, 403],
      ['plateauGda', restricted, 200],
      ['geek', restricted, 200],
      ['visitor', members, 401],
      ['user', members, 200],
    ];
    const seen: [Who, number, number][] = [];
    const rendition: [Who, number, number][] = [];
    for (const [who, id] of expected) {
      const answers = await Promise.all([
        get(who, track(id)),
        get(who, image(id)),
        get(who, `/api/media/video/${id}/240`),
      ]);
      expect(answers[0]!.statusCode).toBe(answers[1]!.statusCode);
      seen.push([who, id, answers[0]!.statusCode]);
      rendition.push([who, id, answers[2]!.statusCode]);
    }
    expect(seen).toEqual(expected);
    expect(rendition).toEqual(expected);
    const refused = await get('visitor', image(restricted));
    expect(refused.json()).toMatchObject({ statusCode: 401, message: 'Veuillez vous connecter' });
  });

  it('takes the token in the query and writes it into the cues, which then reach the image', async () => {
    const url = `${track(restricted)}?token=${users.plateauGda.token}`;
    const vtt = await get('visitor', url);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['cache-control']).toBe('private, no-store');
    const [first] = cueImages(vtt.body, url);
    expect(first!.searchParams.get('token')).toBe(users.plateauGda.token);
    const jpg = await get('visitor', `${first!.pathname}${first!.search}`);
    expect(jpg.statusCode).toBe(200);
    expect(jpg.headers['cache-control']).toBe('private, no-store');

    // A token that may not see the video is refused on both, an invalid one is a 401.
    const user = `?token=${users.user.token}`;
    expect((await get('visitor', `${track(restricted)}${user}`)).statusCode).toBe(403);
    expect((await get('visitor', `${image(restricted)}${user}`)).statusCode).toBe(403);
    expect((await get('visitor', `${track(restricted)}?token=pas-un-jeton`)).statusCode).toBe(401);
  });

  it('answers a French 404 for a video without storyboard or without video', async () => {
    for (const url of [track(old), image(old)]) {
      const answer = await get('visitor', url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ message: 'Aucun aperçu pour cette vidéo' });
    }
    for (const url of [track(999_999), image(999_999)]) {
      const answer = await get('geek', url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ message: 'Vidéo introuvable' });
    }
    expect((await get('geek', '/api/media/storyboard/abc.vtt')).statusCode).toBe(400);
  });

  it('goes with the video media when they are deleted', async () => {
    const id = await withStoryboard({ privacy: 0 });
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/media/video/${id}`,
      headers: users.geek.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(await ctx.storage.stat(mediaKeys.storyboardVtt(id, 0))).toBeNull();
    expect(await ctx.storage.stat(mediaKeys.storyboardImage(id, 0))).toBeNull();
    expect((await get('geek', track(id))).statusCode).toBe(404);
  });
});
