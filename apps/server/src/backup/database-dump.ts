import { execFile } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../db/client.ts';
import { BackupError } from './manifest.ts';

const run = promisify(execFile);

/** The file each kind of database is dumped into, inside the backup's `database/` folder. */
export const databaseFiles = {
  postgres: 'database/plateau.pgdump',
  pglite: 'database/pglite-datadir.tar.gz',
} as const;

const failed = (what: string, error: unknown) => {
  const { stderr, message } = error as { stderr?: string; message?: string };
  // pg_dump's own message, never its command line (the URL may hold a password).
  return new BackupError(`${what} failed: ${(stderr || message || '').trim().split('\n')[0]}`);
};

/**
 * The URL without its password, and the environment that hands the password to `pg_dump` or
 * `pg_restore` (PGPASSWORD): a command line is readable by every user of the machine (`ps`),
 * a process's environment only by its owner. libpq reads it from the URL's user part or from
 * its `password` parameter (which wins); neither is left in the URL.
 */
export const passwordApart = (url: string): { url: string; env: NodeJS.ProcessEnv } => {
  const parsed = new URL(url);
  let password = parsed.password === '' ? undefined : decodeURIComponent(parsed.password);
  parsed.password = '';
  const parameters = parsed.search.slice(1).split('&');
  const given = parameters.filter((parameter) => parameter.startsWith('password='));
  if (given.length > 0) {
    password = decodeURIComponent(given.at(-1)!.slice('password='.length));
    parsed.search = parameters.filter((parameter) => !given.includes(parameter)).join('&');
  }
  return {
    url: parsed.href,
    env: password === undefined ? process.env : { ...process.env, PGPASSWORD: password },
  };
};

/**
 * PostgreSQL: `pg_dump` in its custom format, one consistent snapshot of the whole database
 * (pg-boss's queue included) taken while the site runs. The client must be as new as the server.
 */
export const dumpPostgres = async (url: string, file: string) => {
  await mkdir(path.dirname(file), { recursive: true });
  try {
    const connection = passwordApart(url);
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${connection.url}`],
      { env: connection.env },
    );
  } catch (error) {
    throw failed('pg_dump', error);
  }
};

/**
 * PGlite: its own dump of its data directory, taken by the process that holds it open. PGlite
 * hands it as a Blob, streamed from there into the file: no second copy of it in the heap.
 */
export const dumpPglite = async (client: PGlite, file: string) => {
  await mkdir(path.dirname(file), { recursive: true });
  const dump = await client.dumpDataDir('gzip');
  // Node's Blob gives Node's web stream; the DOM's types (PGlite's Blob) do not say so.
  const bytes = Readable.fromWeb(dump.stream() as ReadableStream<Uint8Array>);
  await pipeline(bytes, createWriteStream(file, { mode: 0o600 }));
};

/** Refuses a PostgreSQL database that already holds tables (restore goes into an empty one). */
export const restorePostgres = async (url: string, file: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((error: unknown) => {
    throw failed('connecting to DATABASE_URL', error);
  });
  try {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0]!.count) > 0) {
      throw new BackupError(
        'the database of DATABASE_URL is not empty: restore needs an empty one',
      );
    }
  } finally {
    await client.end();
  }
  try {
    const connection = passwordApart(url);
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${connection.url}`,
        file,
      ],
      { env: connection.env },
    );
  } catch (error) {
    throw failed('pg_restore', error);
  }
};

/** The embedded database's folder under DATA_DIR (see db/client.ts). */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/** Refuses a DATA_DIR whose embedded database exists; loads the dump into a new one. */
export const restorePglite = async (dataDir: string, file: string) => {
  const folder = pgliteFolder(dataDir);
  if ((await readdir(folder).catch(() => [])).length > 0) {
    throw new BackupError(`${folder} is not empty: restore needs an installation without data`);
  }
  const existed = existsSync(folder);
  try {
    const client = await PGlite.create({
      dataDir: folder,
      extensions: pgliteExtensions,
      loadDataDir: new Blob([await readFile(file)]),
    });
    await client.close();
  } catch (error) {
    // A restore that fails leaves the installation as it found it: no half-loaded database.
    await rm(folder, { recursive: true, force: true });
    if (existed) await mkdir(folder);
    throw error;
  }
};
