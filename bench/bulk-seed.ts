import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { adminUrl } from './bench-env.ts';

/**
 * What the benches' seeders share (`seed.ts` for bench:api and bench:overload, `stats/seed.ts`
 * for bench:stats): a database made once and kept while its seed version holds, and bulk loads
 * without the indexes, rebuilt once at the end.
 */

/** What a seeder needs of a database: `pg.Client` and the embedded database's handle both fit. */
export interface SeedClient {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A seeder's log lines under its prefix, and the time of each step. */
export const seedLog = (prefix: string) => {
  const log = (message: string) => console.log(`[${prefix}] ${message}`);
  const timed = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await run();
    log(`${label} (${((performance.now() - start) / 1000).toFixed(1)} s)`);
    return result;
  };
  return { log, timed };
};

/**
 * Drops the secondary indexes of `tables` and the primary keys of `keyTables` (nothing may
 * reference them), as the migrations define them, for a bulk load; `rebuild` adds them back,
 * one sorted build each: far faster than millions of insertions into them.
 */
export const dropIndexesForLoad = async (
  client: SeedClient,
  tables: string[],
  keyTables: string[] = [],
) => {
  const indexes = (
    await client.query<{ name: string; definition: string }>(
      `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
         from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
        where t.relname = any($1) and t.relnamespace = 'public'::regnamespace
          and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      [tables],
    )
  ).rows;
  const keys = (
    await client.query<{ name: string; table: string; definition: string }>(
      `select conname as name, conrelid::regclass::text as table, pg_get_constraintdef(oid) as definition
         from pg_constraint where contype = 'p' and conrelid::regclass::text = any($1)`,
      [keyTables],
    )
  ).rows;
  for (const { name } of indexes) await client.query(`drop index "${name}"`);
  for (const { name, table } of keys) {
    await client.query(`alter table "${table}" drop constraint "${name}"`);
  }
  return {
    /** What `rebuild` adds back, for the log. */
    counts: { indexes: indexes.length, keys: keys.length },
    rebuild: async () => {
      for (const { name, table, definition } of keys) {
        await client.query(`alter table "${table}" add constraint "${name}" ${definition}`);
      }
      for (const { definition } of indexes) await client.query(definition);
    },
  };
};

export interface SeededPostgres {
  name: string;
  url: string;
  /** Kept as the database's comment: another version is seeded again. */
  version: string;
  log: ReturnType<typeof seedLog>;
  /** Whether a database with the right version holds what is expected (row counts). */
  isFilled: (client: pg.Client) => Promise<boolean>;
  seed: (client: pg.Client) => Promise<void>;
}

/**
 * The database `name`, made, migrated and seeded unless its comment already says `version` and
 * it is filled (or `reseed`); migrated again either way (migrations added since the seed).
 */
export const ensureSeededPostgres = async (database: SeededPostgres, reseed = false) => {
  const { name, url, version, log } = database;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const connected = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  try {
    const found = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    if (!reseed && found.rows[0]?.comment === version && (await connected(database.isFilled))) {
      log.log(`${name} already seeded (${version}); --reseed rebuilds it`);
    } else {
      const start = performance.now();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      await log.timed('migrations', async () => {
        const handle = openPostgres(url, 1);
        await handle.migrate();
        await handle.close();
      });
      await connected(database.seed);
      await admin.query(`comment on database ${name} is '${version}'`);
      log.log(`seeded in ${((performance.now() - start) / 1000).toFixed(0)} s`);
    }
  } finally {
    await admin.end();
  }
  const handle = openPostgres(url, 1);
  await handle.migrate();
  await handle.close();
};

/**
 * The embedded database in `dir`, seeded unless its marker file says `version` (or `reseed`),
 * migrated and open.
 */
export const ensureSeededEmbedded = async (
  dir: string,
  database: {
    version: string;
    log: ReturnType<typeof seedLog>;
    seed: (client: SeedClient) => Promise<void>;
  },
  reseed = false,
): Promise<DatabaseHandle> => {
  const { version, log } = database;
  const marker = path.join(dir, 'bench-seed.txt');
  if (!reseed && existsSync(marker) && readFileSync(marker, 'utf8') === version) {
    log.log(`${dir} already seeded (${version}); --reseed rebuilds it`);
  } else {
    rmSync(dir, { recursive: true, force: true });
    const start = performance.now();
    const handle = await openPglite(dir);
    await log.timed('migrations (embedded)', () => handle.migrate());
    await database.seed(handle);
    // PGlite's first vacuum after the load leaves half the pages out of the visibility map
    // (index-only scans then read the heap): a second one sets them all.
    await handle.query('vacuum');
    await handle.close();
    writeFileSync(marker, version);
    log.log(`embedded database seeded in ${((performance.now() - start) / 1000).toFixed(0)} s`);
  }
  const handle = await openPglite(dir);
  await handle.migrate();
  return handle;
};
