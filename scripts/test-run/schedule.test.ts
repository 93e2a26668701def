import { describe, expect, it } from 'vitest';
import { scheduleFiles } from './schedule.ts';

const file = (name: string, seconds: number, holdsMachine = false) => ({
  file: name,
  ms: seconds * 1000,
  holdsMachine,
});

describe('the order of the test files', () => {
  it('is the longest first when no file holds the machine', () => {
    expect(scheduleFiles([file('a', 10), file('b', 30), file('c', 20)], 3)).toEqual([
      'b',
      'c',
      'a',
    ]);
  });

  it('hands out a file that holds the machine only once the one before has let it go', () => {
    // Three live scenarios and short files, on three workers: the lives one after another,
    // the short files beside them.
    const order = scheduleFiles(
      [
        file('live', 190, true),
        file('chat-live', 60, true),
        file('statistics', 40, true),
        ...Array.from({ length: 12 }, (_, i) => file(`short-${i}`, 30)),
      ],
      3,
    );
    expect(order.slice(0, 3)).toEqual(['live', 'short-0', 'short-1']);
    // chat-live is handed out at 180 s at the earliest (the live ends at 190 s): after the
    // twelve short files (six rounds of two workers, 30 s each).
    expect(order.indexOf('chat-live')).toBe(13);
    expect(order.at(-1)).toBe('statistics');
  });
});
