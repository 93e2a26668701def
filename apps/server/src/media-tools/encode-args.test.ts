import { describe, expect, it } from 'vitest';
import {
  buildEncodeArgs,
  buildFilterGraph,
  buildThumbnailArgs,
  keyframeInterval,
  planRungs,
  scaleFilter,
} from './encode-args.ts';
import { lastErrorLine, progressFromLine } from './ffmpeg-runner.ts';

const source = (width: number, height: number, frameRate = 30, hasAudio = true) => ({
  width,
  height,
  frameRate,
  hasAudio,
  durationSeconds: 10,
});

const videoOutput = (label: string, maxrate: number, gop: number, audio = true) => [
  '-map',
  label,
  ...(audio ? ['-map', '0:a:0'] : []),
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-maxrate',
  `${maxrate}k`,
  '-bufsize',
  `${maxrate * 2}k`,
  '-g',
  String(gop),
  '-keyint_min',
  String(gop),
  '-sc_threshold',
  '0',
  '-pix_fmt',
  'yuv420p',
];
const aac = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'];
const tail = (file: string) => [
  '-sn',
  '-dn',
  '-map_metadata',
  '-1',
  '-movflags',
  '+faststart',
  '-f',
  'mp4',
  file,
];
const head = (input: string) => [
  '-hide_banner',
  '-nostdin',
  '-y',
  '-loglevel',
  'error',
  '-progress',
  'pipe:1',
  '-nostats',
  '-i',
  input,
  '-filter_complex',
];

describe('planRungs', () => {
  it('keeps every rung up to the shorter side, and 240 always', () => {
    expect(planRungs(source(1920, 1080))).toEqual([1080, 720, 480, 240]);
    expect(planRungs(source(3840, 2160))).toEqual([1080, 720, 480, 240]);
    expect(planRungs(source(1280, 720))).toEqual([720, 480, 240]);
    expect(planRungs(source(640, 360))).toEqual([240]);
    expect(planRungs(source(320, 180))).toEqual([240]);
  });

  it('reads portrait videos by their shorter side', () => {
    expect(planRungs(source(1080, 1920))).toEqual([1080, 720, 480, 240]);
    expect(planRungs(source(720, 1280))).toEqual([720, 480, 240]);
  });

  it('never goes above an odd-sized source', () => {
    expect(planRungs(source(1279, 719))).toEqual([480, 240]);
  });
});

describe('scale and keyframes', () => {
  it('scales the shorter side to the rung and keeps the other even', () => {
    expect(scaleFilter(source(1920, 1080), 720)).toBe('scale=-2:720');
    expect(scaleFilter(source(1080, 1920), 720)).toBe('scale=720:-2');
    expect(scaleFilter(source(1000, 1000), 480)).toBe('scale=-2:480');
  });

  it('puts a keyframe every two seconds of the source rate', () => {
    expect(keyframeInterval(30)).toBe(60);
    expect(keyframeInterval(60)).toBe(120);
    expect(keyframeInterval(25)).toBe(50);
    expect(keyframeInterval(30000 / 1001)).toBe(60);
    expect(keyframeInterval(0)).toBe(60);
    expect(keyframeInterval(Number.NaN)).toBe(60);
    expect(keyframeInterval(90000)).toBe(60);
  });
});

describe('buildEncodeArgs', () => {
  it('decodes a 1080p source once into four capped H.264 + AAC renditions', () => {
    const outputs = [
      { rung: 1080 as const, file: '/t/1080.mp4' },
      { rung: 720 as const, file: '/t/720.mp4' },
      { rung: 480 as const, file: '/t/480.mp4' },
      { rung: 240 as const, file: '/t/240.mp4' },
    ];
    expect(buildEncodeArgs('/m/raw.mp4', source(1920, 1080), outputs)).toEqual([
      ...head('/m/raw.mp4'),
      '[0:v:0]split=4[s0][s1][s2][s3];' +
        '[s0]scale=-2:1080,format=yuv420p[v0];' +
        '[s1]scale=-2:720,format=yuv420p[v1];' +
        '[s2]scale=-2:480,format=yuv420p[v2];' +
        '[s3]scale=-2:240,format=yuv420p[v3]',
      ...videoOutput('[v0]', 5000, 60),
      ...aac,
      ...tail('/t/1080.mp4'),
      ...videoOutput('[v1]', 2800, 60),
      ...aac,
      ...tail('/t/720.mp4'),
      ...videoOutput('[v2]', 1400, 60),
      ...aac,
      ...tail('/t/480.mp4'),
      ...videoOutput('[v3]', 400, 60),
      ...aac,
      ...tail('/t/240.mp4'),
    ]);
  });

  it('maps no audio and writes -an when the source has none', () => {
    const args = buildEncodeArgs('/m/raw.mp4', source(640, 360, 30, false), [
      { rung: 240, file: '/t/240.mp4' },
    ]);
    expect(args).toEqual([
      ...head('/m/raw.mp4'),
      '[0:v:0]split=1[s0];[s0]scale=-2:240,format=yuv420p[v0]',
      ...videoOutput('[v0]', 400, 60, false),
      '-an',
      ...tail('/t/240.mp4'),
    ]);
    expect(args).not.toContain('aac');
  });

  it('uses 120-frame GOPs at 60 fps and portrait scaling', () => {
    const args = buildEncodeArgs('/in.mp4', source(1080, 1920, 60), [
      { rung: 1080, file: '/a.mp4' },
      { rung: 720, file: '/b.mp4' },
    ]);
    expect(args).toEqual([
      ...head('/in.mp4'),
      '[0:v:0]split=2[s0][s1];[s0]scale=1080:-2,format=yuv420p[v0];[s1]scale=720:-2,format=yuv420p[v1]',
      ...videoOutput('[v0]', 5000, 120),
      ...aac,
      ...tail('/a.mp4'),
      ...videoOutput('[v1]', 2800, 120),
      ...aac,
      ...tail('/b.mp4'),
    ]);
  });

  it('builds the filter graph for an odd-sized source with even outputs', () => {
    expect(buildFilterGraph(source(1279, 719), [480, 240])).toBe(
      '[0:v:0]split=2[s0][s1];[s0]scale=-2:480,format=yuv420p[v0];[s1]scale=-2:240,format=yuv420p[v1]',
    );
  });
});

describe('buildThumbnailArgs', () => {
  it('takes one JPEG frame a tenth into the video', () => {
    expect(buildThumbnailArgs('/in.mp4', { durationSeconds: 42 }, '/t/thumb.jpg')).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-ss',
      '4.2',
      '-i',
      '/in.mp4',
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-vf',
      "scale='min(1280,iw)':-2",
      '-q:v',
      '3',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      '/t/thumb.jpg',
    ]);
    expect(buildThumbnailArgs('/in.mp4', { durationSeconds: 0 }, '/x.jpg')[6]).toBe('0');
  });
});

describe('ffmpeg output parsing', () => {
  it('turns -progress times into 0-99 percents', () => {
    expect(progressFromLine('out_time_us=5000000', 10)).toBe(50);
    expect(progressFromLine('out_time_ms=2500000', 10)).toBe(25);
    expect(progressFromLine('out_time_us=12000000', 10)).toBe(99);
    expect(progressFromLine('frame=12', 10)).toBeNull();
    expect(progressFromLine('out_time_us=5000000', 0)).toBeNull();
    expect(progressFromLine('out_time_us=N/A', 10)).toBeNull();
  });

  it('keeps the last stderr line, shortened', () => {
    expect(lastErrorLine('a\nraw.mp4: Invalid data found when processing input\n\n')).toBe(
      'raw.mp4: Invalid data found when processing input',
    );
    expect(lastErrorLine('')).toBeUndefined();
    expect(lastErrorLine('x'.repeat(500))?.length).toBe(300);
  });
});
