import { describe, expect, it } from 'vitest';
import { composeKept, placeInKept, servedKept } from './kept-ranges.ts';

describe('the first version through the cuts applied since', () => {
  it('places a moment of the first version in one cut, and drops what it removed', () => {
    const kept: [number, number][] = [
      [10_000, 20_000],
      [30_000, 40_000],
    ];
    expect(placeInKept(null, 12_345)).toBe(12_345);
    expect(placeInKept(kept, 10_000)).toBe(0);
    expect(placeInKept(kept, 15_000)).toBe(5_000);
    expect(placeInKept(kept, 31_000)).toBe(11_000);
    expect(placeInKept(kept, 5_000)).toBeNull();
    expect(placeInKept(kept, 25_000)).toBeNull();
    expect(placeInKept(kept, 40_000)).toBeNull();
  });

  it('composes a second cut, made on the first one’s result, onto the first version', () => {
    const first: [number, number][] = [
      [10_000, 20_000],
      [30_000, 40_000],
    ];
    // On the 20 s the first cut left: 5-15 s spans its cut, 18-20 s is in its second range.
    const second = composeKept(first, [
      [5_000, 15_000],
      [18_000, 20_000],
    ]);
    expect(second).toEqual([
      [15_000, 20_000],
      [30_000, 35_000],
      [38_000, 40_000],
    ]);
    expect(placeInKept(second, 16_000)).toBe(1_000);
    expect(placeInKept(second, 31_000)).toBe(6_000);
    expect(placeInKept(second, 39_000)).toBe(11_000);
    expect(placeInKept(second, 12_000)).toBeNull();
    expect(composeKept(null, [[1, 2]])).toEqual([[1, 2]]);
  });

  it('serves a cut’s ranges once done, and the version before while asked, failed or undone', () => {
    const cut = {
      keepMs: [[0, 5_000]] as [number, number][],
      originalKeepMs: [[10_000, 15_000]] as [number, number][],
      originalBeforeMs: [[10_000, 20_000]] as [number, number][],
    };
    expect(servedKept(undefined)).toBeNull();
    expect(servedKept({ ...cut, state: 'done' })).toEqual([[10_000, 15_000]]);
    for (const state of ['queued', 'running', 'failed', 'undone', 'awaiting']) {
      expect(servedKept({ ...cut, state })).toEqual([[10_000, 20_000]]);
    }
    expect(servedKept({ ...cut, state: 'done', originalKeepMs: null })).toEqual([[0, 5_000]]);
  });
});
