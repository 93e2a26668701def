import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { accepts, freePort, sleep } from './network-test-helpers.ts';

/**
 * `npm start` as an operator runs it: it builds what is missing, serves, and a SIGTERM to npm
 * stops everything it started (nothing left in its process group, the port and the embedded
 * database free). Bounded by the test timeout; every wait polls.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'plateau-start-'));
let group: number | undefined;

/** Pids still in the process group npm leads (npm, the server, ffmpeg, a build tool...). */
const groupMembers = (pgid: number): number[] => {
  try {
    return execFileSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
  } catch {
    return []; // ps exits 1 when the group is empty
  }
};

afterAll(() => {
  // Only if the test failed half-way: never leave a server behind.
  if (group !== undefined && groupMembers(group).length > 0) process.kill(-group, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('npm start serves, and a SIGTERM to npm stops everything it started', async () => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
  };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  // Its own process group, as a terminal or a service manager would give it.
  const npm = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: 'ignore' });
  group = npm.pid!;
  const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));

  let health: Response | undefined;
  while (health?.status !== 200) {
    await sleep(200);
    health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
  }
  expect(await health.json()).toEqual({
    status: 'ok',
    database: 'ok',
    queue: 'ok',
    storage: 'ok',
  });
  expect(existsSync(path.join(dataDir, 'pglite.pid'))).toBe(true);

  process.kill(npm.pid!, 'SIGTERM');
  expect(await exited).toBe(0);
  while (groupMembers(group).length > 0) await sleep(100);
  expect(groupMembers(group)).toEqual([]);
  expect(await accepts(port)).toBe(false);
  expect(existsSync(path.join(dataDir, 'pglite.pid'))).toBe(false);
});
