import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { testTmpDir } from '../test/test-env.ts';
import { describeDiskFloor, floorBytes, parseDiskFloor } from './disk-floor.ts';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const TB = 1000 ** 4;

describe('DISK_FREE_FLOOR', () => {
  it('defaults to the smaller of 5 % of the disk and 10 GiB', () => {
    const floor = loadConfig({
      DATA_DIR: mkdtempSync(path.join(testTmpDir, 'cfg-')),
    }).diskFreeFloor;
    expect(floor).toEqual({ fraction: 0.05, bytes: 10 * GiB });
    expect(describeDiskFloor(floor)).toBe('5 % or 10 GiB');
    // A 64 GB disk keeps 3.2 GB; a 4 TB one keeps 10 GiB, not 200 GB.
    expect(floorBytes(floor, 64e9)).toBe(3.2e9);
    expect(floorBytes(floor, 4 * TB)).toBe(10 * GiB);
  });

  it.each([
    ['5%', { fraction: 0.05 }],
    ['2.5 %', { fraction: 0.025 }],
    ['0%', { fraction: 0 }],
    ['10GB', { bytes: 10 * GiB }],
    ['500MB', { bytes: 500 * MiB }],
    ['500 Mo', { bytes: 500 * MiB }],
    ['1.5GiB', { bytes: 1.5 * GiB }],
    ['2t', { bytes: 2 * 1024 ** 4 }],
    ['0', { bytes: 0 }],
    ['123456', { bytes: 123456 }],
    ['100000GB', { bytes: 100000 * GiB }],
  ])('reads %s', (raw, floor) => {
    expect(parseDiskFloor({ DISK_FREE_FLOOR: raw })).toEqual(floor);
  });

  it('is a share of the disk, or a size, on its own', () => {
    expect(floorBytes({ fraction: 0.1 }, 4 * TB)).toBe(0.4 * TB);
    expect(floorBytes({ bytes: 500 * MiB }, 4 * TB)).toBe(500 * MiB);
    expect(floorBytes({ fraction: 0 }, 4 * TB)).toBe(0);
  });

  it.each(['five', '5%%', '-5%', '101%', '10 GB free', '10PB', '1e9', '%'])(
    'refuses %s, naming the variable',
    (raw) => {
      const load = () =>
        loadConfig({
          DATA_DIR: mkdtempSync(path.join(testTmpDir, 'cfg-')),
          DISK_FREE_FLOOR: raw,
        });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(
        `DISK_FREE_FLOOR must be a share of the disk such as 5% or a size such as 10GB or 500MB (got "${raw}")`,
      );
    },
  );
});
