import { describe, expect, it } from 'vitest';
import {
  buildCutMuxArgs,
  buildEdgeEncodeArgs,
  buildSoundConcatList,
  buildVideoConcatList,
  type CutSource,
} from './trim-args.ts';
import { planVideo } from './trim-plan.ts';

/** 20 s at 25 fps: pictures from 0.08 s, decoded two frames earlier, a keyframe every 2 s. */
const ms = (value: number) => Math.round(value * 1e6) / 1e6;
const source: CutSource = {
  pts: Array.from({ length: 500 }, (_, n) => ms(0.08 + n * 0.04)),
  dts: Array.from({ length: 500 }, (_, n) => ms(n * 0.04)),
  keyframes: Array.from({ length: 10 }, (_, k) => k * 50),
  lastFrameSeconds: 0.04,
  fileStart: 0,
};
const at = (frame: number) => source.pts[frame]!;
const [pieces] = planVideo(source, [{ start: at(80), end: at(236) }]);

describe('buildEdgeEncodeArgs', () => {
  it('seeks to the GOP before, picks the frames by number from the keyframe, with the rung’s encoder', () => {
    const head = pieces![0]!;
    expect(head).toMatchObject({ kind: 'encode', first: 80, count: 20 });
    const args = buildEdgeEncodeArgs(
      '/r/480.mp4',
      source,
      head as Extract<typeof head, { kind: 'encode' }>,
      { rung: 480, frameRate: 25 },
      '/s/edge.mp4',
    );
    // Half a frame before keyframe 50 (2.08 s): decoding starts on it, frames 30 to 49 of it.
    expect(args.slice(5, 9)).toEqual(['-ss', '2.060000', '-i', '/r/480.mp4']);
    expect(args).toContain('trim=start_frame=30:end_frame=50,setpts=PTS-STARTPTS');
    expect(args).toEqual(
      expect.arrayContaining(['-maxrate:v:0', '1400k', '-bufsize:v:0', '2800k']),
    );
    // One keyframe, its first: the last -g (ffmpeg keeps the last) is past the edge's end.
    const interval = args.lastIndexOf('-g');
    expect(args.slice(interval, interval + 2)).toEqual(['-g', '21']);
    expect(args.slice(-3)).toEqual(['-f', 'mp4', '/s/edge.mp4']);
  });

  it('counts the seek from the file’s start, and does not seek in the first GOP', () => {
    const late = { ...source, fileStart: 0.08 };
    const [tail] = planVideo(late, [{ start: at(10), end: at(20) }]);
    const piece = tail![0] as Extract<NonNullable<typeof tail>[number], { kind: 'encode' }>;
    const args = buildEdgeEncodeArgs('/r.mp4', late, piece, { rung: 240, frameRate: 25 }, '/o');
    expect(args).not.toContain('-ss');
    expect(args).toContain('trim=start_frame=10:end_frame=20,setpts=PTS-STARTPTS');
    const [far] = planVideo(late, [{ start: at(230), end: at(240) }]);
    const second = far![0] as typeof piece;
    const seek = buildEdgeEncodeArgs('/r.mp4', late, second, { rung: 240, frameRate: 25 }, '/o');
    // Half a frame before keyframe 200 (8.08 s), counted from the file's start (0.08 s).
    expect(seek.slice(5, 7)).toEqual(['-ss', '7.980000']);
  });
});

describe('the concat lists', () => {
  it('take the edges as files and the GOPs from the rendition, each with its length', () => {
    expect(buildVideoConcatList("/r/it's.mp4", source, pieces!, ['/s/e0.mp4', '/s/e1.mp4']))
      .toBe(`ffconcat version 1.0
file '/s/e0.mp4'
duration 0.800000
file '/r/it'\\''s.mp4'
inpoint 4.080002
outpoint 7.999998
duration 4.000000
file '/s/e1.mp4'
duration 1.440000
`);
  });

  it('take the sound in whole AAC frames', () => {
    const frame = 1024 / 48_000;
    expect(buildSoundConcatList('/s/sound.m4a', [{ first: 150, count: 300 }], frame))
      .toBe(`ffconcat version 1.0
file '/s/sound.m4a'
inpoint 3.200002
outpoint 9.589333
duration 6.400000
`);
  });

  it('copy both into the fragmented layout in one pass', () => {
    expect(buildCutMuxArgs('/s/v.ffconcat', '/s/a.ffconcat', '/o.mp4')).toEqual([
      ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
      ...['-f', 'concat', '-safe', '0', '-i', '/s/v.ffconcat'],
      ...['-f', 'concat', '-safe', '0', '-i', '/s/a.ffconcat'],
      ...['-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-map_metadata', '-1'],
      ...['-movflags', '+frag_keyframe+empty_moov+default_base_moof+global_sidx'],
      ...['-use_editlist', '1', '-f', 'mp4', '/o.mp4'],
    ]);
    expect(buildCutMuxArgs('/s/v.ffconcat', null, '/o.mp4')).not.toContain('1:a:0');
  });
});
