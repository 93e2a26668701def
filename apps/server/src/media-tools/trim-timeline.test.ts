import { describe, expect, it } from 'vitest';
import { planVideo, type RenditionFrames } from './trim-plan.ts';
import { cutChapters, cutCues, cutDuration, keptSpans } from './trim-timeline.ts';

/** 100 s at 25 fps, pictures from 0.08 s, a keyframe every 2 s. */
const frames: RenditionFrames = {
  pts: Array.from({ length: 2500 }, (_, n) => Math.round((0.08 + n / 25) * 1000) / 1000),
  keyframes: Array.from({ length: 50 }, (_, k) => k * 50),
  lastFrameSeconds: 0.04,
};
/** The first 30 s removed, then 50 s to 60 s: 30.08-50.08 and 60.08-100.08 kept. */
const spans = keptSpans(
  planVideo(frames, [
    { start: 30.08, end: 50.08 },
    { start: 60.08, end: 100.08 },
  ]),
  0.08,
);
const round = (value: number) => Math.round(value * 1000) / 1000;

describe('keptSpans', () => {
  it('places each kept range after the one before, from the first picture on', () => {
    expect(spans.map((s) => [s.sourceStart, round(s.sourceEnd), round(s.outputStart)])).toEqual([
      [30.08, 50.08, 0.08],
      [60.08, 100.08, 20.08],
    ]);
    expect(round(cutDuration(spans))).toBe(60.08);
  });
});

describe('cutCues', () => {
  const cue = (start: number, end: number, text = 'Bonsoir') => ({ start, end, text });
  const rounded = (cues: ReturnType<typeof cutCues>) =>
    cues.map((c) => [round(c.start), round(c.end), c.text]);

  it('moves the cues kept, clips those a cut goes through, drops those removed', () => {
    expect(
      rounded(
        cutCues(
          [
            cue(10, 12, 'avant'),
            cue(29, 32, 'à cheval'),
            cue(40, 42, 'gardé'),
            cue(55, 57, 'entracte'),
            cue(99, 103, 'fin'),
          ],
          spans,
        ),
      ),
    ).toEqual([
      [0.08, 2, 'à cheval'],
      [10, 12, 'gardé'],
      [59, 60.08, 'fin'],
    ]);
  });

  it('joins a cue across a removed part where its pieces meet, and drops slivers', () => {
    expect(rounded(cutCues([cue(49, 62, 'long'), cue(30.05, 30.12, 'bref')], spans))).toEqual([
      [19, 22, 'long'],
    ]);
  });
});

describe('cutChapters', () => {
  it('moves each act with what it names; one whose start was cut begins where it resumes', () => {
    expect(
      cutChapters(
        [
          { start: 0, title: 'Accueil' },
          { start: 31, title: 'Acte I' },
          { start: 55, title: 'Entracte' },
          { start: 70, title: 'Acte II' },
          { start: 101, title: 'Après' },
        ],
        spans,
      ).map((c) => [round(c.start), c.title]),
    ).toEqual([
      [0, 'Accueil'],
      [1, 'Acte I'],
      [20.08, 'Entracte'],
      [30, 'Acte II'],
    ]);
  });

  it('keeps the later of two chapters that land on the same time', () => {
    expect(
      cutChapters(
        [
          { start: 5, title: 'Balances' },
          { start: 20, title: 'Installation' },
          { start: 30.08, title: 'Le spectacle' },
        ],
        spans,
      ),
    ).toEqual([{ start: 0, title: 'Le spectacle' }]);
  });
});
