/**
 * `npm start`, `npm run worker`, `npm run user -- ...`: builds what is missing or stale, then
 * runs the compiled entry inside this very process. npm's script shell `exec`s into it, so the
 * process npm signals is the server itself: SIGTERM to npm, to its process group or to this
 * process all reach the server's graceful shutdown, and nothing is left running.
 *
 *   node scripts/start.mjs [server|worker|user] [arguments of the entry]
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, runningBuild, serverDir, serverDist, serverEntries } from './build.mjs';

const [name = 'server', ...args] = process.argv.slice(2);
const entry = serverEntries[name];
if (!entry) {
  console.error(`usage: node scripts/start.mjs [${Object.keys(serverEntries).join('|')}] ...`);
  process.exit(2);
}

// A stop asked for while building stops the build too (Vite runs as a child process).
const stopBuilding = (signal) => {
  runningBuild?.kill(signal);
  process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
};
process.once('SIGINT', stopBuilding);
process.once('SIGTERM', stopBuilding);
try {
  await ensureBuilt({ web: name === 'server' });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
process.off('SIGINT', stopBuilding);
process.off('SIGTERM', stopBuilding);

// Relative paths (DATA_DIR=./data by default) keep meaning what they meant when these
// commands ran inside the server workspace: the same data for `npm start` and `npm run user`.
process.chdir(serverDir);
const file = path.join(serverDist, entry);
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
