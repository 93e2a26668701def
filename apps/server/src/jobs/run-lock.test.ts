import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, testDatabaseKind } from '../test/harness.ts';
import { createRunLock, runLockHeld } from './run-lock.ts';

const KEY = 7;
let site: DatabaseHandle;
let other: DatabaseHandle | undefined;

beforeAll(async () => {
  site = await openTestDatabase();
  // A second site on the same PostgreSQL server: its own database (the embedded one is alone).
  if (testDatabaseKind === 'postgres') other = await openTestDatabase();
});
afterAll(async () => {
  await other?.close();
  await site?.close();
});

describe('the run lock of a site-wide run', () => {
  it('is held by one run at a time, and seen held while it is', async () => {
    const first = createRunLock(site, KEY);
    const second = createRunLock(site, KEY);
    expect(await first.tryTake()).toBe(true);
    expect(await second.tryTake()).toBe(false);
    expect(await runLockHeld(site, KEY)).toBe(true);
    await first.release();
    expect(await runLockHeld(site, KEY)).toBe(false);
    expect(await second.tryTake()).toBe(true);
    await second.release();
  });

  it.skipIf(testDatabaseKind !== 'postgres')(
    "is not another site's: two databases on one server run apart (PostgreSQL only)",
    async () => {
      const theirs = createRunLock(other!, KEY);
      expect(await theirs.tryTake()).toBe(true);
      // Their conversion does not show as ours (« Conversion : en cours »), nor stop ours.
      expect(await runLockHeld(site, KEY)).toBe(false);
      const ours = createRunLock(site, KEY);
      expect(await ours.tryTake()).toBe(true);
      await ours.release();
      await theirs.release();
    },
  );
});
