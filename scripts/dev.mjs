/**
 * `npm run dev`: the server from its TypeScript sources (tsx watch, restarted on change) and the
 * web app from Vite (hot reload, /api sent to the server's PORT), together. Ctrl-C, or a SIGTERM
 * to this process, stops both; when one of them exits, the other is stopped too.
 *
 *   node scripts/dev.mjs [Vite options, e.g. --port 5174 --host 0.0.0.0]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The command-line script of a package, resolved from the workspace that depends on it. */
const binOf = (workspace, name) => {
  const require = createRequire(path.join(root, workspace, 'package.json'));
  const manifest = require.resolve(`${name}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin[name]);
};

const children = [
  // From apps/server, as before: a relative DATA_DIR (./data) is apps/server/data, like npm start.
  {
    name: 'server',
    cwd: path.join(root, 'apps/server'),
    args: [binOf('apps/server', 'tsx'), 'watch', '--clear-screen=false', 'src/main.ts'],
  },
  {
    name: 'web',
    cwd: path.join(root, 'apps/web'),
    args: [binOf('apps/web', 'vite'), '--clearScreen', 'false', ...process.argv.slice(2)],
  },
].map(({ name, cwd, args }) => {
  // Each in its own process group with no terminal input: Ctrl-C reaches this process only, and
  // each child gets exactly one signal from it (tsx and the server take a second one as "kill").
  const child = spawn(process.execPath, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { name, child, exited };
});

let stopping = false;
const stopAll = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
};

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(signal));

console.error(
  `dev: open the address Vite prints (the app, with hot reload); it sends /api to the server ` +
    `on port ${process.env.PORT || 8080}, which restarts when its sources change.`,
);

const first = await Promise.race(
  children.map(({ name, exited }) => exited.then((result) => ({ name, result }))),
);
const asked = stopping;
if (!asked) console.error(`dev: the ${first.name} stopped (${first.result}); stopping the rest`);
stopAll('SIGTERM');
await Promise.all(children.map(({ exited }) => exited));
// Stopped on request: success; one side stopped by itself: a failure, whatever its code.
process.exitCode = asked
  ? 0
  : typeof first.result === 'number' && first.result !== 0
    ? first.result
    : 1;
