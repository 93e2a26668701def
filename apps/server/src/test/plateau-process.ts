import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, inject } from 'vitest';
import { serverEntries } from '../../../../scripts/build.mjs';
import { freePort } from '../../../../scripts/network-test-helpers.ts';
import { createPostgresTestDatabase, testDatabaseKind } from './harness.ts';
import { testTmpDir } from './test-env.ts';

/** Where the server's processes run from: relative paths mean what they mean for `npm start`. */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The arguments of `node` that run `entry` of the server as built for this run (global-setup.ts):
 * `npm start`'s compiled code, not the sources through a TypeScript loader.
 */
export const builtEntry = (entry: keyof typeof serverEntries): string[] => [
  path.join(inject('serverBuild'), serverEntries[entry]),
];

/** A value for a failure's message: an inject response by its status and body. */
const shown = (value: unknown) => {
  const answer = value as { statusCode?: number; body?: unknown };
  if (typeof answer?.statusCode === 'number')
    return `HTTP ${answer.statusCode} ${String(answer.body)}`;
  return JSON.stringify(value);
};

/** Polls `probe` until `check` holds, or fails naming `what` with the last value seen. */
export const waitFor = async <T>(
  what: string,
  probe: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${shown(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

export const ADMIN = { username: 'regie', password: 'mot-de-passe-regie' };

/**
 * Real Plateau processes (`src/main.ts`) for tests that kill one: each site gets its own port,
 * data directory and database (PostgreSQL when the tests run on it), all removed after the file.
 */
export const usePlateauProcesses = () => {
  const started = new Set<ChildProcess>();
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    for (const cleanup of cleanups) await cleanup();
  });

  /**
   * The settings of a new site; `extra` adds or overrides variables. Its database is the run's
   * migrated template, or with `empty` has no table yet (a restore's target): a PostgreSQL
   * database of its own, or on PGlite an empty data folder.
   */
  const site = async (
    prefix: string,
    extra: Record<string, string> = {},
    { empty = false }: { empty?: boolean } = {},
  ) => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(testTmpDir, `${prefix}-`));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      RTMP_PORT: '0',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...extra,
    };
    if (testDatabaseKind === 'postgres') {
      const database = await createPostgresTestDatabase({ empty });
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    } else if (!empty) {
      // Where the server keeps its embedded database (db/client.ts), already migrated.
      cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'pglite'), { recursive: true });
    }
    return { env, dataDir, api: `http://127.0.0.1:${port}/api` };
  };

  /** Starts the server of `env` and waits until it answers its health check. */
  const start = async (env: Record<string, string>) => {
    const child = spawn(process.execPath, builtEntry('server'), {
      cwd: serverRoot,
      env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Its warnings and errors (LOG_LEVEL warn), kept for a failing test to show, and for the
    // error below: a server that exits at start says why.
    let errors = '';
    const keep = (chunk: Buffer) => (errors = (errors + String(chunk)).slice(-8000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    started.add(child);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const health = `http://127.0.0.1:${env.PORT}/api/health`;
    await waitFor(
      'the server',
      () =>
        fetch(health).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200 || child.exitCode !== null,
      60_000,
    );
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}:\n${errors}`);
    }
    return { child, exited, log: () => errors };
  };

  return { site, start };
};

/** The admin's bearer header on a site started by `usePlateauProcesses`. */
export const adminAuth = async (api: string) => {
  const answer = await fetch(`${api}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { accessToken } = (await answer.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
};

/**
 * Over HTTP, on a real process: the first 64 KiB of video `id`'s 240 rendition, as a player's
 * first range (checked to be a 206). Two instances of one site must answer the same bytes.
 */
export const firstRangeOver = async (api: string, auth: Record<string, string>, id: number) => {
  const answer = await fetch(`${api}/media/video/${id}/240`, {
    headers: { ...auth, range: 'bytes=0-65535' },
  });
  expect(answer.status).toBe(206);
  return Buffer.from(await answer.arrayBuffer());
};
