import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { accepts, freePort, sleep } from './network-test-helpers.ts';

/**
 * `npm run dev` as a developer runs it: one command serves the app through Vite, with /api
 * reaching the server, and a Ctrl-C (SIGINT to the terminal's process group) stops every
 * process it started, the server through its graceful shutdown. Every wait polls.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'plateau-dev-'));
let started: number[] = [];

/** `pid` and every process below it. */
const processTree = (pid: number): number[] => {
  let children: number[] = [];
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    // ps exits 1 when there is none
  }
  return [pid, ...children.flatMap(processTree)];
};

const alive = (pids: number[]) =>
  pids.filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });

/** npm's process group (spawned detached): what a failed test must not leave running. */
let group: number | undefined;

afterAll(() => {
  // Only if the test failed half-way: never leave a server behind (it would hold RTMP_PORT and
  // the next tests' servers could not start).
  for (const pid of alive(started)) process.kill(pid, 'SIGKILL');
  try {
    if (group !== undefined) process.kill(-group, 'SIGKILL');
  } catch {
    // the group is gone: everything stopped
  }
  rmSync(dataDir, { recursive: true, force: true });
});

it('npm run dev serves the app through Vite with /api proxied, and Ctrl-C stops it all', async () => {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(apiPort),
    LOG_LEVEL: 'silent',
  };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  const args = ['run', 'dev', '--', '--port', String(webPort), '--strictPort'];
  const npm = spawn('npm', [...args, '--host', '127.0.0.1'], {
    cwd: root,
    env,
    detached: true,
    stdio: 'ignore',
  });
  group = npm.pid;
  const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));

  let health: Response | undefined;
  while (health?.status !== 200) {
    await sleep(250);
    health = await fetch(`http://127.0.0.1:${webPort}/api/health`).catch(() => undefined);
  }
  expect(await health.json()).toEqual({
    status: 'ok',
    database: 'ok',
    queue: 'ok',
    storage: 'ok',
  });
  const page = await (await fetch(`http://127.0.0.1:${webPort}/`)).text();
  expect(page).toContain('/@vite/client');
  started = processTree(npm.pid!);
  // npm, sh/node dev.mjs, tsx, the server, Vite.
  expect(started.length).toBeGreaterThanOrEqual(4);

  // What a terminal does on Ctrl-C: SIGINT to the foreground process group.
  process.kill(-npm.pid!, 'SIGINT');
  expect(await exited).toBe(0);
  while (alive(started).length > 0) await sleep(100);
  expect(await accepts(apiPort)).toBe(false);
  expect(await accepts(webPort)).toBe(false);
  expect(existsSync(path.join(dataDir, 'pglite.pid'))).toBe(false);
});
