import { randomBytes } from 'node:crypto';
import { ERRORS, type Lock } from '@tus/server';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../test/harness.ts';
import { waitFor } from '../test/plateau-process.ts';
import { adminUrl } from '../test/test-env.ts';
import { createUploadLocker, UploadLocker } from './upload-locker.ts';

const uploadId = () => randomBytes(16).toString('hex');

/** A request holding a lock: counts the times it was asked to let go. */
const holder = () => {
  const asked = { count: 0 };
  return { asked, release: () => void (asked.count += 1) };
};

const neverStops = () => new AbortController().signal;

/** Watches a promise: whether it has settled yet, and with which error. */
const track = <T>(promise: Promise<T>) => {
  const state = { settled: false, error: undefined as unknown };
  const done = promise.then(
    () => void (state.settled = true),
    (error: unknown) => {
      state.settled = true;
      state.error = error;
    },
  );
  return { state, done };
};

/** Two lockers as two processes of a site have: one in memory each, or one per connection. */
const lockingRules = (make: () => [UploadLocker, UploadLocker]) => {
  it('gives a held upload to a newcomer once its holder, asked to, lets it go', async () => {
    const [first, second] = make();
    const id = uploadId();
    const writer = holder();
    const held = first.newLock(id);
    await held.lock(neverStops(), writer.release);

    const waiting = track(second.newLock(id).lock(neverStops(), () => undefined));
    await waitFor(
      'the holder asked to release',
      async () => writer.asked.count,
      (n) => n > 0,
    );
    expect(waiting.state.settled).toBe(false);
    await held.unlock();
    await waiting.done;
    expect(waiting.state.error).toBeUndefined();
  });

  it('stops waiting when the waiting request stops, and leaves the holder its lock', async () => {
    const [first, second] = make();
    const id = uploadId();
    const held = first.newLock(id);
    await held.lock(neverStops(), () => undefined);
    const stop = new AbortController();
    const waiting = track(second.newLock(id).lock(stop.signal, () => undefined));
    stop.abort();
    await waiting.done;
    expect(waiting.state.error).toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(await second.tryLock(id)).toBeNull();
    await held.unlock();
    const after = await second.tryLock(id);
    expect(after).not.toBeNull();
    await after!.unlock();
  });

  it('never blocks one upload for another', async () => {
    const [first, second] = make();
    const writer = holder();
    const one = first.newLock(uploadId());
    await one.lock(neverStops(), writer.release);
    const other = second.newLock(uploadId());
    await other.lock(neverStops(), () => undefined);
    expect(writer.asked.count).toBe(0);
    await other.unlock();
    await one.unlock();
  });

  it('lets the sweep take only a free upload, without stopping its holder', async () => {
    const [first, second] = make();
    const id = uploadId();
    const writer = holder();
    const held = first.newLock(id);
    await held.lock(neverStops(), writer.release);
    expect(await second.tryLock(id)).toBeNull();
    expect(writer.asked.count).toBe(0);
    await held.unlock();
    const sweep = (await second.tryLock(id)) as Lock;
    expect(sweep).not.toBeNull();
    await sweep.unlock();
  });
};

describe('upload locks within one process', () => {
  const locker = new UploadLocker();
  lockingRules(() => [locker, locker]);
});

describe.skipIf(testDatabaseKind !== 'postgres')(
  'upload locks across processes (PostgreSQL only: the embedded database has one process)',
  () => {
    const lockers: UploadLocker[] = [];
    afterAll(() => Promise.all(lockers.map((locker) => locker.close())));
    const pair = (): [UploadLocker, UploadLocker] => {
      const made: [UploadLocker, UploadLocker] = [
        createUploadLocker(adminUrl()),
        createUploadLocker(adminUrl()),
      ];
      lockers.push(...made);
      return made;
    };
    lockingRules(pair);

    it('tells its holders when the connection holding their locks is lost', async () => {
      const [first, second] = pair();
      const id = uploadId();
      const writer = holder();
      const held = first.newLock(id);
      await held.lock(neverStops(), writer.release);
      // As a database restart or a network cut would: PostgreSQL drops the session's locks.
      const admin = new pg.Client({ connectionString: adminUrl() });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid) as ended from pg_locks
            where locktype = 'advisory'
              and ((classid::bigint << 32) | objid::bigint) = hashtextextended($1, 0)`,
          [id],
        );
        expect(rows).toEqual([{ ended: true }]);
      } finally {
        await admin.end();
      }
      await waitFor(
        'the holder asked to release',
        async () => writer.asked.count,
        (n) => n > 0,
      );
      const taken = second.newLock(id);
      await taken.lock(neverStops(), () => undefined);
      await held.unlock();
      await taken.unlock();
    });
  },
);
