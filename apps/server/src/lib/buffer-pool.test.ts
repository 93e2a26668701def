import { describe, expect, it, vi } from 'vitest';
import { createBufferPool } from './buffer-pool.ts';

describe('buffer pool', () => {
  it('hands back the buffers given to it, keeping at most maxFree', () => {
    const pool = createBufferPool({ size: 16, maxFree: 2 });
    const taken = [pool.take(), pool.take(), pool.take()];
    expect(taken.every((buffer) => buffer.length === 16)).toBe(true);
    expect(pool.out).toBe(3);
    for (const buffer of taken) pool.give(buffer);
    expect([pool.out, pool.free]).toEqual([0, 2]);
    const again = [pool.take(), pool.take(), pool.take()];
    expect(again.filter((buffer) => taken.includes(buffer)).length).toBe(2);
  });

  it('lets go of the spare buffers not needed for a whole trimMs', () => {
    vi.useFakeTimers();
    try {
      const pool = createBufferPool({ size: 16, maxFree: 8, trimMs: 30 });
      const taken = Array.from({ length: 6 }, () => pool.take());
      for (const buffer of taken) pool.give(buffer);
      expect(pool.free).toBe(6);
      // Still in use: one is taken and given back every 5 ms, through three trims.
      const busy = setInterval(() => pool.give(pool.take()), 5);
      vi.advanceTimersByTime(100);
      expect(pool.free).toBe(1);
      clearInterval(busy);
      // Unused for a whole trimMs: the last one goes, and so does the trimming timer.
      vi.advanceTimersByTime(60);
      expect(pool.free).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
