import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from './probe.ts';
import { createLocalStorage, mediaKeys } from '../storage/media-storage.ts';
import { testTmpDir } from '../test/test-env.ts';
import { publishStoryboard } from './storyboard-publish.ts';

const run = promisify(execFile);
const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const ffprobe = process.env.FFPROBE_PATH || 'ffprobe';
const binaries = { ffmpeg, ffprobe };

const root = path.join(testTmpDir, `storyboard-${randomUUID()}`);
const storage = createLocalStorage(root);
const clip = path.join(root, 'clip.mp4');
const warnings: string[] = [];
const ctx = {
  storage,
  binaries,
  log: { info: () => undefined, warn: (m: string) => warnings.push(m) },
};

/** One frame of `input` through `filter`, as 8-bit gray pixels. */
const grayFrame = async (input: string, filter: string, seek?: number) => {
  const { stdout } = await run(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...(seek === undefined ? [] : ['-ss', String(seek)]),
      ...['-i', input, '-vf', `${filter},format=gray`, '-frames:v', '1'],
      ...['-f', 'rawvideo', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
};

const meanDifference = (a: Buffer, b: Buffer) => {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

beforeAll(async () => {
  await mkdir(root, { recursive: true });
  // 12 s of a moving test pattern: a tile a second, each second's picture different.
  await run(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'testsrc2=size=320x180:rate=25:duration=12'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-pix_fmt', 'yuv420p', clip],
  ]);
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('publishStoryboard (real ffmpeg)', () => {
  it('stores a sprite whose tile k is the frame at k seconds, and its track', async () => {
    expect(await publishStoryboard(ctx, { videoId: 5, version: 0 }, clip)).toBe(true);

    const sprite = storage.localFiles!.localPath(mediaKeys.storyboardImage(5, 0));
    const probe = await probeVideo(ffprobe, sprite);
    expect(probe).toMatchObject({ width: 1600, height: 180, videoCodec: 'mjpeg' });

    const vtt = await readFile(
      storage.localFiles!.localPath(mediaKeys.storyboardVtt(5, 0)),
      'utf8',
    );
    const cues = vtt.trimEnd().split('\n\n').slice(1);
    expect(cues).toHaveLength(12);
    expect(cues[3]).toBe('00:00:03.000 --> 00:00:04.000\nstoryboard.jpg#xywh=480,0,160,90');
    expect(cues[11]).toBe('00:00:11.000 --> 00:00:12.000\nstoryboard.jpg#xywh=160,90,160,90');

    // Each tile against the clip's frames at every whole second: its own time is the closest.
    const frames = await Promise.all(
      Array.from({ length: 12 }, (_, second) =>
        grayFrame(clip, 'scale=160:90:flags=bilinear', second),
      ),
    );
    for (const k of [0, 3, 7, 11]) {
      const [x, y] = [(k % 10) * 160, Math.floor(k / 10) * 90];
      const tile = await grayFrame(sprite, `crop=160:90:${x}:${y}`);
      const differences = frames.map((frame) => meanDifference(tile, frame));
      const own = differences[k]!;
      expect(own).toBeLessThan(6);
      const others = differences.filter((_, second) => second !== k);
      expect(Math.min(...others)).toBeGreaterThan(own * 2);
      // Not the middle of its second either: the cue's start is what the tile shows.
      const half = await grayFrame(clip, 'scale=160:90:flags=bilinear', k + 0.48);
      expect(meanDifference(tile, half)).toBeGreaterThan(own * 2);
    }
    expect(warnings).toEqual([]);
  }, 60_000);

  it('shows the last picture in the last tile of a video whose sound runs on after it', async () => {
    // 12 s of picture and 12.4 s of sound: the container says 12.4 s.
    const longer = path.join(root, 'longer-sound.mp4');
    await run(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc2=size=320x180:rate=25:duration=12', '-f', 'lavfi'],
      ...['-i', 'sine=duration=12.4', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', longer],
    ]);
    expect(await publishStoryboard(ctx, { videoId: 6, version: 0 }, longer)).toBe(true);
    const vtt = await readFile(
      storage.localFiles!.localPath(mediaKeys.storyboardVtt(6, 0)),
      'utf8',
    );
    const cues = vtt.trimEnd().split('\n\n').slice(1);
    // No tile past the picture (it would be black): the last cue, to the end, shows second 11.
    expect(cues).toHaveLength(12);
    expect(cues[11]).toMatch(/^00:00:11\.000 --> 00:00:12\.4\d\d\nstoryboard\.jpg#xywh=160,90,/);
    const sprite = storage.localFiles!.localPath(mediaKeys.storyboardImage(6, 0));
    const last = await grayFrame(sprite, 'crop=160:90:160:90');
    const second11 = await grayFrame(longer, 'scale=160:90:flags=bilinear', 11);
    expect(meanDifference(last, second11)).toBeLessThan(6);
  }, 60_000);

  it('logs, removes the previous storyboard and answers false when the rung is unreadable', async () => {
    expect(await publishStoryboard(ctx, { videoId: 6, version: 0 }, clip)).toBe(true);
    const broken = path.join(root, 'broken.mp4');
    await writeFile(broken, 'pas une vidéo');

    expect(await publishStoryboard(ctx, { videoId: 6, version: 0 }, broken)).toBe(false);

    expect(await storage.stat(mediaKeys.storyboardImage(6, 0))).toBeNull();
    expect(await storage.stat(mediaKeys.storyboardVtt(6, 0))).toBeNull();
    expect(warnings).toEqual([
      expect.stringMatching(/^video 6: no storyboard \(ffprobe cannot read/),
    ]);
  }, 60_000);
});
