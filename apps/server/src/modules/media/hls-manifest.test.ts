import { describe, expect, it } from 'vitest';
import {
  buildMasterPlaylist,
  buildMediaPlaylist,
  buildSubtitlesPlaylist,
  renditionBandwidth,
  renditionDuration,
} from './hls-manifest.ts';

/** Two fragments of 2 s and a last one of 0.5 s, at a 15360 Hz timescale. */
const rung720 = {
  rung: 720,
  init: { offset: 0, length: 1257 },
  timescale: 15360,
  segments: [
    [1433, 500_000, 30720, true],
    [501_433, 600_000, 30720, true],
    [1_101_433, 200_000, 7680, true],
  ] as [number, number, number, boolean][],
  codecs: ['avc1.64001f', 'mp4a.40.2'],
  width: 1280,
  height: 720,
};
const rung240 = {
  ...rung720,
  rung: 240,
  segments: [[1400, 50_000, 30720, true]] as [number, number, number, boolean][],
  codecs: ['avc1.640015'],
  width: 426,
  height: 240,
};

describe('renditionBandwidth', () => {
  it('takes the peak over whole fragments, not the last stub, and the mean over all', () => {
    // 600,000 bytes in 2 s = 2.4 Mbit/s; the 0.5 s stub's 3.2 Mbit/s is left out of the peak.
    expect(renditionBandwidth(rung720)).toEqual({
      peak: 2_400_000,
      average: Math.ceil((1_300_000 * 8) / 4.5),
    });
  });
});

describe('buildMasterPlaylist', () => {
  it('lists one variant per rung, best first, with its bandwidth, size and codecs', () => {
    expect(buildMasterPlaylist([rung240, rung720])).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=2400000,AVERAGE-BANDWIDTH=2311112,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
        '720.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=200000,AVERAGE-BANDWIDTH=200000,RESOLUTION=426x240,CODECS="avc1.640015"',
        '240.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('carries the version and a token into every URI, escaped', () => {
    const text = buildMasterPlaylist([rung720, rung240], { token: 'a.b+c/d=', version: 0 });
    expect(text.split('\n').filter((line) => !line.startsWith('#') && line !== '')).toEqual([
      '720.m3u8?v=0&token=a.b%2Bc%2Fd%3D',
      '240.m3u8?v=0&token=a.b%2Bc%2Fd%3D',
    ]);
  });
});

describe('buildMasterPlaylist with captions', () => {
  it('lists each language in one subtitles group, named in French, and names it in every variant', () => {
    expect(buildMasterPlaylist([rung240, rung720], undefined, ['en', 'fr'])).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="sous-titres",NAME="Anglais",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=NO,URI="captions/en.m3u8"',
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="sous-titres",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=NO,URI="captions/fr.m3u8"',
        '#EXT-X-STREAM-INF:BANDWIDTH=2400000,AVERAGE-BANDWIDTH=2311112,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",SUBTITLES="sous-titres"',
        '720.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=200000,AVERAGE-BANDWIDTH=200000,RESOLUTION=426x240,CODECS="avc1.640015",SUBTITLES="sous-titres"',
        '240.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('carries the token into the subtitles URIs too', () => {
    const text = buildMasterPlaylist([rung240], { token: 'a+b' }, ['de']);
    expect(text).toContain('NAME="Allemand",LANGUAGE="de",');
    expect(text).toContain('URI="captions/de.m3u8?token=a%2Bb"');
  });
});

describe('buildSubtitlesPlaylist', () => {
  it('serves the whole WebVTT file as one segment lasting the video, target rounded up', () => {
    expect(renditionDuration(rung720)).toBe(4.5);
    expect(buildSubtitlesPlaylist(12, 'fr', renditionDuration(rung720))).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:5',
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXTINF:4.500000,',
        '../../../captions/12/fr.vtt',
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
  });

  it('reaches the caption route from the playlist’s URL, with the token', () => {
    const text = buildSubtitlesPlaylist(7, 'en', 40, { token: 'x/y', version: 3 });
    expect(text).toContain('#EXT-X-TARGETDURATION:40\n');
    const uri = text.split('\n').find((line) => line !== '' && !line.startsWith('#'))!;
    expect(new URL(uri, 'http://plateau/api/media/hls/7/captions/en.m3u8').href).toBe(
      'http://plateau/api/media/captions/7/en.vtt?v=3&token=x%2Fy',
    );
  });
});

describe('buildMediaPlaylist', () => {
  it('maps the init segment and each fragment to a byte range of the rendition', () => {
    expect(buildMediaPlaylist(12, rung720)).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:2',
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-MAP:URI="../../video/12/720",BYTERANGE="1257@0"',
        '#EXTINF:2.000000,',
        '#EXT-X-BYTERANGE:500000@1433',
        '../../video/12/720',
        '#EXTINF:2.000000,',
        '#EXT-X-BYTERANGE:600000@501433',
        '../../video/12/720',
        '#EXTINF:0.500000,',
        '#EXT-X-BYTERANGE:200000@1101433',
        '../../video/12/720',
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
  });

  it('rounds the target duration to the longest fragment, and carries the token', () => {
    const uneven = {
      ...rung240,
      timescale: 1000,
      segments: [
        [1400, 10, 2002, true],
        [1410, 10, 2600, true],
      ] as [number, number, number, boolean][],
    };
    const text = buildMediaPlaylist(7, uneven, { token: 'tok en', version: 12 });
    expect(text).toContain('#EXT-X-TARGETDURATION:3\n');
    expect(text).toContain(
      '#EXT-X-MAP:URI="../../video/7/240?v=12&token=tok%20en",BYTERANGE="1257@0"',
    );
    expect(text).toContain(
      '#EXTINF:2.002000,\n#EXT-X-BYTERANGE:10@1400\n../../video/7/240?v=12&token=tok%20en\n',
    );
  });
});
