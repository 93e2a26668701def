import { describe, expect, it } from 'vitest';
import { createPacer } from './media-move-pacer.ts';

describe("the move's pacing (MEDIA_MOVE_SPEED)", () => {
  it('holds copies to the given rate, and lets them run free at 0', async () => {
    const paced = createPacer(10_000_000);
    const started = Date.now();
    for (let i = 0; i < 4; i += 1) await paced.pace(1_000_000);
    // 4 MB at 10 MB/s: 400 ms at least.
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);

    const free = createPacer(0);
    const freeStarted = Date.now();
    for (let i = 0; i < 4; i += 1) await free.pace(1_000_000_000);
    expect(Date.now() - freeStarted).toBeLessThan(100);
  });

  it('keeps no more than a second of credit from a pause', async () => {
    const paced = createPacer(10_000_000);
    await paced.pace(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const started = Date.now();
    // After 1.5 s idle: 1 s of credit (10 MB) then the rate again, not 15 MB at once.
    for (let i = 0; i < 15; i += 1) await paced.pace(1_000_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('stops waiting when the run is stopped', async () => {
    const paced = createPacer(1_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('shutdown')), 50);
    await expect(paced.pace(1_000_000, controller.signal)).rejects.toThrow('shutdown');
  });
});
