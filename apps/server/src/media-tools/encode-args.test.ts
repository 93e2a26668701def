import { describe, expect, it } from 'vitest';
import {
  audioAlignFilter,
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
  audioSampleRate: hasAudio ? 48_000 : 0,
  durationSeconds: 10,
});

const x264 = (gop: number) => [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-g',
  String(gop),
  '-keyint_min',
  String(gop),
  '-sc_threshold',
  '0',
  '-pix_fmt',
  'yuv420p',
];
const cap = (index: number, maxrate: number) => [
  `-maxrate:v:${index}`,
  `${maxrate}k`,
  `-bufsize:v:${index}`,
  `${maxrate * 2}k`,
];
/** At 30 fps and 48 kHz: two frames are 3200 samples, the priming 1024 of them. */
const aac = ['-filter:a', 'adelay=2176S:all=1', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'];
const tail = ['-flags', '+global_header', '-map_metadata', '-1', '-f', 'tee'];
const slave = (index: number, file: string, audio = true) =>
  `[f=mp4:movflags=+frag_keyframe+empty_moov+default_base_moof+global_sidx:use_editlist=1:onfail=abort:select=\\'v:${index}${audio ? ',a' : ''}\\']${file}`;
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
  const fourRungs = [
    { rung: 1080 as const, file: '/t/1080.mp4' },
    { rung: 720 as const, file: '/t/720.mp4' },
    { rung: 480 as const, file: '/t/480.mp4' },
    { rung: 240 as const, file: '/t/240.mp4' },
  ];

  it('decodes a 1080p source once into four capped H.264 renditions sharing one AAC encode', () => {
    expect(buildEncodeArgs('/m/raw.mp4', source(1920, 1080), fourRungs)).toEqual([
      ...head('/m/raw.mp4'),
      '-filter_complex',
      '[0:v:0]split=4[s0][s1][s2][s3];' +
        '[s0]scale=-2:1080,format=yuv420p[v0];' +
        '[s1]scale=-2:720,format=yuv420p[v1];' +
        '[s2]scale=-2:480,format=yuv420p[v2];' +
        '[s3]scale=-2:240,format=yuv420p[v3]',
      ...['-map', '[v0]', '-map', '[v1]', '-map', '[v2]', '-map', '[v3]', '-map', '0:a:0'],
      ...x264(60),
      ...cap(0, 5000),
      ...cap(1, 2800),
      ...cap(2, 1400),
      ...cap(3, 400),
      ...aac,
      ...tail,
      [
        slave(0, '\\/t\\/1080\\.mp4'),
        slave(1, '\\/t\\/720\\.mp4'),
        slave(2, '\\/t\\/480\\.mp4'),
        slave(3, '\\/t\\/240\\.mp4'),
      ].join('|'),
    ]);
  });

  it('copies the source video into the top rung and splits only for the others', () => {
    expect(
      buildEncodeArgs('/m/raw.mp4', source(1920, 1080), fourRungs, { copyTopRung: true }),
    ).toEqual([
      ...head('/m/raw.mp4'),
      '-filter_complex',
      '[0:v:0]split=3[s0][s1][s2];' +
        '[s0]scale=-2:720,format=yuv420p[v0];' +
        '[s1]scale=-2:480,format=yuv420p[v1];' +
        '[s2]scale=-2:240,format=yuv420p[v2]',
      ...['-map', '0:v:0', '-map', '[v0]', '-map', '[v1]', '-map', '[v2]', '-map', '0:a:0'],
      ...x264(60),
      '-c:v:0',
      'copy',
      ...cap(1, 2800),
      ...cap(2, 1400),
      ...cap(3, 400),
      ...aac,
      ...tail,
      [
        slave(0, '\\/t\\/1080\\.mp4'),
        slave(1, '\\/t\\/720\\.mp4'),
        slave(2, '\\/t\\/480\\.mp4'),
        slave(3, '\\/t\\/240\\.mp4'),
      ].join('|'),
    ]);
  });

  it('needs no filter and no x264 when the only rung is copied', () => {
    expect(
      buildEncodeArgs('/in.mp4', source(426, 240, 30, false), [{ rung: 240, file: '/o.mp4' }], {
        copyTopRung: true,
      }),
    ).toEqual([
      ...head('/in.mp4'),
      ...['-map', '0:v:0', '-c:v:0', 'copy'],
      ...tail,
      slave(0, '\\/o\\.mp4', false),
    ]);
  });

  it('maps no audio when the source has none', () => {
    const args = buildEncodeArgs('/m/raw.mp4', source(640, 360, 30, false), [
      { rung: 240, file: '/t/240.mp4' },
    ]);
    expect(args).toEqual([
      ...head('/m/raw.mp4'),
      '-filter_complex',
      '[0:v:0]split=1[s0];[s0]scale=-2:240,format=yuv420p[v0]',
      '-map',
      '[v0]',
      ...x264(60),
      ...cap(0, 400),
      ...tail,
      slave(0, '\\/t\\/240\\.mp4', false),
    ]);
    expect(args).not.toContain('aac');
  });

  it('uses 120-frame GOPs at 60 fps and portrait scaling', () => {
    const args = buildEncodeArgs('/in.mp4', source(1080, 1920, 60), [
      { rung: 1080, file: '/a.mp4' },
      { rung: 720, file: '/b.mp4' },
    ]);
    expect(args.slice(10, 14)).toEqual([
      '-filter_complex',
      '[0:v:0]split=2[s0][s1];[s0]scale=1080:-2,format=yuv420p[v0];[s1]scale=720:-2,format=yuv420p[v1]',
      '-map',
      '[v0]',
    ]);
    expect(args).toEqual(expect.arrayContaining(['-g', '120', '-keyint_min', '120']));
  });

  it('builds the filter graph for an odd-sized source with even outputs', () => {
    expect(buildFilterGraph(source(1279, 719), [480, 240])).toBe(
      '[0:v:0]split=2[s0][s1];[s0]scale=-2:480,format=yuv420p[v0];[s1]scale=-2:240,format=yuv420p[v1]',
    );
  });
});

describe('audioAlignFilter', () => {
  it("delays the sound by the picture's two-frame delay less AAC's 1024 priming samples", () => {
    expect(audioAlignFilter({ frameRate: 25, audioSampleRate: 48_000 })).toBe('adelay=2816S:all=1');
    expect(audioAlignFilter({ frameRate: 30, audioSampleRate: 44_100 })).toBe('adelay=1916S:all=1');
    expect(audioAlignFilter({ frameRate: 60, audioSampleRate: 48_000 })).toBe('adelay=576S:all=1');
  });

  it('trims the sound where the priming outlasts two frames, and leaves it when they agree', () => {
    expect(audioAlignFilter({ frameRate: 120, audioSampleRate: 48_000 })).toBe(
      'atrim=start_sample=224,asetpts=PTS-STARTPTS',
    );
    expect(audioAlignFilter({ frameRate: 93.75, audioSampleRate: 48_000 })).toBeNull();
    expect(audioAlignFilter({ frameRate: 30, audioSampleRate: 0 })).toBeNull();
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
