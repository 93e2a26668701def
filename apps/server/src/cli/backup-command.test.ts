import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, testDatabaseKind } from '../test/harness.ts';
import { testTmpDir } from '../test/test-env.ts';

/**
 * What a volunteer's cron line or typo meets: the real `backup` and `restore` entries, run as
 * processes from a folder of their own (a relative DATA_DIR means that folder), must fail
 * loudly with one French line and leave the source and the target as they were.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = pathToFileURL(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
    'dist/loader.mjs',
  ),
).href;
mkdirSync(testTmpDir, { recursive: true });
const work = mkdtempSync(path.join(testTmpDir, 'backup-cli-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

const cli = async (entry: 'backup' | 'restore', args: string[], env: Record<string, string>) => {
  const cwd = mkdtempSync(path.join(work, 'cwd-'));
  const result = await promisify(execFile)(
    process.execPath,
    ['--import', tsx, path.join(serverRoot, `src/cli/${entry}.ts`), ...args],
    { cwd, env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env } },
  ).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  return { ...result, cwd };
};

/** One line for the person, never a stack trace. */
const expectOneFrenchLine = (stderr: string, pattern: RegExp) => {
  expect(stderr).toMatch(pattern);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr.trim().split('\n')).toHaveLength(1);
};

describe('npm run backup on what is not an installation', () => {
  it('fails at once, naming the setting, and creates nothing at the source or the target', async () => {
    const wrong = path.join(work, 'wrong', 'path');
    const to = path.join(work, 'backups-of-wrong');
    const env: Record<string, string> = { DATA_DIR: wrong };
    if (testDatabaseKind === 'postgres') {
      // A database server that answers, in a database without Plateau's tables.
      const empty = await createPostgresTestDatabase({ empty: true });
      cleanups.push(empty.drop);
      mkdirSync(wrong, { recursive: true });
      env.DATABASE_URL = empty.url;
    }
    const result = await cli('backup', ['--to', to], env);
    expect(result.code).toBe(1);
    expectOneFrenchLine(
      result.stderr,
      testDatabaseKind === 'postgres'
        ? /^DATABASE_URL : cette base ne contient pas les tables de Plateau/
        : new RegExp(`^DATA_DIR=${wrong} : .*aucune installation Plateau ici`),
    );
    expect(existsSync(to)).toBe(false);
    if (testDatabaseKind === 'postgres') expect(readdirSync(wrong)).toEqual([]);
    else expect(existsSync(path.join(work, 'wrong'))).toBe(false);
  });

  it('names DATABASE_URL when its server does not answer, without showing the URL', async () => {
    const dataDir = mkdtempSync(path.join(work, 'data-'));
    const result = await cli('backup', ['--to', path.join(work, 'b')], {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://plateau:s3cret-word@127.0.0.1:9/plateau',
    });
    expect(result.code).toBe(1);
    expectOneFrenchLine(result.stderr, /^DATABASE_URL : la base ne répond pas/);
    expect(result.stderr).not.toContain('s3cret-word');
    expect(readdirSync(dataDir)).toEqual([]);
    expect(existsSync(path.join(work, 'b'))).toBe(false);
  });

  it('says that --to names a file, not a folder, and leaves the file alone', async () => {
    const file = path.join(work, 'not-a-folder');
    await writeFile(file, 'notes\n');
    const result = await cli('backup', ['--to', file], { DATA_DIR: path.join(work, 'nowhere') });
    expect(result.code).toBe(1);
    expectOneFrenchLine(result.stderr, /--to .*not-a-folder : c'est un fichier, pas un dossier/);
    expect(readFileSync(file, 'utf8')).toBe('notes\n');
  });

  it('--verify without DATA_DIR writes nothing into the default data folder', async () => {
    const result = await cli('backup', ['--verify', path.join(work, 'no-backups-here')], {});
    expect(result.code).toBe(1);
    expectOneFrenchLine(result.stderr, /no Plateau backup in/);
    // The default DATA_DIR (./data) of the folder it ran from.
    expect(readdirSync(result.cwd)).toEqual([]);
  });
});

describe('npm run restore that fails', () => {
  it('from a missing folder changes nothing in the target', async () => {
    const target = path.join(work, 'restore-target');
    const result = await cli('restore', ['--from', path.join(work, 'missing-backups')], {
      DATA_DIR: target,
    });
    expect(result.code).toBe(1);
    expectOneFrenchLine(result.stderr, /no Plateau backup in/);
    expect(existsSync(target)).toBe(false);
  });
});
