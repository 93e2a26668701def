import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as siteSchema from './schema.ts';
import * as statisticsSchema from './statistics-schema.ts';
import * as chatSchema from './chat-schema.ts';

const schema = { ...siteSchema, ...statisticsSchema, ...chatSchema };
export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: repositories accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'> & {
  transaction: Database['transaction'];
};

/** A database's connections right now (GET /metrics); null where the driver cannot tell. */
export interface PoolStats {
  max: number;
  open: number;
  idle: number | null;
  /** Queries waiting for a free connection. */
  waiting: number | null;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Raw SQL with $1.. parameters, for pg-boss and the benchmarks. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  migrate(): Promise<void>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel` (sent by any process of the site, once its
   * transaction commits); answers the unlisten. PostgreSQL: one connection of its own, opened
   * again when lost (`onGap` then says something may have been missed); PGlite: in-process.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Runs `work` while no other process of the site runs its own (the start's schema work:
   * migrations, pg-boss's schema). One process on the embedded database: runs it at once.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The PGlite instance, when embedded (tests dump and clone it). */
  pglite?: PGlite;
  poolStats?(): PoolStats;
}

/** Beside this file in the sources; in the compiled server, the copy scripts/build.mjs puts in dist/. */
export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

export const pgliteExtensions = { unaccent, pg_trgm };

export class EmbeddedDatabaseBusyError extends Error {}

/** Keeps a second process off the embedded database, which supports one process at a time. */
const lockEmbedded = (dataDir: string): (() => void) => {
  const lockFile = path.join(dataDir, 'pglite.pid');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    let alive = false;
    try {
      alive = pid > 0 && pid !== process.pid && process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (alive) {
      throw new EmbeddedDatabaseBusyError(
        `The embedded database in ${dataDir} is in use by another Plateau process (pid ${pid}); stop it first, or set DATABASE_URL to a PostgreSQL server.`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
};

export const wrapPglite = (client: PGlite, release: () => void = () => {}): DatabaseHandle => {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    // One in-process connection, always open; PGlite queues queries inside without telling.
    poolStats: () => ({ max: 1, open: 1, idle: null, waiting: null }),
    query: async <T>(text: string, params?: unknown[]) => {
      const result = await client.query<T>(text, params as never[]);
      return { rows: result.rows };
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      // Closing the database first (a process that stops, a test) ends its listening too.
      return async () => {
        if (!client.closed) await unlisten().catch(() => {});
      };
    },
    exclusive: (work) => work(),
    close: async () => {
      await client.close();
      release();
    },
  };
};

export const openPglite = async (
  dataDir: string,
  sharedBuffersMb?: number,
): Promise<DatabaseHandle> => {
  mkdirSync(dataDir, { recursive: true });
  const release = lockEmbedded(dataDir);
  try {
    const client = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      extensions: pgliteExtensions,
      // PostgreSQL's buffer pool lives in the WebAssembly memory, in this process's RSS.
      ...(sharedBuffersMb !== undefined && {
        startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
      }),
    });
    // As for PostgreSQL below: the embedded database lives on the same SSD, and with the
    // default (4) a deep page of the catalogue sorts every video instead of reading the index.
    await client.exec('set random_page_cost = 1.1');
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
};

/** How long a lost LISTEN connection waits before connecting again. */
const RELISTEN_MS = 1_000;

/** LISTEN on a connection of its own, connected again (and `onGap` told) whenever it drops. */
const listenPg = async (
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onGap: () => void = () => {},
): Promise<() => Promise<void>> => {
  let stopped = false;
  let client: pg.Client | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    const again = () => {
      if (stopped || client !== next) return;
      client = undefined;
      void next.end().catch(() => {});
      setTimeout(() => void connect().then(onGap, again), RELISTEN_MS).unref();
    };
    next.on('error', again);
    next.on('end', again);
    client = next;
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
};

export const openPostgres = (url: string, max = 10): DatabaseHandle => {
  // Media servers run on SSDs: with PostgreSQL's spinning-disk default (4) the planner reads
  // the whole videos table for common search words instead of the full-text index. No JIT: it
  // compiles the statistics' top videos for 150-250 ms to save a few (bench/README.md).
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: '-c random_page_cost=1.1 -c jit=off',
  });
  // An idle connection dropped by the server (restart, DROP DATABASE) must not crash the
  // process: the next query reconnects or fails where it can be answered.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  // Several servers and workers may start at once: one does the schema work, the others wait.
  // The lock is held on a connection of its own, so the work has the whole pool (even of 1).
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock(72430001)');
      return await work();
    } finally {
      await client.end().catch(() => {});
    }
  };
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({
      max,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    query: async <T>(text: string, params?: unknown[]) => {
      const result = await pool.query(text, params);
      return { rows: result.rows as T[] };
    },
    exclusive,
    listen: (channel, onPayload, onGap) => listenPg(url, channel, onPayload, onGap),
    migrate: () => exclusive(() => migratePg(db as never, { migrationsFolder })),
    close: () => pool.end(),
  };
};

export const openDatabase = (options: {
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteSharedBuffersMb?: number;
}): Promise<DatabaseHandle> =>
  options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl))
    : openPglite(options.dataDir, options.pgliteSharedBuffersMb);
