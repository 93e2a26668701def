import { describe, expect, it } from 'vitest';
import { fileOfBytes } from '../../testing/files.ts';
import { mp4CreationTime } from './mp4-creation-date.ts';
import { box, ftyp, join, largeBox, mvhd } from './testing/mp4-bytes.ts';

const recorded = new Date('2026-03-14T18:30:05Z');
const mp4 = (...parts: Uint8Array[]) => fileOfBytes('clip.mp4', join(...parts));

describe('the MP4 creation date', () => {
  it('reads mvhd when moov comes after the media, past a 64-bit mdat', async () => {
    const file = mp4(
      ftyp,
      largeBox('mdat', new Uint8Array(3000)),
      box('moov', mvhd(recorded), box('trak')),
    );
    expect(await mp4CreationTime(file)).toEqual(recorded);
  });

  it('reads a version 1 mvhd in a moov placed first (fast start)', async () => {
    const file = mp4(ftyp, box('moov', mvhd(recorded, 1)), box('mdat', new Uint8Array(500)));
    expect(await mp4CreationTime(file)).toEqual(recorded);
  });

  it('finds mvhd after other boxes inside moov', async () => {
    const file = mp4(ftyp, box('moov', box('udta', new Uint8Array(40)), mvhd(recorded)));
    expect(await mp4CreationTime(file)).toEqual(recorded);
  });

  it('ignores an unset (0), ancient or future date', async () => {
    const now = Date.parse('2026-05-01T00:00:00Z');
    expect(await mp4CreationTime(mp4(ftyp, box('moov', mvhd(0))), now)).toBeNull();
    const ancient = new Date('1904-01-02T00:00:00Z');
    expect(await mp4CreationTime(mp4(ftyp, box('moov', mvhd(ancient))), now)).toBeNull();
    const future = new Date('2030-01-01T00:00:00Z');
    expect(await mp4CreationTime(mp4(ftyp, box('moov', mvhd(future))), now)).toBeNull();
  });

  it('answers null for a file with no moov, or that is no MP4', async () => {
    expect(await mp4CreationTime(mp4(ftyp, box('mdat', new Uint8Array(100))))).toBeNull();
    const text = fileOfBytes('notes.mp4', new TextEncoder().encode('pas une vidéo du tout'));
    expect(await mp4CreationTime(text)).toBeNull();
    // A moov cut short: its size says more than the file holds.
    const truncated = box('moov', mvhd(recorded)).slice(0, 40);
    expect(await mp4CreationTime(mp4(ftyp, truncated))).toBeNull();
  });
});
