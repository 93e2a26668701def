import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, testDatabaseKind } from '../test/harness.ts';
import { testTmpDir } from '../test/test-env.ts';
import { freePort, sleep } from '../../../../scripts/network-test-helpers.ts';
import { builtEntry, serverRoot } from '../test/plateau-process.ts';

/**
 * The reproduction of a stop that never ended: a process whose standard output and error are
 * pipes, the reading end closed while it idles (a closed terminal, a killed `| tee`, a log
 * collector that restarted), then SIGTERM. pino's exit flush used to retry the failed write
 * every 100 ms for ever; the stop must end within its grace whatever happened to the logs.
 */
const started = new Set<ChildProcess>();
const cleanups: (() => unknown)[] = [];

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

const GRACE_SECONDS = 2;

const startProcess = (entry: 'server' | 'worker', env: Record<string, string>) => {
  const dataDir = mkdtempSync(path.join(testTmpDir, 'log-reader-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, builtEntry(entry), {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SHUTDOWN_GRACE: String(GRACE_SECONDS),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)),
  );
  return { child, exit, output: () => output };
};

/** Closes the reading ends, lets the process log into them, then asks it to stop. */
const stopWithoutReader = async ({ child, exit }: ReturnType<typeof startProcess>) => {
  child.stdout!.destroy();
  child.stderr!.destroy();
  // Nothing written in between: the stop's own lines are the first to meet the closed pipe.
  await sleep(200);
  child.kill('SIGTERM');
  // Far more than the grace and the steps after it; a stop looping on its logs never gets here.
  return Promise.race([exit, sleep((GRACE_SECONDS + 25) * 1000).then(() => 'still running')]);
};

describe('a stop after the reader of the logs went away', () => {
  it('the server exits 0 within its grace', async () => {
    const port = await freePort();
    const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1' };
    if (testDatabaseKind === 'postgres') {
      const database = await createPostgresTestDatabase();
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    const server = startProcess('server', env);
    // A request's log line and a few others are written while the reader is still there.
    while (!(await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok) {
      expect(server.child.exitCode, server.output()).toBeNull();
      await sleep(200);
    }
    expect(server.output()).toContain('incoming request');
    expect(await stopWithoutReader(server)).toBe('exit 0');
  });

  it.runIf(testDatabaseKind === 'postgres')('the encode worker exits 0 as well', async () => {
    const database = await createPostgresTestDatabase();
    cleanups.push(database.drop);
    const worker = startProcess('worker', { DATABASE_URL: database.url });
    while (!worker.output().includes('encode worker started')) {
      expect(worker.child.exitCode, worker.output()).toBeNull();
      await sleep(200);
    }
    expect(await stopWithoutReader(worker)).toBe('exit 0');
  });
});
