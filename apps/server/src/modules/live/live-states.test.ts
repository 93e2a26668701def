import { describe, expect, it } from 'vitest';
import { liveTransitions, onEnd, onPublish, type LiveRowState } from './live-states.ts';

describe("a live's states", () => {
  it.each([
    [undefined, 'start'],
    ['ended', 'start'],
    ['live', ['lost', 'resumed']],
    ['reconnecting', ['resumed']],
    ['ending', 'refuse'],
  ] as const)('a publish with the open live %s: %j', (open, expected) => {
    expect(onPublish(open)).toEqual(expected);
  });

  it.each([
    [undefined, null],
    ['live', 'ending'],
    ['reconnecting', 'ending'],
    ['ending', null],
    ['ended', null],
  ] as const)('ending the open live %s: %j', (open, expected) => {
    expect(onEnd(open)).toEqual(expected);
  });

  it.each(['live', 'reconnecting'] as const)(
    'a publish continuing a %s live takes each step from the state it is in, back to live',
    (open) => {
      const plan = onPublish(open) as readonly (keyof typeof liveTransitions)[];
      const reached = plan.reduce<LiveRowState>((state, step) => {
        expect(liveTransitions[step].from as readonly string[]).toContain(state);
        return liveTransitions[step].to;
      }, open);
      expect(reached).toBe('live');
    },
  );

  it('ends only from where ending may start, and never leaves ended', () => {
    const from = (to: LiveRowState) =>
      Object.values(liveTransitions)
        .filter((transition) => transition.to === to)
        .flatMap((transition) => transition.from);
    expect(from('ending').sort()).toEqual(['live', 'reconnecting']);
    expect(from('ended')).toEqual(['ending']);
    const leaving = Object.values(liveTransitions).flatMap((t) => t.from as readonly string[]);
    expect(leaving).not.toContain('ended');
  });
});
