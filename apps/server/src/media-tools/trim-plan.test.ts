import { describe, expect, it } from 'vitest';
import { framesOf, planSound, planVideo, type RenditionFrames } from './trim-plan.ts';

/** 20 s at 25 fps as the encode writes it: pictures from 0.08 s (B-frames), a keyframe every 2 s. */
const FPS = 25;
const frames: RenditionFrames = {
  pts: Array.from({ length: 500 }, (_, n) => Math.round((0.08 + n / FPS) * 1000) / 1000),
  keyframes: Array.from({ length: 10 }, (_, k) => k * 50),
  lastFrameSeconds: 1 / FPS,
};
const at = (frame: number) => frames.pts[frame]!;

describe('framesOf', () => {
  it('keeps from the frame showing at the start to the last one beginning before the end', () => {
    expect(framesOf(frames, { start: at(80), end: at(236) })).toEqual([80, 236]);
    // Between two frames: the one on screen then.
    expect(framesOf(frames, { start: at(80) + 0.02, end: at(236) + 0.02 })).toEqual([80, 237]);
    expect(framesOf(frames, { start: 0, end: 30 })).toEqual([0, 500]);
    expect(framesOf(frames, { start: 5, end: 5 })).toEqual([123, 123]);
  });
});

describe('planVideo', () => {
  it('copies the whole GOPs of a range and re-encodes the frames on either side', () => {
    const [pieces] = planVideo(frames, [{ start: at(80), end: at(236) }]);
    expect(pieces!.map(({ kind, first, count }) => [kind, first, count])).toEqual([
      ['encode', 80, 20],
      ['copy', 100, 100],
      ['encode', 200, 36],
    ]);
    expect(pieces![1]).toMatchObject({ start: at(100), seconds: expect.closeTo(4, 6) });
  });

  it('only copies a range from keyframe to keyframe, or to the end of the video', () => {
    const [whole, tail] = planVideo(frames, [
      { start: at(100), end: at(200) },
      { start: at(400), end: 30 },
    ]);
    expect(whole!.map(({ kind, first, count }) => [kind, first, count])).toEqual([
      ['copy', 100, 100],
    ]);
    expect(tail!.map(({ kind, first, count }) => [kind, first, count])).toEqual([
      ['copy', 400, 100],
    ]);
    expect(tail![0]!.seconds).toBeCloseTo(4, 6);
  });

  it('re-encodes an edge of fewer than three frames with the GOP beside it', () => {
    // Two frames before a keyframe, one after: too few for x264 to delay its pictures.
    const [pieces] = planVideo(frames, [{ start: at(98), end: at(301) }]);
    expect(pieces!.map(({ kind, first, count }) => [kind, first, count])).toEqual([
      ['encode', 98, 52],
      ['copy', 150, 100],
      ['encode', 250, 51],
    ]);
    // Three frames are enough.
    const [three] = planVideo(frames, [{ start: at(97), end: at(303) }]);
    expect(three!.map(({ kind, first, count }) => [kind, first, count])).toEqual([
      ['encode', 97, 3],
      ['copy', 100, 200],
      ['encode', 300, 3],
    ]);
  });

  it('re-encodes a range holding no whole GOP', () => {
    const pieces = planVideo(frames, [
      { start: at(110), end: at(130) },
      { start: at(80), end: at(111) },
    ]);
    expect(
      pieces.map((range) => range.map(({ kind, first, count }) => [kind, first, count])),
    ).toEqual([[['encode', 110, 20]], [['encode', 80, 31]]]);
  });
});

describe('planSound', () => {
  const clock = { frameSeconds: 1024 / 48_000, pictureDelay: 0.08 };
  const F = clock.frameSeconds;

  it('starts each range’s sound within half an AAC frame of its picture, without drift', () => {
    const video = planVideo(frames, [
      { start: at(80), end: at(236) },
      { start: at(301), end: at(377) },
      { start: at(433), end: at(470) },
    ]);
    const sound = planSound(video, clock);
    expect(sound).toHaveLength(3);
    let placed = 0;
    let pictureAt = clock.pictureDelay;
    video.forEach((range, index) => {
      const piece = sound[index]!;
      // Where the result plays this piece's first AAC frame, against where its sound belongs.
      const heardAt = placed * F;
      const belongsAt = pictureAt + (piece.first * F - range[0]!.start);
      expect(Math.abs(heardAt - belongsAt)).toBeLessThanOrEqual(F / 2 + 1e-9);
      placed += piece.count;
      pictureAt += range.reduce((sum, p) => sum + p.seconds, 0);
    });
    // The sound ends with the last picture, to half a frame.
    expect(Math.abs(placed * F - pictureAt)).toBeLessThanOrEqual(F / 2);
  });

  it('keeps the sound before the first picture when the cut starts at the beginning', () => {
    const sound = planSound(planVideo(frames, [{ start: 0, end: at(100) }]), clock);
    expect(sound).toEqual([{ first: 0, count: Math.round((0.08 + 4) / F) }]);
  });
});
