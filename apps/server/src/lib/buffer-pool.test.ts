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

  it('lets go of the spare buffers not needed for a whole trimMs', async () => {
    const pool = createBufferPool({ size: 16, maxFree: 8, trimMs: 30 });
    const taken = Array.from({ length: 6 }, () => pool.take());
    for (const buffer of taken) pool.give(buffer);
    expect(pool.free).toBe(6);
    // Still in use: some are taken and given back continually.
    const busy = setInterval(() => pool.give(pool.take()), 5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    clearInterval(busy);
    expect(pool.free).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(pool.free).toBe(0));
  });
});
