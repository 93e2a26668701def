/**
 * npm scripts side by side, each one's output printed whole once it ends, so none cuts into
 * another; `--live NAME` streams that one's output as it comes instead. Exits non-zero when any
 * fails.
 * - `npm run checks`: the type check and the lint (each leaves a core idle for much of its run);
 * - `npm test`: the checks and every test (the tests' waits on encoders, players and browsers
 *   leave about a sixth of the two cores idle: the checks' 90 s of CPU fit there).
 */
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const live = args.includes('--live') ? args[args.indexOf('--live') + 1] : undefined;
const scripts = args.filter((arg, index) => arg !== '--live' && args[index - 1] !== '--live');

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const streamed = script === live;
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(output));
      console.log(`npm run ${script}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s`);
      resolve(code === 0);
    });
  });

const results = await Promise.all((live ? [...scripts, live] : scripts).map(run));
process.exit(results.every(Boolean) ? 0 : 1);
