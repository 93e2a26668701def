import { describe, expect, it } from 'vitest';
import { liveMasterPlaylist, livePartArgs, variantNames } from './live-args.ts';

const files = { recording: '/m/lives/3/7/part-2.ts', hlsFolder: '/m/lives/3/7/hls', part: 2 };
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('the ffmpeg arguments of a live part', () => {
  it('without a ladder: one ffmpeg copies the source into the recording and its HLS', () => {
    const [copy, ...others] = livePartArgs(files, {
      heights: [],
      segmentSeconds: 2,
      dvrSeconds: 7200,
    });
    expect(others).toEqual([]);
    expect(copy!.slice(0, 8)).toEqual([
      '-hide_banner',
      '-nostats',
      '-loglevel',
      'error',
      '-f',
      'flv',
      '-i',
      'pipe:0',
    ]);
    expect(copy).not.toContain('libx264');
    // The recording, flushed packet by packet.
    expect(copy!.slice(copy!.indexOf('mpegts') - 1, copy!.indexOf(files.recording) + 1)).toEqual([
      '-f',
      'mpegts',
      '-flush_packets',
      '1',
      files.recording,
    ]);
    expect(after(copy!, '-hls_time')).toBe('2');
    // Two hours of 2 s segments stay listed for latecomers.
    expect(after(copy!, '-hls_list_size')).toBe('3600');
    expect(after(copy!, '-hls_segment_filename')).toBe('/m/lives/3/7/hls/%v/seg-2-%05d.ts');
    expect(after(copy!, '-var_stream_map')).toBe('v:0,a:0,name:source');
    expect(after(copy!, '-hls_flags')).toContain('append_list');
    expect(after(copy!, '-hls_flags')).toContain('omit_endlist');
  });

  it('with a ladder: a second ffmpeg encodes the rungs, cut on the same 2 s grid', () => {
    const ladder = { heights: [720, 480], segmentSeconds: 2, dvrSeconds: 60 };
    const [copy, rungs] = livePartArgs(files, ladder);
    expect(copy).not.toContain('libx264');
    expect(after(rungs!, '-filter:v:0')).toBe('scale=-2:720');
    expect(after(rungs!, '-filter:v:1')).toBe('scale=-2:480');
    expect(after(rungs!, '-b:v:1')).toBe('1200k');
    expect(after(rungs!, '-force_key_frames')).toBe('expr:gte(t,n_forced*2)');
    expect(after(rungs!, '-var_stream_map')).toBe('v:0,a:0,name:720p v:1,a:1,name:480p');
    expect(after(rungs!, '-hls_list_size')).toBe('30');
    expect(rungs).not.toContain(files.recording);
    expect(variantNames(ladder)).toEqual(['source', '720p', '480p']);
  });
});

describe('the master playlist', () => {
  it('announces the source at its own bitrate and size, then each rung at its cap', () => {
    expect(liveMasterPlaylist({ width: 1920, height: 1080, kbps: 4500 }, { heights: [480] })).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=4660000,RESOLUTION=1920x1080',
        'source/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=1360000,RESOLUTION=854x480',
        '480p/index.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('never announces a source at 0 b/s, which every player would pick first', () => {
    const playlist = liveMasterPlaylist({ width: 0, height: 0, kbps: 0 }, { heights: [] });
    expect(playlist).toContain('#EXT-X-STREAM-INF:BANDWIDTH=6160000\nsource/index.m3u8');
  });
});
