import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  beepOffsetsMs,
  NUMBERED_FLASHES,
  numberedCardInputs,
  readFrameNumbers,
} from '../test/av-sync.ts';
import { testTmpDir } from '../test/test-env.ts';
import { buildEncodeArgs } from './encode-args.ts';
import { runFfmpeg } from './ffmpeg-runner.ts';
import { FRAGMENTED_MP4_OPTIONS } from './tee-targets.ts';
import { probeVideo } from './probe.ts';
import {
  cutRendition,
  extractSound,
  readCutSource,
  readRenditionFrames,
} from './trim-rendition.ts';

const run = promisify(execFile);
const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const ffprobe = process.env.FFPROBE_PATH || 'ffprobe';
const RUNGS = [480, 240] as const;

let dir: string;
const rendition = (rung: number) => path.join(dir, `${rung}.mp4`);

/** 20 s of the numbered card at 25 fps, encoded into two rungs as the encode job does. */
beforeAll(async () => {
  dir = await mkdtemp(path.join(testTmpDir, 'trim-'));
  const card = path.join(dir, 'card.mov');
  await run(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...numberedCardInputs({ width: 854, height: 480, fps: 25, sampleRate: 48_000, seconds: 20 }),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-c:a', 'pcm_s16le', card],
  ]);
  const probe = (await probeVideo(ffprobe, card))!;
  const outputs = RUNGS.map((rung) => ({ rung, file: rendition(rung) }));
  await runFfmpeg(ffmpeg, buildEncodeArgs(card, probe, outputs));
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('a rendition cut frame-accurately without re-encoding its GOPs', () => {
  it('keeps exactly the chosen frames in every rung, keyframes together, sound on picture', async () => {
    const sources = await Promise.all(RUNGS.map((rung) => readCutSource(ffprobe, rendition(rung))));
    // The same frames in every rung: the cut is planned once.
    expect(sources[0]!.pts).toEqual(sources[1]!.pts);
    // The job reads them from the fMP4 boxes: exactly what ffprobe's demuxing gives.
    for (const [index, rung] of RUNGS.entries())
      expect(await readRenditionFrames(ffprobe, rendition(rung))).toEqual(sources[index]);
    const at = (frame: number) => sources[0]!.pts[frame]!;
    // Frames 80 to 235 (3.28 s to 9.52 s, a cut inside a GOP at each end), then 301 to 376.
    const ranges = [
      { start: at(80), end: at(236) },
      { start: at(301), end: at(377) },
    ];
    const sound = { file: path.join(dir, 'sound.m4a'), sampleRate: 48_000 };
    await extractSound(ffmpeg, rendition(240), sound.file);
    let scratchCount = 0;
    const cuts = await Promise.all(
      RUNGS.map(async (rung, index) => {
        const output = path.join(dir, `${rung}-cut.mp4`);
        await cutRendition({
          ffmpeg,
          rung,
          file: rendition(rung),
          source: sources[index]!,
          frameRate: 25,
          sound,
          ranges,
          scratch: async (name) => path.join(dir, `${rung}-${(scratchCount += 1)}-${name}`),
          output,
        });
        return output;
      }),
    );

    for (const cut of cuts) {
      // Every frame is the one chosen, in order: none missing, none doubled, none off by one.
      expect(await readFrameNumbers(cut)).toEqual([...range(80, 236), ...range(301, 377)]);
      // Each beep on its flash (4 s, 6 s and 8 s of the first range, 14 s of the second).
      const offsets = await beepOffsetsMs(cut, NUMBERED_FLASHES);
      expect(offsets).toHaveLength(4);
      for (const offset of offsets) expect(Math.abs(offset)).toBeLessThanOrEqual(20);
    }
    // Keyframes at the same times in both rungs: adaptive players switch between them.
    const [top, bottom] = await Promise.all(cuts.map((cut) => readCutSource(ffprobe, cut)));
    expect(await readRenditionFrames(ffprobe, cuts[0]!)).toEqual(top);
    expect(top!.keyframes).toEqual(bottom!.keyframes);
    expect(top!.keyframes.map((index) => top!.pts[index])).toEqual(
      bottom!.keyframes.map((index) => bottom!.pts[index]),
    );
    // 232 frames of 40 ms after the pictures' usual 80 ms delay.
    expect(top!.pts).toHaveLength(232);
    expect(top!.pts[0]).toBeCloseTo(0.08, 3);
    expect(top!.pts.at(-1)).toBeCloseTo(0.08 + 231 * 0.04, 3);
  }, 120_000);

  it('cuts a rendition without sound, whose file starts with its first picture', async () => {
    const silent = path.join(dir, 'silent.mp4');
    await run(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', rendition(240), '-map', '0:v'],
      ...['-c', 'copy', ...FRAGMENTED_MP4_OPTIONS.flatMap(([name, value]) => [`-${name}`, value])],
      silent,
    ]);
    const source = (await readCutSource(ffprobe, silent))!;
    expect(source.fileStart).toBeCloseTo(0.08, 3);
    expect(await readRenditionFrames(ffprobe, silent)).toEqual(source);
    const at = (frame: number) => source.pts[frame]!;
    const output = path.join(dir, 'silent-cut.mp4');
    await cutRendition({
      ...{ ffmpeg, rung: 240, file: silent, source, frameRate: 25, sound: null, output },
      ranges: [{ start: at(230), end: at(320) }],
      scratch: async (name) => path.join(dir, `silent-${name}`),
    });
    expect(await readFrameNumbers(output)).toEqual(range(230, 320));
  }, 60_000);
});
