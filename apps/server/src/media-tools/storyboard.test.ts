import { describe, expect, it } from 'vitest';
import {
  buildStoryboardArgs,
  buildStoryboardVtt,
  pointStoryboardAt,
  storyboardLayout,
  vttTimestamp,
} from './storyboard.ts';

describe('storyboardLayout', () => {
  it('keeps one tile a second for videos up to 100 s', () => {
    expect(storyboardLayout({ durationSeconds: 12, width: 1920, height: 1080 })).toEqual({
      interval: 1,
      tiles: 12,
      columns: 10,
      rows: 2,
      tileWidth: 160,
      tileHeight: 90,
      durationSeconds: 12,
    });
    expect(storyboardLayout({ durationSeconds: 100, width: 1280, height: 720 })).toMatchObject({
      interval: 1,
      tiles: 100,
      rows: 10,
    });
  });

  it('spaces the tiles so that there are at most 100 of them', () => {
    expect(storyboardLayout({ durationSeconds: 120, width: 1280, height: 720 })).toMatchObject({
      interval: 2,
      tiles: 60,
      columns: 10,
      rows: 6,
    });
    expect(storyboardLayout({ durationSeconds: 3600.5, width: 1280, height: 720 })).toMatchObject({
      interval: 37,
      tiles: 98,
      rows: 10,
    });
  });

  it('gives no tile to a tail shorter than a quarter second past the last frame', () => {
    expect(storyboardLayout({ durationSeconds: 2.02, width: 1280, height: 720 })).toMatchObject({
      tiles: 2,
      durationSeconds: 2.02,
    });
    expect(storyboardLayout({ durationSeconds: 2.3, width: 1280, height: 720 })).toMatchObject({
      tiles: 3,
    });
    expect(storyboardLayout({ durationSeconds: 100.2, width: 1280, height: 720 })).toMatchObject({
      interval: 1,
      tiles: 100,
    });
  });

  it('gives no tile to the sound running on after the last picture, the last cue stretching', () => {
    const layout = storyboardLayout({
      ...{ durationSeconds: 12.47, pictureEndSeconds: 12.08, width: 640, height: 360 },
    });
    expect(layout.tiles).toBe(12);
    const cues = buildStoryboardVtt(layout).trimEnd().split('\n\n');
    expect(cues.at(-1)).toBe('00:00:11.000 --> 00:00:12.470\nstoryboard.jpg#xywh=160,90,160,90');
  });

  it('fits the picture in 160x90 with its aspect ratio, in even sizes', () => {
    expect(storyboardLayout({ durationSeconds: 2, width: 1080, height: 1920 })).toMatchObject({
      tileWidth: 50,
      tileHeight: 90,
      columns: 2,
      rows: 1,
    });
    expect(storyboardLayout({ durationSeconds: 2, width: 640, height: 480 })).toMatchObject({
      tileWidth: 120,
      tileHeight: 90,
    });
    expect(storyboardLayout({ durationSeconds: 2, width: 1279, height: 719 })).toMatchObject({
      tileWidth: 160,
      tileHeight: 90,
    });
  });

  it('makes one tile of an unknown or zero duration', () => {
    expect(storyboardLayout({ durationSeconds: Number.NaN, width: 320, height: 180 })).toEqual({
      interval: 1,
      tiles: 1,
      columns: 1,
      rows: 1,
      tileWidth: 160,
      tileHeight: 90,
      durationSeconds: 0,
    });
  });
});

describe('buildStoryboardArgs', () => {
  it('decodes once and writes one tiled JPEG', () => {
    const layout = storyboardLayout({ durationSeconds: 120, width: 1280, height: 720 });
    expect(buildStoryboardArgs('/m/240.mp4', layout, '/m/.tmp/sb.jpg')).toEqual([
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-threads', '1'],
      ...['-i', '/m/240.mp4', '-map', '0:v:0', '-an', '-sn', '-dn'],
      '-vf',
      'fps=fps=1/2:round=up,scale=160:90:flags=bilinear,setsar=1,tile=10x6',
      ...['-frames:v', '1', '-q:v', '5', '-f', 'image2', '-update', '1', '-c:v', 'mjpeg'],
      '/m/.tmp/sb.jpg',
    ]);
  });
});

describe('buildStoryboardVtt', () => {
  it('maps each interval to its tile, left to right then down, the last cue ending the video', () => {
    const layout = storyboardLayout({ durationSeconds: 23.5, width: 1280, height: 720 });
    const vtt = buildStoryboardVtt(layout);
    expect(vtt.startsWith('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n')).toBe(true);
    const cues = vtt.slice('WEBVTT\n\n'.length).trimEnd().split('\n\n');
    expect(cues).toHaveLength(24);
    expect(cues[0]).toBe('00:00:00.000 --> 00:00:01.000\nstoryboard.jpg#xywh=0,0,160,90');
    expect(cues[9]).toBe('00:00:09.000 --> 00:00:10.000\nstoryboard.jpg#xywh=1440,0,160,90');
    expect(cues[10]).toBe('00:00:10.000 --> 00:00:11.000\nstoryboard.jpg#xywh=0,90,160,90');
    expect(cues[23]).toBe('00:00:23.000 --> 00:00:23.500\nstoryboard.jpg#xywh=480,180,160,90');
  });

  it('writes hours and spaced intervals', () => {
    const layout = storyboardLayout({ durationSeconds: 3700, width: 1080, height: 1920 });
    const cues = buildStoryboardVtt(layout).trimEnd().split('\n\n');
    expect(cues).toHaveLength(101);
    expect(cues[1]).toBe('00:00:00.000 --> 00:00:37.000\nstoryboard.jpg#xywh=0,0,50,90');
    expect(cues.at(-1)).toBe('01:01:03.000 --> 01:01:40.000\nstoryboard.jpg#xywh=450,810,50,90');
  });

  it('formats WebVTT timestamps', () => {
    expect(vttTimestamp(0)).toBe('00:00:00.000');
    expect(vttTimestamp(61.0005)).toBe('00:01:01.001');
    expect(vttTimestamp(36_000)).toBe('10:00:00.000');
  });
});

describe('pointStoryboardAt', () => {
  it('points every cue at the served image, query included', () => {
    const layout = storyboardLayout({ durationSeconds: 3, width: 320, height: 180 });
    expect(pointStoryboardAt(buildStoryboardVtt(layout), '7.jpg?token=a.b-c')).toBe(
      'WEBVTT\n\n' +
        '00:00:00.000 --> 00:00:01.000\n7.jpg?token=a.b-c#xywh=0,0,160,90\n\n' +
        '00:00:01.000 --> 00:00:02.000\n7.jpg?token=a.b-c#xywh=160,0,160,90\n\n' +
        '00:00:02.000 --> 00:00:03.000\n7.jpg?token=a.b-c#xywh=320,0,160,90\n',
    );
  });
});
