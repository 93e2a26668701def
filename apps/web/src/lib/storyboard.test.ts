import { describe, expect, it } from 'vitest';
import { clampPreview, parseStoryboard, tileAt } from './storyboard.ts';

const TRACK = 'https://plateau.test/api/media/storyboard/7.vtt?token=abc';

/** As the server writes it (apps/server/src/media-tools/storyboard.ts), for a track with a token. */
const SERVER_TRACK = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:05.000',
  '7.jpg?token=abc#xywh=0,0,160,90',
  '',
  '00:00:05.000 --> 00:00:10.000',
  '7.jpg?token=abc#xywh=160,0,160,90',
  '',
  '00:00:10.000 --> 00:00:12.480',
  '7.jpg?token=abc#xywh=0,90,160,90',
  '',
].join('\n');

describe('parseStoryboard', () => {
  it('reads each cue as a time range and a tile of the sprite, resolved against the track', () => {
    expect(parseStoryboard(SERVER_TRACK, TRACK)).toEqual([
      {
        start: 0,
        end: 5,
        image: 'https://plateau.test/api/media/storyboard/7.jpg?token=abc',
        x: 0,
        y: 0,
        width: 160,
        height: 90,
      },
      {
        start: 5,
        end: 10,
        image: 'https://plateau.test/api/media/storyboard/7.jpg?token=abc',
        x: 160,
        y: 0,
        width: 160,
        height: 90,
      },
      {
        start: 10,
        end: 12.48,
        image: 'https://plateau.test/api/media/storyboard/7.jpg?token=abc',
        x: 0,
        y: 90,
        width: 160,
        height: 90,
      },
    ]);
  });

  it('resolves absolute, rooted and parent paths as a browser would', () => {
    const cue = (text: string) =>
      parseStoryboard(`WEBVTT\n\n00:00.000 --> 00:01.000\n${text}#xywh=1,2,3,4`, TRACK)[0]?.image;
    expect(cue('https://cdn.test/s.jpg')).toBe('https://cdn.test/s.jpg');
    expect(cue('/sprites/7.jpg')).toBe('https://plateau.test/sprites/7.jpg');
    expect(cue('../thumbnail/7')).toBe('https://plateau.test/api/media/thumbnail/7');
    // A track asked without a token points at its image without one.
    expect(cue('7.jpg')).toBe('https://plateau.test/api/media/storyboard/7.jpg');
  });

  it('reads short and long timestamps, `pixel:` fragments and cue identifiers', () => {
    const text = [
      'WEBVTT - aperçus',
      '',
      'NOTE made by hand',
      '',
      'un',
      '59:59.5 --> 1:00:00.250 align:start',
      'a.jpg#xywh=pixel:10,20,128,72',
    ].join('\n');
    expect(parseStoryboard(text, TRACK)).toEqual([
      {
        start: 3599.5,
        end: 3600.25,
        image: 'https://plateau.test/api/media/storyboard/a.jpg',
        x: 10,
        y: 20,
        width: 128,
        height: 72,
      },
    ]);
  });

  it('tolerates a byte order mark, CRLF and extra blank lines', () => {
    const text = `\uFEFF${SERVER_TRACK.replaceAll('\n', '\r\n').replaceAll('\r\n\r\n', '\r\n\r\n\r\n')}`;
    const tiles = parseStoryboard(text, TRACK);
    expect(tiles.map(({ start, x, y }) => [start, x, y])).toEqual([
      [0, 0, 0],
      [5, 160, 0],
      [10, 0, 90],
    ]);
  });

  it('leaves out cues with no usable tile, and gives nothing for what is not a storyboard', () => {
    const text = [
      'WEBVTT',
      '',
      '00:00.000 --> 00:01.000',
      'a.jpg',
      '',
      '00:01.000 --> 00:02.000',
      'a.jpg#xywh=percent:0,0,50,50',
      '',
      'xx --> 00:03.000',
      'a.jpg#xywh=0,0,10,10',
      '',
      '00:03.000 --> 00:04.000',
      '',
      '00:04.000 --> 00:05.000',
      'a.jpg#xywh=0,0,0,10',
      '',
      '00:05.000 --> 00:06.000',
      'a.jpg#xywh=20,0,10,10',
    ].join('\n');
    expect(parseStoryboard(text, TRACK).map(({ start, x }) => [start, x])).toEqual([[5, 20]]);
    expect(parseStoryboard('', TRACK)).toEqual([]);
    expect(parseStoryboard('{"message":"Aucun aperçu pour cette vidéo"}', TRACK)).toEqual([]);
  });

  it('keeps tiles in time order whatever the order of the cues', () => {
    const text =
      'WEBVTT\n\n00:02.000 --> 00:04.000\nb.jpg#xywh=1,0,1,1\n\n00:00.000 --> 00:02.000\na.jpg#xywh=0,0,1,1';
    expect(parseStoryboard(text, TRACK).map(({ x }) => x)).toEqual([0, 1]);
  });
});

describe('tileAt', () => {
  const tiles = parseStoryboard(SERVER_TRACK, TRACK);

  it('finds the tile whose range holds the time, a boundary belonging to the next', () => {
    expect(tileAt(tiles, 0)?.x).toBe(0);
    expect(tileAt(tiles, 4.999)?.x).toBe(0);
    expect(tileAt(tiles, 5)?.x).toBe(160);
    expect(tileAt(tiles, 9.5)?.x).toBe(160);
    expect(tileAt(tiles, 10)?.y).toBe(90);
  });

  it('keeps the first and last tiles outside the cues, and answers null without tiles', () => {
    expect(tileAt(tiles, -1)?.x).toBe(0);
    expect(tileAt(tiles, 13)?.y).toBe(90);
    expect(tileAt([], 3)).toBeNull();
  });
});

describe('clampPreview', () => {
  it('centres the bubble on the pointer', () => {
    expect(clampPreview(500, 160, 0, 1000, 4)).toBe(420);
  });

  it('keeps it inside the edges, a margin in', () => {
    expect(clampPreview(30, 160, 0, 1000, 4)).toBe(4);
    expect(clampPreview(990, 160, 0, 1000, 4)).toBe(836);
    // The bar is inset in the player: the edges may lie outside the bar's own coordinates.
    expect(clampPreview(0, 160, -12, 988, 4)).toBe(-8);
    expect(clampPreview(976, 160, -12, 988, 4)).toBe(824);
  });

  it('starts at the left edge in a player narrower than the bubble', () => {
    expect(clampPreview(50, 160, 0, 100, 4)).toBe(4);
  });
});
