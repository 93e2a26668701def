import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const webDist = path.join(root, 'apps/web/dist');
const startScript = path.join(root, 'scripts/start.mjs');

/** The demo account the signed-in measurements use (role `user`). */
export const viewerName = 'spectateur';
/** The demo's member (role `plateau`), who publishes the watch page's bench video. */
export const memberName = 'membre';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * No live ingest: the RTMP listener would take port 1935, which the machine's other work (the
 * live bench and tests) owns; the web pages do not need it.
 */
const benchEnv = { RTMP_PORT: '0' };

/** Runs `node scripts/start.mjs <args>` to its end; rejects on a non-zero exit. */
const runStart = (args: string[], env: NodeJS.ProcessEnv, quiet: boolean) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [startScript, ...args], {
      cwd: root,
      env: { ...process.env, ...benchEnv, ...env },
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`start.mjs ${args[0]} failed (${signal ?? `exit code ${code}`})`)),
    );
  });

/**
 * A data dir of our own: a copy of `source` when given (the source is never written), else a
 * fresh one filled by `npm run demo` (the demo's seedDemo through the real API, about 70 s).
 * The viewer's and the member's password is then set to one chosen here, so any demo copy can
 * be signed into.
 */
export const prepareDataDir = async (
  source: string | undefined,
): Promise<{ dataDir: string; password: string }> => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'plateau-bench-web-'));
  const dataDir = path.join(tmp, 'data');
  try {
    if (source) {
      console.error(`Copying the demo data of ${source}...`);
      cpSync(source, dataDir, { recursive: true });
    } else {
      console.error('No BENCH_DATA_DIR: creating the demo content (npm run demo, about 70 s)...');
      await runStart(['demo'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, true);
    }
    const password = randomBytes(12).toString('base64url');
    for (const username of [viewerName, memberName]) {
      await runStart(
        ['user', 'set', username, '--password', password],
        { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        true,
      );
    }
    return { dataDir, password };
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
};

export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
}

/** `npm start` on 127.0.0.1:`port` with `dataDir`; resolves once the API answers. */
export const startServer = async (dataDir: string): Promise<RunningServer> => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [startScript], {
    cwd: root,
    env: {
      ...process.env,
      ...benchEnv,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode})`);
    try {
      const response = await fetch(`${origin}/api/tags`);
      if (response.ok) return { origin, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
};

/** POST /api/token as the login form sends it (multipart): the viewer's token. */
export const signIn = async (origin: string, username: string, password: string) => {
  const form = new FormData();
  form.append('username', username);
  form.append('password', password);
  const response = await fetch(`${origin}/api/token`, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`POST /api/token answered ${response.status}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  const payload = JSON.parse(
    Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8'),
  ) as { role: string };
  return { token: accessToken, role: payload.role };
};

/** GET /api/`route` with the viewer's token, body as JSON. */
export const apiGet = async <T>(origin: string, token: string, route: string): Promise<T> => {
  const response = await fetch(`${origin}/api/${route}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET /api/${route} answered ${response.status}`);
  return (await response.json()) as T;
};
