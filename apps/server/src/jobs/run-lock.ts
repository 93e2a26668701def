import type { Pool, PoolClient } from 'pg';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * A lock that makes a background run a singleton across every worker of a site: a PostgreSQL
 * session advisory lock on a connection of its own, held for the whole run, so a killed
 * process loses it with its connection (pg-boss 10 has no heartbeat: its job would look active
 * for hours). The embedded database has one process: the lock is a flag in its memory.
 */
export interface RunLock {
  /** Takes the lock if nobody holds it; false when another run has it. */
  tryTake(): Promise<boolean>;
  release(): Promise<void>;
}

/** Advisory lock namespace of background runs (the second key names the run). */
const RUN_LOCK_NAMESPACE = 72430004;
const takenHere = new Set<number>();

const poolOf = (database: DatabaseHandle) => (database.db as unknown as { $client: Pool }).$client;

export const createRunLock = (database: DatabaseHandle, key: number): RunLock => {
  if (database.kind === 'pglite') {
    return {
      tryTake: async () => {
        if (takenHere.has(key)) return false;
        takenHere.add(key);
        return true;
      },
      release: async () => void takenHere.delete(key),
    };
  }
  let client: PoolClient | undefined;
  return {
    async tryTake() {
      if (client) return false;
      const connection = await poolOf(database).connect();
      // A lost connection loses the lock too: the run notices at its next check.
      connection.on('error', () => undefined);
      const { rows } = await connection
        .query<{ ok: boolean }>('select pg_try_advisory_lock($1::int, $2::int) as ok', [
          RUN_LOCK_NAMESPACE,
          key,
        ])
        .catch((error: unknown) => {
          connection.release(true);
          throw error;
        });
      if (rows[0]?.ok !== true) {
        connection.release();
        return false;
      }
      client = connection;
      return true;
    },
    async release() {
      const connection = client;
      client = undefined;
      if (!connection) return;
      // Unlocked at once: a closed session's locks go only once the server has noticed, and
      // the run would show as still going meanwhile. Closing the session then drops them
      // whatever state it is in (a connection already broken answers nothing).
      await connection
        .query('select pg_advisory_unlock($1::int, $2::int)', [RUN_LOCK_NAMESPACE, key])
        .catch(() => undefined);
      connection.release(true);
    },
  };
};

/** Whether some process of the site holds the run lock `key` now. */
export const runLockHeld = async (database: DatabaseHandle, key: number): Promise<boolean> => {
  if (database.kind === 'pglite') return takenHere.has(key);
  const { rows } = await database.query<{ held: boolean }>(
    `select exists (
      select 1 from pg_locks
      where locktype = 'advisory' and granted
        and database = (select oid from pg_database where datname = current_database())
        and classid = $1::int::oid and objid = $2::int::oid and objsubid = 2
    ) as held`,
    [RUN_LOCK_NAMESPACE, key],
  );
  return rows[0]?.held === true;
};
