import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../test/harness.ts';
import { adminUrl, testTmpDir } from '../test/test-env.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

let dataDir: string;
/** On the PostgreSQL project the command runs against an empty database of its own. */
let databaseUrl: string | undefined;
let dropDatabase = async () => {};

beforeAll(async () => {
  mkdirSync(testTmpDir, { recursive: true });
  dataDir = mkdtempSync(path.join(testTmpDir, 'cli-'));
  if (testDatabaseKind === 'postgres') {
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
  }
});

afterAll(async () => {
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const run = (args: string[], options: { embedded?: boolean } = {}) => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  if (databaseUrl && !options.embedded) env.DATABASE_URL = databaseUrl;
  const result = spawnSync(tsx, ['src/cli/user.ts', ...args], {
    cwd: serverDir,
    env,
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('npm run user', () => {
  it('adds, sets, lists and removes accounts', { timeout: 900_000 }, () => {
    const added = run(['add', 'alice', '--role', 'plateau', '--password', 's3cretpass', '--gda']);
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toMatch(/Created account "alice" .*role plateau, GDA access yes/);
    expect(added.stdout).not.toContain('s3cretpass');

    const set = run(['set', 'ALICE', '--role', 'geek', '--no-gda', '--password', 'autre-secret']);
    expect(set.status).toBe(0);
    expect(set.stdout).toMatch(
      /Updated account "alice" .*role geek, GDA access no.*password changed/,
    );

    const bob = run(['add', 'bob', '--role', 'user']);
    expect(bob.status).toBe(0);
    expect(bob.stdout).toMatch(/Password \(shown once\): \S{12,}/);

    const lastGeek = run(['remove', 'alice']);
    expect(lastGeek.status).toBe(1);
    expect(lastGeek.stderr).toContain('dernier geek');

    const removed = run(['remove', 'bob']);
    expect(removed.status).toBe(0);
    expect(removed.stdout).toContain('Removed account "bob"');

    const listed = run(['list']);
    expect(listed.status).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^id\s+username\s+role\s+gda\s+sso\s+last login$/);
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(/^\d+\s+alice\s+geek\s+no\s+no\s+never$/);
  });

  it('prints the usage and exits 2 on bad arguments', { timeout: 300_000 }, () => {
    for (const args of [['frob'], ['add', 'carla', '--role', 'user', '--password', 'court']]) {
      const result = run(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('usage: npm run user -- add');
      expect(result.stdout).toBe('');
    }
  });

  it(
    'refuses to run while another process holds the embedded database',
    { timeout: 300_000 },
    async () => {
      const holder: ChildProcess = spawn('sleep', ['600'], { stdio: 'ignore' });
      try {
        await new Promise((resolve) => holder.once('spawn', resolve));
        writeFileSync(path.join(dataDir, 'pglite.pid'), String(holder.pid));
        const result = run(['list'], { embedded: true });
        expect(result.status).toBe(1);
        expect(result.stderr).toContain(`in use by another Plateau process (pid ${holder.pid})`);
        expect(result.stdout).toBe('');
      } finally {
        holder.kill();
        rmSync(path.join(dataDir, 'pglite.pid'), { force: true });
      }
    },
  );
});
