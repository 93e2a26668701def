import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipsDir, makeClip } from '../test/clips.ts';
import { testTmpDir } from '../test/test-env.ts';
import { indexHeadEnd, parseSegmentIndex, readSegmentIndex } from './fmp4-index.ts';
import { fragmentStarts } from './fmp4-index.test-helpers.ts';
import { FRAGMENTED_MOVFLAGS } from './tee-targets.ts';

const run = promisify(execFile);
const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const ffprobe = process.env.FFPROBE_PATH || 'ffprobe';
const dir = path.join(testTmpDir, `fmp4-index-${process.pid}`);
const withAudio = path.join(dir, 'audio.mp4');
const videoOnly = path.join(dir, 'video.mp4');

/** 5 s at 30 fps, keyframes every 60 frames: fragments of 2, 2 and 1 s. */
const makeFragmented = (file: string, audio: boolean) =>
  run(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=5'],
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=5:sample_rate=48000'] : []),
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
    ...['-g', '60', '-keyint_min', '60', '-sc_threshold', '0'],
    ...(audio ? ['-c:a', 'aac', '-b:a', '128k'] : []),
    ...['-movflags', FRAGMENTED_MOVFLAGS, '-use_editlist', '1', '-f', 'mp4', file],
  ]);

beforeAll(async () => {
  await mkdir(dir, { recursive: true });
  await Promise.all([makeFragmented(withAudio, true), makeFragmented(videoOnly, false)]);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('parseSegmentIndex on a fragmented MP4 written by ffmpeg', () => {
  it('finds the init segment, every fragment, their durations, keyframes and codecs', async () => {
    const bytes = await readFile(withAudio);
    const index = parseSegmentIndex(bytes);
    // ftyp + moov, up to the first sidx.
    expect(bytes.toString('latin1', 4, 8)).toBe('ftyp');
    expect(bytes.toString('latin1', index.init.length + 4, index.init.length + 8)).toBe('sidx');
    expect(index.init.offset).toBe(0);
    expect(index.segments.map(([, , duration]) => duration / index.timescale)).toEqual([2, 2, 1]);
    expect(index.segments.every(([, , , sap]) => sap)).toBe(true);
    // Fragments are laid end to end from the first moof, then ffmpeg's mfra ends the file.
    for (const [at, [offset, length]] of index.segments.entries()) {
      expect(bytes.toString('latin1', offset + 4, offset + 8), `fragment ${at}`).toBe('moof');
      const next = index.segments[at + 1]?.[0];
      const end = offset + length;
      expect(next ?? bytes.toString('latin1', end + 4, end + 8)).toBe(next ?? 'mfra');
    }
    expect(index).toMatchObject({ codecs: ['avc1.64001e', 'mp4a.40.2'], width: 640, height: 360 });
    // ffprobe agrees: each fragment starts with a keyframe, at 0, 2 and 4 s (plus x264's delay).
    const starts = await fragmentStarts(ffprobe, withAudio, index);
    expect(starts.map((s) => s.keyframe)).toEqual([true, true, true]);
    const delay = starts[0]!.ms;
    expect(starts.map((s) => s.ms - delay)).toEqual([0, 2000, 4000]);
  });

  it('reads a file without sound (one sidx)', async () => {
    const index = parseSegmentIndex(await readFile(videoOnly));
    expect(index.codecs).toEqual(['avc1.64001e']);
    expect(index.segments).toHaveLength(3);
    const end = index.segments[2]![0] + index.segments[2]![1];
    const bytes = await readFile(videoOnly);
    expect(bytes.toString('latin1', end + 4, end + 8)).toBe('mfra');
    expect(end + bytes.readUInt32BE(end)).toBe((await stat(videoOnly)).size);
  });

  it('reads only the front of the file, a few bytes at a time if need be', async () => {
    const bytes = await readFile(withAudio);
    const reads: number[] = [];
    const index = await readSegmentIndex(async (length) => {
      reads.push(length);
      return bytes.subarray(0, length);
    }, 100);
    expect(index).toEqual(parseSegmentIndex(bytes));
    // 100 bytes hold the ftyp and the start of the moov: read past the moov, then the sidx.
    expect(reads[0]).toBe(100);
    expect(reads.length).toBeGreaterThan(1);
    expect(indexHeadEnd(bytes.subarray(0, 10))).toEqual({ readAtLeast: expect.any(Number) });
    expect(indexHeadEnd(bytes)).toEqual({ end: index.segments[0]![0] });
  });

  it('refuses a plain MP4 (index at the front, no fragments)', async () => {
    const plain = await readFile(await makeClip(clipsDir, '360p'));
    expect(() => parseSegmentIndex(plain)).toThrow('fragmented MP4: no fragment after the index');
    await expect(readSegmentIndex(async (n) => plain.subarray(0, n))).rejects.toThrow(
      'no fragment after the index',
    );
  });
});
