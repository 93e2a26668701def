import type { Pool } from 'pg';
import type { DatabaseHandle } from './client.ts';

/** A PostgreSQL session advisory lock held on a connection of its own. */
export interface SessionLock {
  /** Settles when the connection is lost: PostgreSQL has released the lock with it. */
  lost: Promise<Error>;
  /** Closes the connection, which releases the lock (and nothing of ours waits on it). */
  release(): void;
}

/**
 * Tries once to take `key` for this process on a dedicated connection of the pool, kept out of
 * the pool for as long as the lock is held: a killed process loses the connection and the lock
 * with it, so another process can take over. Undefined when another session holds it.
 * PostgreSQL only: the embedded database has a single process by construction.
 */
export const trySessionLock = async (
  database: DatabaseHandle,
  key: number,
): Promise<SessionLock | undefined> => {
  const pool = (database.db as unknown as { $client: Pool }).$client;
  const client = await pool.connect();
  let settled = false;
  let signalLost: (error: Error) => void = () => {};
  const lost = new Promise<Error>((resolve) => (signalLost = resolve));
  // Never returned to the pool: destroying the connection is what releases the lock.
  const drop = (error?: Error) => {
    if (settled) return;
    settled = true;
    client.release(error ?? true);
  };
  client.on('error', (error) => {
    if (settled) return;
    drop(error);
    signalLost(error);
  });
  client.on('end', () => {
    if (settled) return;
    drop();
    signalLost(new Error('the lock connection closed'));
  });
  try {
    const { rows } = await client.query<{ ok: boolean }>(
      'select pg_try_advisory_lock($1::bigint) as ok',
      [key],
    );
    if (rows[0]?.ok !== true) {
      drop();
      return undefined;
    }
  } catch (error) {
    drop(error as Error);
    throw error;
  }
  return { lost, release: () => drop() };
};
