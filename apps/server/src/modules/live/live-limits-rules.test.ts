import { describe, expect, it } from 'vitest';
import { limitBreach, streamRefusal } from './live-limits.ts';
import { problems } from './live-problems.ts';

const limits = { maxHeight: 1080, maxKbps: 12_000, maxHours: 6, minFreeMb: 2048 };
const fine = { codecs: undefined, height: 1080, freeMb: 50_000 };

describe('a stream', () => {
  it.each([
    ['is taken when all is well', {}, undefined],
    [
      'is not H.264/AAC, whatever else',
      { codecs: 'Flux refusé : HEVC', height: 2160 },
      'Flux refusé : HEVC',
    ],
    ['is too tall', { height: 1440 }, problems.tooHigh(1440, 1080)],
    ['finds the disk nearly full', { freeMb: 100 }, problems.diskFull],
  ] as const)('%s', (_what, change, expected) => {
    expect(streamRefusal(limits, { ...fine, ...change })).toBe(expected);
  });
});

describe("a running live's limits", () => {
  const now = { kbps: 6000, freeMb: 50_000, hours: 1 };
  it.each([
    ['hold', {}, undefined],
    ['allow a burst below half again the cap', { kbps: 17_999 }, undefined],
    [
      'cut the encoder past it',
      { kbps: 18_500 },
      { message: problems.tooManyKbps(18_500, 12_000), ends: false },
    ],
    ['cut the encoder on a full disk', { freeMb: 10 }, { message: problems.diskFull, ends: false }],
    ['end the live at its duration', { hours: 6 }, { message: problems.tooLong(6), ends: true }],
  ] as const)('%s', (_what, change, expected) => {
    expect(limitBreach(limits, { ...now, ...change })).toEqual(expected);
  });
});
