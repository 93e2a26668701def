import { describe, expect, it } from 'vitest';
import {
  handleBounds,
  isWhole,
  loudnessBars,
  maxZoom,
  moveHandle,
  removedSpans,
  removePassage,
  removeRange,
  resultTimeFrom,
  scrollKeeping,
  setIn,
  setOut,
  spokenTime,
  stepFrames,
  stepSeconds,
  typeEdge,
  wholeVideo,
  zoomStep,
} from './trim-spans.ts';

const gala = [
  { start: 30, end: 100 },
  { start: 120, end: 200 },
];

describe('kept ranges', () => {
  it('starts from the whole video and knows it', () => {
    expect(wholeVideo(754.5004)).toEqual([{ start: 0, end: 754.5 }]);
    expect(isWhole(wholeVideo(60), 60)).toBe(true);
    expect(isWhole([{ start: 0.5, end: 60 }], 60)).toBe(false);
    expect(isWhole(gala, 300)).toBe(false);
  });

  it('lists the removed parts around and between the kept ranges', () => {
    expect(removedSpans(gala, 300)).toEqual([
      { start: 0, end: 30 },
      { start: 100, end: 120 },
      { start: 200, end: 300 },
    ]);
    expect(removedSpans(wholeVideo(60), 60)).toEqual([]);
  });

  it('plays the result by jumping over removed parts, and ends after the last range', () => {
    expect(resultTimeFrom(gala, 50)).toBe(50);
    expect(resultTimeFrom(gala, 10)).toBe(30);
    expect(resultTimeFrom(gala, 100)).toBe(120);
    expect(resultTimeFrom(gala, 200)).toBeNull();
  });

  it('holds a handle between its neighbour and a frame short of its other edge', () => {
    expect(handleBounds(gala, 1, 'start', 300)).toEqual({ min: 100, max: 199.967 });
    expect(handleBounds(gala, 0, 'end', 300)).toEqual({ min: 30.033, max: 120 });
    expect(handleBounds(gala, 1, 'end', 300)).toEqual({ min: 120.033, max: 300 });
    expect(moveHandle(gala, 1, 'start', 90, 300)[1]).toEqual({ start: 100, end: 200 });
    expect(moveHandle(gala, 0, 'end', 99.12345, 300)[0]).toEqual({ start: 30, end: 99.123 });
    expect(moveHandle(gala, 1, 'end', 400, 300)[1]).toEqual({ start: 120, end: 300 });
    expect(gala[0]).toEqual({ start: 30, end: 100 });
  });

  it('sets in and out at the playhead, in a kept range or in the removed part beside it', () => {
    expect(setIn(gala, 45.5, 300)).toEqual([{ start: 45.5, end: 100 }, gala[1]]);
    expect(setIn(gala, 110, 300)).toEqual([gala[0], { start: 110, end: 200 }]);
    expect(setIn(gala, 250, 300)).toEqual(gala);
    expect(setOut(gala, 150, 300)).toEqual([gala[0], { start: 120, end: 150 }]);
    expect(setOut(gala, 110, 300)).toEqual([{ start: 30, end: 110 }, gala[1]]);
    expect(setOut(gala, 10, 300)).toEqual(gala);
    expect(setOut(wholeVideo(300), 280, 300)).toEqual([{ start: 0, end: 280 }]);
  });

  it('removes a passage from the playhead, splitting the range or shortening it at an edge', () => {
    expect(removePassage(gala, 60)).toEqual([
      { start: 30, end: 60 },
      { start: 65, end: 100 },
      gala[1],
    ]);
    expect(removePassage(gala, 97)).toEqual([{ start: 30, end: 97 }, gala[1]]);
    expect(removePassage(gala, 30)).toEqual([{ start: 35, end: 100 }, gala[1]]);
    expect(removePassage(gala, 110)).toBeNull();
    expect(removeRange(gala, 0)).toEqual([gala[1]]);
  });

  it('takes a typed edge only inside what that edge allows', () => {
    expect(typeEdge(gala, 1, 'start', 105.25, 300)).toEqual([gala[0], { start: 105.25, end: 200 }]);
    expect(typeEdge(gala, 1, 'start', 90, 300)).toBeNull();
    expect(typeEdge(gala, 1, 'end', 301, 300)).toBeNull();
  });
});

describe('steps and zoom', () => {
  it('steps by frames on the 30 fps grid and by seconds, inside the video', () => {
    expect(stepFrames(10, 1, 60)).toBe(10.033);
    expect(stepFrames(10.033, 1, 60)).toBe(10.067);
    expect(stepFrames(10.033, -1, 60)).toBe(10);
    expect(stepFrames(0, -1, 60)).toBe(0);
    expect(stepSeconds(59.5, 1, 60)).toBe(60);
    expect(stepSeconds(12.25, -1, 60)).toBe(11.25);
  });

  it('zooms by doubling, down to a frame 12 pixels wide and never under the whole video', () => {
    expect(maxZoom(60, 1200)).toBe(18);
    expect(maxZoom(1, 1200)).toBe(1);
    expect(zoomStep(1, 1, 60, 1200)).toBe(2);
    expect(zoomStep(16, 1, 60, 1200)).toBe(18);
    expect(zoomStep(1, -1, 60, 1200)).toBe(1);
    // The time under the playhead stays where it was on screen.
    expect(scrollKeeping(30, 60, 2400, 1200, 600)).toBe(600);
    expect(scrollKeeping(1, 60, 2400, 1200, 600)).toBe(0);
  });

  it('draws the loudest level under each bar', () => {
    const levels = [0, 10, 90, 20, 0, 0];
    // 6 s over 6 pixels, one bar every 2 pixels.
    expect(loudnessBars(levels, 1, 6, 6, 0, 6, 2)).toEqual([
      { x: 0, height: 0.1 },
      { x: 2, height: 0.9 },
      { x: 4, height: 0 },
    ]);
    expect(loudnessBars(levels, 1, 6, 6, 3, 5, 2)).toEqual([
      { x: 2, height: 0.9 },
      { x: 4, height: 0 },
    ]);
    expect(loudnessBars([], 1, 6, 6, 0, 6, 2)).toEqual([]);
  });

  it('says times in French for screen readers', () => {
    expect(spokenTime(12)).toBe('12 s');
    expect(spokenTime(95.25)).toBe('1 min 35,250 s');
    expect(spokenTime(3723)).toBe('1 h 02 min 3 s');
  });
});
