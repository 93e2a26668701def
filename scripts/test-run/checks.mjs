/**
 * `npm run checks`: the type check and the lint side by side (each leaves a core idle for much
 * of its run), each one's output printed whole once it ends, so neither cuts into the other.
 * Exits non-zero when either fails.
 */
import { spawn } from 'node:child_process';

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(output));
      console.log(`npm run ${script}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(['typecheck', 'lint'].map(run));
process.exit(results.every(Boolean) ? 0 : 1);
