import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beepOffsetsMs, makeFlashBeepClip } from '../test/av-sync.ts';
import { testTmpDir } from '../test/test-env.ts';
import { buildEncodeArgs } from './encode-args.ts';
import { runFfmpeg } from './ffmpeg-runner.ts';
import { probeVideo } from './probe.ts';
import { packetsCopyVerdict, scanVideoPackets } from './video-copy.ts';

const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const ffprobe = process.env.FFPROBE_PATH || 'ffprobe';
/** Where viewers start to notice is 45 ms of sound ahead; the renditions keep within 20. */
const SYNC_MS = 20;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(testTmpDir, 'audio-sync-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Encodes `source` into `rungs` as the encode job does, and measures every beep of each. */
const encodeAndMeasure = async (
  source: string,
  rungs: (240 | 480 | 720)[],
  copyTopRung: boolean,
) => {
  const probe = (await probeVideo(ffprobe, source))!;
  const outputs = rungs.map((rung) => ({
    rung,
    file: path.join(dir, `${rung}-${copyTopRung}.mp4`),
  }));
  await runFfmpeg(ffmpeg, buildEncodeArgs(source, probe, outputs, { copyTopRung }));
  return Promise.all(outputs.map((output) => beepOffsetsMs(output.file)));
};

describe('sound and picture in the renditions', () => {
  it('keeps each beep on its flash in every encoded rung (25 fps, 48 kHz)', async () => {
    const source = path.join(dir, 'pal.mov');
    await makeFlashBeepClip(source, {
      ...{ width: 854, height: 480, fps: 25, sampleRate: 48_000, seconds: 7 },
    });
    // The test card itself is exact.
    expect(await beepOffsetsMs(source)).toEqual([0, 0, 0]);
    for (const offsets of await encodeAndMeasure(source, [480, 240], false)) {
      expect(offsets).toHaveLength(3);
      for (const offset of offsets) expect(Math.abs(offset)).toBeLessThanOrEqual(SYNC_MS);
    }
  });

  it('keeps them on in a copied rung and the encoded ones beside it (30 fps, 44.1 kHz)', async () => {
    const source = path.join(dir, 'export.mov');
    await makeFlashBeepClip(source, {
      ...{ width: 1280, height: 720, fps: 30, sampleRate: 44_100, seconds: 7 },
      videoOptions: ['-g', '60', '-keyint_min', '60', '-maxrate', '2000k', '-bufsize', '4000k'],
    });
    // An editor's export the 720 rung takes as it is.
    const packets = (await scanVideoPackets(ffprobe, source, 720))!;
    expect(packetsCopyVerdict(packets, 30, 720)).toEqual({ copy: true });
    for (const offsets of await encodeAndMeasure(source, [720, 240], true)) {
      expect(offsets).toHaveLength(3);
      for (const offset of offsets) expect(Math.abs(offset)).toBeLessThanOrEqual(SYNC_MS);
    }
  });
});
