import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTmpDir } from '../test/test-env.ts';
import { dumpPostgres, passwordApart } from './database-dump.ts';

describe("the database's password, kept out of pg_dump's and pg_restore's command line", () => {
  it('takes it out of the user part and out of the password parameter, decoded', () => {
    expect(passwordApart('postgres://plateau:s%40cr%3At@db:5432/plateau?sslmode=require')).toEqual({
      url: 'postgres://plateau@db:5432/plateau?sslmode=require',
      env: { ...process.env, PGPASSWORD: 's@cr:t' },
    });
    expect(
      passwordApart('postgresql://plateau:old@db/plateau?sslmode=disable&password=a%26b+c'),
    ).toEqual({
      url: 'postgresql://plateau@db/plateau?sslmode=disable',
      env: { ...process.env, PGPASSWORD: 'a&b+c' },
    });
  });

  it('leaves a URL without password as it is, and the environment with it', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/plateau?sslmode=disable';
    expect(passwordApart(url).url).toBe(url);
    expect(passwordApart(url).env).toBe(process.env);
  });

  it('runs pg_dump with the password in its environment only', async () => {
    const folder = await mkdtemp(path.join(testTmpDir, 'pg-dump-'));
    const seen = path.join(folder, 'seen');
    // A pg_dump that writes down what it was given: its arguments, then PGPASSWORD.
    await writeFile(
      path.join(folder, 'pg_dump'),
      `#!/bin/sh\nprintf '%s\\n' "$@" "PGPASSWORD=$PGPASSWORD" > '${seen}'\n`,
    );
    await chmod(path.join(folder, 'pg_dump'), 0o755);
    const searchPath = process.env.PATH;
    process.env.PATH = `${folder}${path.delimiter}${searchPath}`;
    try {
      await dumpPostgres('postgres://plateau:hunter2@db/plateau', path.join(folder, 'dump'));
      const lines = (await readFile(seen, 'utf8')).trim().split('\n');
      expect(lines.at(-1)).toBe('PGPASSWORD=hunter2');
      expect(lines.slice(0, -1)).toContain('--dbname=postgres://plateau@db/plateau');
      expect(lines.slice(0, -1).join(' ')).not.toContain('hunter2');
    } finally {
      process.env.PATH = searchPath;
      await rm(folder, { recursive: true, force: true });
    }
  });
});
