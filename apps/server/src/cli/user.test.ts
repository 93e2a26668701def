import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { openTestDatabase, testDatabaseKind } from '../test/harness.ts';
import { adminUrl, testTmpDir } from '../test/test-env.ts';
import { openUsers, runUserCli, type UsersConnection } from './user-command.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

let dataDir: string;
let database: DatabaseHandle;

beforeAll(async () => {
  mkdirSync(testTmpDir, { recursive: true });
  dataDir = mkdtempSync(path.join(testTmpDir, 'cli-'));
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The test database, left open across commands as the real one is reopened each time. */
const testUsers = async (): Promise<UsersConnection> => ({
  users: createUsersService(database.db),
  close: async () => {},
});

/** Runs the command in-process and collects what `npm run user` would print. */
const run = async (args: string[], connect = testUsers) => {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runUserCli(
    args,
    { out: (text) => out.push(`${text}\n`), err: (text) => err.push(`${text}\n`) },
    connect,
  );
  return { status, stdout: out.join(''), stderr: err.join('') };
};

describe('npm run user', () => {
  it('adds, sets, lists and removes accounts', async () => {
    const added = await run([
      'add',
      'alice',
      '--role',
      'plateau',
      '--password',
      's3cretpass',
      '--gda',
    ]);
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toMatch(/Created account "alice" .*role plateau, GDA access yes/);
    expect(added.stdout).not.toContain('s3cretpass');

    const set = await run([
      'set',
      'ALICE',
      '--role',
      'geek',
      '--no-gda',
      '--password',
      'autre-secret',
    ]);
    expect(set.status).toBe(0);
    expect(set.stdout).toMatch(
      /Updated account "alice" .*role geek, GDA access no.*password changed/,
    );

    const bob = await run(['add', 'bob', '--role', 'user']);
    expect(bob.status).toBe(0);
    expect(bob.stdout).toMatch(/Password \(shown once\): \S{12,}/);

    const lastGeek = await run(['remove', 'alice']);
    expect(lastGeek.status).toBe(1);
    expect(lastGeek.stderr).toContain('dernier geek');

    const removed = await run(['remove', 'bob']);
    expect(removed.status).toBe(0);
    expect(removed.stdout).toContain('Removed account "bob"');

    const listed = await run(['list']);
    expect(listed.status).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^id\s+username\s+role\s+gda\s+sso\s+last login$/);
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(/^\d+\s+alice\s+geek\s+no\s+no\s+never$/);
  });

  it('links and unlinks a school account (single sign-on identity)', async () => {
    const withSso = async (): Promise<UsersConnection> => ({
      users: createUsersService(database.db, { ssoIssuer: 'https://sso.ecole.example' }),
      close: async () => {},
    });
    await run(['add', 'carla', '--role', 'plateau', '--password', 'mot-de-passe'], withSso);
    await run(['add', 'david', '--role', 'user', '--password', 'mot-de-passe'], withSso);

    const linked = await run(['link', 'carla', '--subject', 'etu-4821'], withSso);
    expect(linked.stderr).toBe('');
    expect(linked.stdout).toMatch(/Linked account "carla" .* to the school account "etu-4821"/);
    const listed = await run(['list'], withSso);
    expect(listed.stdout).toMatch(/\d+\s+carla\s+plateau\s+no\s+etu-4821\s+never/);

    const taken = await run(['link', 'david', '--subject', 'etu-4821'], withSso);
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain("Ce compte de l'école est déjà lié au compte « carla »");

    const unlinked = await run(['unlink', 'carla'], withSso);
    expect(unlinked.status).toBe(0);
    expect(unlinked.stdout).toContain('"carla"');
    expect((await run(['list'], withSso)).stdout).toMatch(/carla\s+plateau\s+no\s+no\s+never/);

    // Without single sign-on configured, the command says so.
    const off = await run(['link', 'david', '--subject', 'etu-1'], testUsers);
    expect(off.status).toBe(1);
    expect(off.stderr).toContain("n'est pas configurée");
    await run(['remove', 'carla'], withSso);
    await run(['remove', 'david'], withSso);
  });

  it('prints the usage and exits 2 on bad arguments', async () => {
    for (const args of [['frob'], ['add', 'carla', '--role', 'user', '--password', 'court']]) {
      const result = await run(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('usage: npm run user -- add');
      expect(result.stdout).toBe('');
    }
  });

  it('refuses to run while another process holds the embedded database', async () => {
    const holder: ChildProcess = spawn('sleep', ['600'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => holder.once('spawn', resolve));
      writeFileSync(path.join(dataDir, 'pglite.pid'), String(holder.pid));
      const result = await run(['list'], () =>
        openUsers({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`in use by another Plateau process (pid ${holder.pid})`);
      expect(result.stdout).toBe('');
    } finally {
      holder.kill();
      rmSync(path.join(dataDir, 'pglite.pid'), { force: true });
    }
  });
});

describe('npm run user, as a process', () => {
  /** On the PostgreSQL project the command runs against an empty database of its own. */
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    if (testDatabaseKind !== 'postgres') return;
    const name = `plateau_cli_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  });

  afterAll(() => dropDatabase());

  it('creates an account on a fresh database and exits 0', { timeout: 300_000 }, () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: mkdtempSync(path.join(testTmpDir, 'cli-process-')),
      LOG_LEVEL: 'silent',
    };
    delete env.DATABASE_URL;
    delete env.JWT_SECRET;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    try {
      const result = spawnSync(
        tsx,
        ['src/cli/user.ts', 'add', 'dora', '--role', 'geek', '--password', 's3cretpass'],
        { cwd: serverDir, env, encoding: 'utf8', timeout: 180_000 },
      );
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/^Created account "dora" .*role geek, GDA access no\)\.\n$/);
    } finally {
      rmSync(env.DATA_DIR!, { recursive: true, force: true });
    }
  });
});
