import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { openTestDatabase, testDatabaseKind } from '../test/harness.ts';
import { createJobLiveness, type JobLiveness } from './liveness.ts';

let database: DatabaseHandle;
const opened: JobLiveness[] = [];
const never = new AbortController().signal;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const liveness of opened) await liveness.close();
  await database?.close();
});

const open = async (onLost?: (error: Error) => void) => {
  const liveness = await createJobLiveness(database, { onLost });
  opened.push(liveness);
  return liveness;
};

describe('job liveness', () => {
  it('lets one encoder hold a video at a time, and hands it on when released', async () => {
    const first = await open();
    // Two workers on PostgreSQL; on the embedded database the one process is the only worker.
    const second = testDatabaseKind === 'postgres' ? await open() : first;
    await first.hold(7, never);
    expect(await first.holds(7)).toBe(true);
    expect(await second.isOrphaned(7)).toBe(false);

    const next = second.hold(7, never);
    await first.release(7);
    await next;
    expect(await second.holds(7)).toBe(true);
    expect(await first.isOrphaned(8)).toBe(true);
    await second.release(7);
    expect(await first.isOrphaned(7)).toBe(true);
  });

  it('stops waiting for a held video when its encode is aborted', async () => {
    const first = await open();
    const second = testDatabaseKind === 'postgres' ? await open() : first;
    await first.hold(11, never);
    const controller = new AbortController();
    const waiting = second.hold(11, controller.signal);
    controller.abort(new Error('shutdown'));
    await expect(waiting).rejects.toThrow('shutdown');
    expect(await first.holds(11)).toBe(true);
    await first.release(11);
  });

  it.skipIf(testDatabaseKind !== 'postgres')(
    'gives up the videos of a worker cut from the database, and says so (PostgreSQL only)',
    async () => {
      const onLost = vi.fn();
      const cut = await open(onLost);
      const other = await open();
      await cut.hold(21, never);
      expect(await other.isOrphaned(21)).toBe(false);

      await database.query(
        `select pg_terminate_backend(pid) from pg_locks
         where locktype = 'advisory' and objid = 21 and objsubid = 2 and granted
           and database = (select oid from pg_database where datname = current_database())`,
      );
      await vi.waitFor(() => expect(onLost).toHaveBeenCalledTimes(1));
      expect(await cut.holds(21)).toBe(false);
      expect(await other.isOrphaned(21)).toBe(true);
      // A new connection for what comes next.
      await cut.hold(22, never);
      expect(await cut.holds(22)).toBe(true);
      expect(await other.isOrphaned(22)).toBe(false);
    },
  );
});
