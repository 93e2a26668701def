import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeVideo } from '../../media-tools/probe.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { useTestApp } from '../../test/harness.ts';
import { seedVideo, useEncodeWorker, waitForVideo } from './encoding.test-helpers.ts';

/** The encode publishes each video with its seek-preview storyboard (issue 21). */
const ctx = useTestApp();
const encoder = useEncodeWorker(ctx);

const encode = async (id: number) => {
  const geek = await ctx.createUser('geek');
  const answer = await ctx.app.inject({
    method: 'POST',
    url: `/api/encode/${id}`,
    headers: geek.auth,
  });
  expect(answer.statusCode).toBe(200);
  return waitForVideo(ctx.database, id, (v) => v.processing !== 2);
};
const spriteSize = async (id: number) => {
  const probe = await probeVideo(
    encoder.binaries.ffprobe,
    ctx.storage.localFiles!.localPath(mediaKeys.storyboardImage(id, 0)),
  );
  return probe && `${probe.width}x${probe.height}`;
};
const trackOf = (id: number) =>
  readFile(ctx.storage.localFiles!.localPath(mediaKeys.storyboardVtt(id, 0)), 'utf8');

describe('the encode makes a storyboard', () => {
  it('publishes a 2 s video with two tiles and their track, leaving no temporary file', async () => {
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, '1080p-audio'));
    expect(await encode(id)).toMatchObject({ processing: 3, rungs: [1080, 720, 480, 240] });
    expect(await spriteSize(id)).toBe('320x90');
    // The last cue ends with the container (the rung's sound runs a few ms past 2 s).
    expect(await trackOf(id)).toMatch(
      /^WEBVTT\n\n00:00:00\.000 --> 00:00:01\.000\nstoryboard\.jpg#xywh=0,0,160,90\n\n00:00:01\.000 --> 00:00:02\.\d{3}\nstoryboard\.jpg#xywh=160,0,160,90\n$/,
    );
    const folder = path.dirname(await ctx.storage.tempPath());
    expect((await readdir(folder)).filter((name) => name.includes('.storyboard-'))).toEqual([]);
  });

  it('replaces the previous storyboard when a published video is encoded again', async () => {
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, 'portrait'), {
      processing: 3,
    });
    for (const key of [mediaKeys.storyboardImage(id, 0), mediaKeys.storyboardVtt(id, 0)]) {
      const stale = await ctx.storage.tempPath();
      await writeFile(stale, 'previous encode');
      await ctx.storage.commit(stale, key);
    }
    expect(await encode(id)).toMatchObject({ processing: 3 });
    // Portrait: tiles fit 160x90 by their height.
    expect(await spriteSize(id)).toBe('100x90');
    expect(await trackOf(id)).toContain('\nstoryboard.jpg#xywh=50,0,50,90\n');
  });
});
