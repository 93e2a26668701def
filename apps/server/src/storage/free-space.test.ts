import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTmpDir } from '../test/test-env.ts';
import { createDiskGuard, describeDiskCheck, freeBytes, statfsSpace } from './free-space.ts';

const GiB = 1024 ** 3;

describe('the disk guard', () => {
  it('lets through what keeps the free space at or above the floor, counting what is promised', async () => {
    let promised = 0;
    const guard = createDiskGuard({
      folder: '/unused',
      floor: { fraction: 0.05, bytes: 10 * GiB },
      // A 100 GiB disk: the floor is 5 GiB (smaller than 10 GiB).
      space: async () => ({ available: 8 * GiB, total: 100 * GiB }),
      promised: async () => promised,
    });
    expect(await guard.room()).toEqual({
      available: 8 * GiB,
      promised: 0,
      floor: Math.ceil(0.05 * 100 * GiB),
      room: 8 * GiB - Math.ceil(0.05 * 100 * GiB),
    });
    expect((await guard.check(3 * GiB - 1)).ok).toBe(true);
    expect((await guard.check(3 * GiB + 1)).ok).toBe(false);
    // An unknown length asks for nothing: refused only below the floor.
    expect((await guard.check(0)).ok).toBe(true);
    promised = 2 * GiB;
    const check = await guard.check(2 * GiB);
    expect(check).toMatchObject({
      ok: false,
      length: 2 * GiB,
      room: 6 * GiB - Math.ceil(0.05 * 100 * GiB),
    });
    expect(describeDiskCheck(check)).toBe(
      'needs 2 GiB, 8 GiB free, 2 GiB promised to uploads, floor 5 GiB (DISK_FREE_FLOOR)',
    );
    promised = 4 * GiB;
    expect((await guard.check(0)).ok).toBe(false);
  });

  it('reads the real filesystem by statfs', async () => {
    const folder = mkdtempSync(path.join(testTmpDir, 'statfs-'));
    const space = await statfsSpace(folder);
    expect(space.total).toBeGreaterThan(0);
    expect(space.available).toBeGreaterThan(0);
    expect(space.available).toBeLessThanOrEqual(space.total);
    // Other writers move it between two reads: only its bounds are stable.
    expect(await freeBytes(folder)).toBeGreaterThan(0);
    expect(await freeBytes(folder)).toBeLessThanOrEqual(space.total);
  });
});
