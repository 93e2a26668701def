import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTmpDir } from '../test/test-env.ts';
import {
  cutSourceFromSamples,
  readFragmentedVideo,
  readFragmentSamples,
  readVideoTrack,
  type VideoTrackInfo,
} from './fmp4-samples.ts';
import { boxesIn } from './mp4-boxes.ts';
import { FRAGMENTED_MP4_OPTIONS } from './tee-targets.ts';
import { readCutSource } from './trim-rendition.ts';

const run = promisify(execFile);
const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const ffprobe = process.env.FFPROBE_PATH || 'ffprobe';
const dir = path.join(testTmpDir, `fmp4-samples-${process.pid}`);

/** A box: its size, its type, its payload. */
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const u32 = (...values: number[]) => {
  const buffer = Buffer.alloc(4 * values.length);
  values.forEach((value, index) => buffer.writeInt32BE(value | 0, index * 4));
  return buffer;
};
/** A full box's version and flags. */
const full = (version: number, flags: number) => u32((version << 24) | flags);

/** A moov with one video track (id 1, 12800 ticks a second), no samples, trex defaults. */
const moov = (extra: Buffer[] = [], sttsCount = 0) =>
  box(
    'moov',
    box(
      'trak',
      box('tkhd', full(0, 3), u32(0, 0, 1, 0, 0)),
      ...extra,
      box(
        'mdia',
        box('mdhd', full(0, 0), u32(0, 0, 12800, 0)),
        box(
          'hdlr',
          full(0, 0),
          u32(0),
          Buffer.from('vide', 'latin1'),
          u32(0, 0, 0),
          Buffer.alloc(1),
        ),
        box('minf', box('stbl', box('stts', full(0, 0), u32(sttsCount)))),
      ),
    ),
    box('mvex', box('trex', full(0, 0), u32(1, 1, 512, 0, 0x01010000))),
  );

const track: VideoTrackInfo = {
  trackId: 1,
  timescale: 12800,
  defaultDuration: 512,
  defaultFlags: 0x01010000,
};

const first = (buffer: Buffer) => boxesIn(buffer)[0]!;

describe('readVideoTrack', () => {
  it('reads the video track’s id, timescale and trex defaults', () => {
    const bytes = moov();
    expect(readVideoTrack(bytes, first(bytes))).toEqual(track);
  });

  it('refuses an edit list or samples in the moov: the file is then demuxed', () => {
    const edited = moov([box('edts', box('elst', full(0, 0), u32(0)))]);
    expect(readVideoTrack(edited, first(edited))).toBeNull();
    const listed = moov([], 1);
    expect(readVideoTrack(listed, first(listed))).toBeNull();
  });
});

describe('readFragmentSamples', () => {
  it('reads a trun with its first sample’s flags, durations from defaults, composition offsets', () => {
    // tfhd of track 1 (default-base-is-moof only), tfdt 1024, trun: data offset, first sample
    // flags (a keyframe), offsets of 1024, 0 and 512 ticks; the others take the trex flags.
    const moof = box(
      'moof',
      box('mfhd', full(0, 0), u32(1)),
      box('traf', box('tfhd', full(0, 0x20000), u32(2)), box('trun', full(0, 0x1), u32(1, 0))),
      box(
        'traf',
        box('tfhd', full(0, 0x20000), u32(1)),
        box('tfdt', full(0, 0), u32(1024)),
        box('trun', full(0, 0x1 | 0x4 | 0x800), u32(3, 100, 0x02000000, 1024, 0, 512)),
      ),
    );
    expect(readFragmentSamples(moof, first(moof), track, 0)).toEqual([
      { dts: 1024, pts: 2048, duration: 512, keyframe: true },
      { dts: 1536, pts: 1536, duration: 512, keyframe: false },
      { dts: 2048, pts: 2560, duration: 512, keyframe: false },
    ]);
  });

  it('takes per-sample durations and flags, a tfhd’s defaults, and continues without a tfdt', () => {
    const moof = box(
      'moof',
      box(
        'traf',
        box('tfhd', full(0, 0x8 | 0x20), u32(1, 400, 0x00000000)),
        box('trun', full(1, 0x100 | 0x400), u32(2, 300, 0x00010000, 400, 0)),
        box('trun', full(0, 0), u32(1)),
      ),
    );
    expect(readFragmentSamples(moof, first(moof), track, 5000)).toEqual([
      { dts: 5000, pts: 5000, duration: 300, keyframe: false },
      { dts: 5300, pts: 5300, duration: 400, keyframe: true },
      { dts: 5700, pts: 5700, duration: 400, keyframe: true },
    ]);
  });

  it('gives up on a negative composition offset (ffmpeg would shift the decode times)', () => {
    const moof = box(
      'moof',
      box('traf', box('tfhd', full(0, 0), u32(1)), box('trun', full(1, 0x800), u32(2, 0, -512))),
    );
    expect(readFragmentSamples(moof, first(moof), track, 0)).toBeNull();
  });
});

describe('cutSourceFromSamples', () => {
  it('orders the frames as shown, with their decode times, keyframes and times as ffprobe prints', () => {
    // I P B B at 30 fps in 15360 ticks: decoded I B B P... shown I B B P.
    const samples = [
      { dts: 0, pts: 1024, duration: 512, keyframe: true },
      { dts: 512, pts: 2560, duration: 512, keyframe: false },
      { dts: 1024, pts: 1536, duration: 512, keyframe: false },
      { dts: 1536, pts: 2048, duration: 512, keyframe: false },
    ];
    expect(cutSourceFromSamples(samples, 15360, 0)).toEqual({
      pts: [0.066667, 0.1, 0.133333, 0.166667],
      dts: [0, 0.066667, 0.1, 0.033333],
      keyframes: [0],
      lastFrameSeconds: 0.033333,
      fileStart: 0,
    });
  });
});

describe('readFragmentedVideo on files written by ffmpeg', () => {
  const fragmented = path.join(dir, 'fragmented.mp4');
  const silent = path.join(dir, 'silent.mp4');
  const plain = path.join(dir, 'plain.mp4');
  const muxer = FRAGMENTED_MP4_OPTIONS.flatMap(([name, value]) => [`-${name}`, value]);

  beforeAll(async () => {
    await mkdir(dir, { recursive: true });
    // 5 s at 30 fps with B-frames and sound, keyframes every 60 frames, fragmented as renditions.
    await run(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=30:duration=5'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=5:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
      ...['-g', '60', '-keyint_min', '60', '-sc_threshold', '0', '-c:a', 'aac'],
      ...[...muxer, '-f', 'mp4', fragmented],
    ]);
    await run(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', fragmented, '-map', '0:v'],
      ...['-c', 'copy', ...muxer, silent],
    ]);
    await run(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      fragmented,
      '-c',
      'copy',
      plain,
    ]);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('gives exactly what ffprobe gives, with and without sound', async () => {
    for (const file of [fragmented, silent]) {
      const reference = (await readCutSource(ffprobe, file))!;
      const read = (await readFragmentedVideo(file))!;
      expect(read.track.timescale).toBe(15360);
      expect(cutSourceFromSamples(read.samples, read.track.timescale, reference.fileStart)).toEqual(
        reference,
      );
      expect(reference.keyframes).toEqual([0, 60, 120]);
    }
  });

  it('gives null for a file that is not fragmented, or not an MP4', async () => {
    expect(await readFragmentedVideo(plain)).toBeNull();
    const text = path.join(dir, 'text.mp4');
    await writeFile(text, 'not a video at all, only words');
    expect(await readFragmentedVideo(text)).toBeNull();
  });
});
