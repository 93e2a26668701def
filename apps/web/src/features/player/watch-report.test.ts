import { describe, expect, it, vi } from 'vitest';
import type { Heartbeat } from '@plateau/contract';
import { fieldLimits } from '@plateau/contract/constants';
import { createPlayedRanges, createWatchReporter, newWatchId } from './watch-report.ts';

/** Readings every 0.25 s from `from` to `to`, as `timeupdate` gives them. */
const play = (add: (time: number) => unknown, from: number, to: number, step = 0.25) => {
  for (let time = from; time <= to + 1e-9; time += step) add(time);
};

describe('createPlayedRanges', () => {
  it('makes one range of a steady playing, rounded to the millisecond', () => {
    const ranges = createPlayedRanges();
    play(ranges.add, 3, 8, 0.1);
    expect(ranges.take()).toEqual([{ start: 3, end: 8 }]);
  });

  it('splits at a seek, and at a jump with no seek event, forwards or back', () => {
    const ranges = createPlayedRanges();
    play(ranges.add, 0, 4);
    ranges.cut();
    play(ranges.add, 60, 62);
    // Backwards with no seek (a loop), then forwards past 1.5 s (a live catching up).
    play(ranges.add, 10, 11);
    play(ranges.add, 20, 21);
    expect(ranges.take()).toEqual([
      { start: 0, end: 4 },
      { start: 60, end: 62 },
      { start: 10, end: 11 },
      { start: 20, end: 21 },
    ]);
  });

  it('keeps one range at twice the speed (steps of half a second)', () => {
    const ranges = createPlayedRanges();
    play(ranges.add, 0, 20, 0.5);
    expect(ranges.take()).toEqual([{ start: 0, end: 20 }]);
  });

  it('gives what was played since the last take only, the range going on from there', () => {
    const ranges = createPlayedRanges();
    play(ranges.add, 0, 10);
    expect(ranges.take()).toEqual([{ start: 0, end: 10 }]);
    expect(ranges.take()).toEqual([]);
    play(ranges.add, 10.25, 15);
    expect(ranges.take()).toEqual([{ start: 10, end: 15 }]);
  });

  it('drops ranges under 0.05 s, and keeps a short running one for the next take', () => {
    const ranges = createPlayedRanges();
    ranges.add(5);
    ranges.add(5.02);
    ranges.cut();
    ranges.add(30);
    ranges.add(30.03);
    expect(ranges.take()).toEqual([]);
    ranges.add(30.5);
    expect(ranges.take()).toEqual([{ start: 30, end: 30.5 }]);
  });

  it('rounds to the millisecond', () => {
    const ranges = createPlayedRanges();
    ranges.add(1.00049);
    ranges.add(2.12351);
    expect(ranges.take()).toEqual([{ start: 1, end: 2.124 }]);
  });

  it('ignores readings that are no position (NaN before metadata, negative, past 48 h)', () => {
    const ranges = createPlayedRanges();
    [Number.NaN, -1, Number.POSITIVE_INFINITY, 48 * 3600 + 1].forEach((time) => ranges.add(time));
    expect(ranges.take()).toEqual([]);
  });

  it(`asks to send once ${fieldLimits.heartbeatRanges} ranges are held, never gives more`, () => {
    const ranges = createPlayedRanges();
    const full: boolean[] = [];
    for (let i = 0; i < fieldLimits.heartbeatRanges + 5; i += 1) {
      full.push(ranges.add(i * 10));
      full.push(ranges.add(i * 10 + 1));
    }
    // The 20th range opens at reading 39 (index 38): from then on it asks.
    expect(full.indexOf(true)).toBe(2 * (fieldLimits.heartbeatRanges - 1));
    const taken = ranges.take();
    expect(taken).toHaveLength(fieldLimits.heartbeatRanges);
    expect(taken[0]).toEqual({ start: 0, end: 1 });
    expect(taken.at(-1)).toEqual({ start: 190, end: 191 });
    // Once taken, it counts again.
    play(ranges.add, 500, 501);
    expect(ranges.take()).toEqual([{ start: 500, end: 501 }]);
  });
});

describe('newWatchId', () => {
  it('is 16 characters the contract accepts, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newWatchId()));
    expect(ids.size).toBe(50);
    ids.forEach((id) => expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/));
  });
});

const reporterFor = (
  subject: { videoId: number } | { directId: number },
  token: string | null = null,
) => {
  const sent: { beat: Heartbeat; token: string | null }[] = [];
  const reporter = createWatchReporter({
    subject,
    token: () => token,
    send: (beat, sentWith) => sent.push({ beat, token: sentWith }),
  });
  return { reporter, sent };
};

describe('createWatchReporter', () => {
  it('sends nothing when nothing was played', () => {
    const send = vi.fn();
    const reporter = createWatchReporter({ subject: { videoId: 7 }, token: () => null, send });
    reporter.flush();
    reporter.seeking();
    reporter.played(12);
    reporter.flush();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the played ranges with the video, one watch id and a growing sequence', () => {
    const { reporter, sent } = reporterFor({ videoId: 7 }, 'jeton');
    play(reporter.played, 0, 10);
    reporter.flush();
    play(reporter.played, 10.25, 14);
    reporter.seeking();
    play(reporter.played, 30, 32);
    reporter.flush();
    reporter.flush();
    expect(sent.map(({ beat }) => beat.sequence)).toEqual([0, 1, 2]);
    expect(sent.map(({ beat }) => beat.played)).toEqual([
      [{ start: 0, end: 10 }],
      [{ start: 10, end: 14 }],
      [{ start: 30, end: 32 }],
    ]);
    const [first] = sent;
    expect(first).toEqual({
      beat: {
        videoId: 7,
        watch: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
        sequence: 0,
        played: [{ start: 0, end: 10 }],
      },
      token: 'jeton',
    });
    expect(new Set(sent.map(({ beat }) => beat.watch)).size).toBe(1);
  });

  it('names a live by its direct, and nothing else from the subject', () => {
    const subject = { directId: 12, title: 'Gala' } as { directId: number };
    const { reporter, sent } = reporterFor(subject);
    play(reporter.played, 100, 101);
    reporter.flush();
    expect(Object.keys(sent[0]!.beat).sort()).toEqual(['directId', 'played', 'sequence', 'watch']);
    expect(sent[0]!.beat.directId).toBe(12);
    expect(sent[0]!.token).toBeNull();
  });

  it('reads the token at each send', () => {
    let token: string | null = null;
    const send = vi.fn();
    const reporter = createWatchReporter({ subject: { videoId: 7 }, token: () => token, send });
    play(reporter.played, 0, 1);
    reporter.flush();
    token = 'apres-connexion';
    play(reporter.played, 1.25, 2);
    reporter.flush();
    expect(send.mock.calls.map(([, sentWith]) => sentWith)).toEqual([null, 'apres-connexion']);
  });

  it('sends early when the ranges are full, each heartbeat within the cap', () => {
    const { reporter, sent } = reporterFor({ videoId: 7 });
    // 45 stretches of 1 s, 10 s apart (a viewer skipping along with the keys).
    for (let i = 0; i < 45; i += 1) play(reporter.played, i * 10, i * 10 + 1);
    reporter.flush();
    const counts = sent.map(({ beat }) => beat.played.length);
    expect(counts.every((count) => count <= fieldLimits.heartbeatRanges)).toBe(true);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(45);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.map(({ beat }) => beat.sequence)).toEqual(sent.map((_, i) => i));
  });

  it('gives each playing its own watch id', () => {
    const a = reporterFor({ videoId: 7 });
    const b = reporterFor({ videoId: 7 });
    play(a.reporter.played, 0, 1);
    play(b.reporter.played, 0, 1);
    a.reporter.flush();
    b.reporter.flush();
    expect(a.sent[0]!.beat.watch).not.toBe(b.sent[0]!.beat.watch);
  });
});
