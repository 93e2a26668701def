import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Role } from '@plateau/contract';
import pg from 'pg';
import { inject } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { locateMediaBinaries, type MediaBinaries } from '../media-tools/binaries.ts';
import { openPostgres, pgliteExtensions, wrapPglite, type DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { signToken } from '../modules/auth/token.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { openMediaStorage } from '../storage/open-media-storage.ts';
import { emptyTestPrefix, testMediaEnv } from './test-media.ts';
import { openPooledPglite } from './pglite-pool.ts';
import { adminUrl, testTmpDir } from './test-env.ts';

export const testDatabaseKind = (process.env.PLATEAU_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/**
 * A fresh PostgreSQL database copied from the run's migrated template, for a test or a process;
 * `empty`: one without any table, as `createdb` makes it (what a restore goes into).
 */
export const createPostgresTestDatabase = async ({ empty = false } = {}) => {
  const name = `plateau_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  const template = empty ? 'template0' : inject('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
};

/** A fresh copy of the migrated database for one test file (the run's kind unless told). */
export const openTestDatabase = async (
  kind: 'pglite' | 'postgres' = testDatabaseKind,
): Promise<DatabaseHandle> => {
  if (kind === 'postgres') {
    // A project on PGlite has no migrated template (server-s3): its file migrates its own.
    const migrated = inject('postgresTemplate') !== undefined;
    const database = await createPostgresTestDatabase({ empty: !migrated });
    const handle = openPostgres(database.url);
    if (!migrated) await handle.migrate();
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await database.drop();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const client = await PGlite.create({ loadDataDir: dump, extensions: pgliteExtensions });
  return wrapPglite(client);
};

export interface TestUser {
  id: number;
  username: string;
  role: Role;
  gdaAccess: boolean;
  token: string;
  /** `{ authorization: 'Bearer ...' }`, ready for inject. */
  auth: { authorization: string };
}

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  config: Config;
  storage: MediaStorage;
  dataDir: string;
  /** Creates a user row and a valid token for it. */
  createUser(role: Role, options?: { gdaAccess?: boolean; username?: string }): Promise<TestUser>;
}

/** Creates a user row and a valid token for it, on any test database. */
export const createTestUser = async (
  db: DatabaseHandle['db'],
  config: Pick<Config, 'jwtSecret'>,
  role: Role,
  { gdaAccess = false, username }: { gdaAccess?: boolean; username?: string } = {},
): Promise<TestUser> => {
  const name = username ?? `${role}-${randomUUID().slice(0, 8)}`;
  const [row] = await db
    .insert(users)
    .values({ username: name, role, gdaAccess })
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  const viewer = { userId: row!.id, role, username: name, gdaAccess };
  const token = await signToken(
    { secret: config.jwtSecret, lifetimeSeconds: 3600 },
    { ...viewer, tokenVersion: row!.tokenVersion },
  );
  return { ...viewer, id: row!.id, token, auth: { authorization: `Bearer ${token}` } };
};

/** The machine's ffmpeg, found once per test process rather than by every file's app. */
let foundBinaries: Promise<MediaBinaries | null> | undefined;

/** What the app is given: the binaries found once, unless the file chose its own. */
const withFoundBinaries = async (config: Config, extra: Partial<BuildAppOptions> = {}) => {
  const own = config.ffmpegPath !== undefined || config.ffprobePath !== undefined;
  if (own || (extra.extraDeps && 'mediaBinaries' in extra.extraDeps)) return extra;
  const mediaBinaries = await (foundBinaries ??= locateMediaBinaries({}));
  return { ...extra, extraDeps: { mediaBinaries, ...extra.extraDeps } };
};

/**
 * Builds the app on a private database and data directory for the current test file, and
 * tears both down after it. Call at the top level of a test file.
 */
export const useTestApp = (
  options: { env?: Record<string, string>; extra?: Partial<BuildAppOptions> } = {},
): TestContext => {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.dataDir = mkdtempSync(path.join(testTmpDir, 'data-'));
    context.config = loadConfig({
      DATA_DIR: context.dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      ...testMediaEnv(),
      ...options.env,
    });
    // A file's own database, reset for the next file on PGlite rather than opened again.
    context.database =
      testDatabaseKind === 'pglite'
        ? await openPooledPglite(inject('pgliteTemplate'))
        : await openTestDatabase();
    context.storage = await openMediaStorage(context.config, context.database.db);
    context.app = await buildApp({
      config: context.config,
      database: context.database,
      storage: context.storage,
      ...(await withFoundBinaries(context.config, options.extra)),
    });
    await context.app.ready();
    context.createUser = (role, options) =>
      createTestUser(context.database.db, context.config, role, options);
  }, 120_000);
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    if (context.config) await emptyTestPrefix(context.config);
    if (context.dataDir) rmSync(context.dataDir, { recursive: true, force: true });
  });
  return context;
};
