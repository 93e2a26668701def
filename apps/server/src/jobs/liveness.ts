import type { Pool, PoolClient } from 'pg';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * Which videos this worker is encoding, visible to every other worker. pg-boss 10 has no
 * heartbeat: an active job stays active until it expires (ENCODE_JOB_TIMEOUT, hours). So each
 * worker holds a PostgreSQL session advisory lock per video it encodes, on one dedicated
 * connection; a killed process loses its connection and with it the locks. This serves twice:
 * - an active job whose video nobody holds lost its worker, and any other may take it back;
 * - never two encoders for one video: a worker runs ffmpeg only once it holds the video, and
 *   publishes only if it still holds it (a worker cut from the database stops its encodes).
 * On the embedded database only one process exists: the locks are a set in its memory.
 */
export interface JobLiveness {
  /** Waits until this worker holds the video (another may still be finishing it). */
  hold(videoId: number, signal: AbortSignal): Promise<void>;
  /** True while this worker still holds the video (false once its connection was lost). */
  holds(videoId: number): Promise<boolean>;
  release(videoId: number): Promise<void>;
  /** True when no live worker holds the video (call only for videos this worker is not encoding). */
  isOrphaned(videoId: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface JobLivenessOptions {
  /**
   * Called when the lock connection is lost: every lock with it, so the caller must stop its
   * encodes (another worker may take them). The next call opens a new connection.
   */
  onLost?: (error: Error) => void;
}

/** Advisory lock namespace of videos being encoded (the second key is the video id). */
const LOCK_NAMESPACE = 72430003;
/** How often a worker waiting for a video another one still holds tries again. */
const HOLD_RETRY_MS = 1000;

interface LockConnection {
  tryLock(videoId: number): Promise<boolean>;
  unlock(videoId: number): Promise<void>;
  /** True while this very session holds the lock. */
  stillLocked(videoId: number): Promise<boolean>;
  close(): Promise<void>;
}

const inMemoryLocks = (): LockConnection => ({
  tryLock: async () => true,
  unlock: async () => {},
  stillLocked: async () => true,
  close: async () => {},
});

/** Locks on one pooled connection, replaced by a fresh one after it is lost. */
const postgresLocks = (pool: Pool, onLost: (error: Error) => void): LockConnection => {
  let current: Promise<{ client: PoolClient; drop(error?: Error): void }> | undefined;
  const connect = () => {
    const pending = (async () => {
      const client = await pool.connect();
      let dropped = false;
      const drop = (error?: Error) => {
        if (dropped) return;
        dropped = true;
        if (current === pending) current = undefined;
        client.release(error ?? true);
      };
      client.on('error', (error) => {
        if (dropped) return;
        drop(error);
        onLost(error);
      });
      return { client, drop };
    })();
    pending.catch(() => {
      if (current === pending) current = undefined;
    });
    return pending;
  };
  const query = async (text: string, videoId: number) => {
    current ??= connect();
    const { client } = await current;
    const { rows } = await client.query<{ ok: boolean }>(text, [LOCK_NAMESPACE, videoId]);
    return rows[0]?.ok === true;
  };
  return {
    tryLock: (videoId) => query('select pg_try_advisory_lock($1::int, $2::int) as ok', videoId),
    async unlock(videoId) {
      await query('select pg_advisory_unlock($1::int, $2::int) as ok', videoId);
    },
    stillLocked: (videoId) =>
      query(
        `select exists (
          select 1 from pg_locks
          where locktype = 'advisory' and pid = pg_backend_pid() and granted
            and classid = $1::int::oid and objid = $2::int::oid and objsubid = 2
        ) as ok`,
        videoId,
      ),
    async close() {
      const connection = await current?.catch(() => undefined);
      connection?.drop();
    },
  };
};

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', done);
      clearTimeout(timer);
      if (signal.aborted) reject(signal.reason);
      else resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

export const createJobLiveness = async (
  database: DatabaseHandle,
  { onLost }: JobLivenessOptions = {},
): Promise<JobLiveness> => {
  // Our own holds, checked first: a session lock is re-entrant, so PostgreSQL alone would let
  // two of this worker's encodes take one video.
  const held = new Set<number>();
  const locks =
    database.kind === 'pglite'
      ? inMemoryLocks()
      : postgresLocks((database.db as unknown as { $client: Pool }).$client, (error) => {
          held.clear();
          // A lost lock connection makes our encodes look orphaned to other workers: say so.
          console.error(`encode liveness connection lost: ${error.message}`);
          onLost?.(error);
        });
  return {
    async hold(videoId, signal) {
      for (;;) {
        signal.throwIfAborted();
        if (!held.has(videoId) && (await locks.tryLock(videoId))) {
          held.add(videoId);
          return;
        }
        await wait(HOLD_RETRY_MS, signal);
      }
    },
    async holds(videoId) {
      return held.has(videoId) && (await locks.stillLocked(videoId));
    },
    async release(videoId) {
      if (!held.delete(videoId)) return;
      await locks.unlock(videoId);
    },
    async isOrphaned(videoId) {
      if (held.has(videoId)) return false;
      if (!(await locks.tryLock(videoId))) return false;
      await locks.unlock(videoId);
      return true;
    },
    close: () => locks.close(),
  };
};
