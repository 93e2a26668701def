import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtPage = path.join(web, 'dist/index.html');

/** The newest modification time among the web app's sources (everything but its output). */
const newestSource = (dir: string): number =>
  Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true })
      .filter((entry) => !['dist', 'node_modules'].includes(entry.name))
      .map((entry) => {
        const file = path.join(dir, entry.name);
        return entry.isDirectory() ? newestSource(file) : statSync(file).mtimeMs;
      }),
  );

/** The browser tests load the built web app: build it when it is missing or older than its sources. */
export default function setup() {
  if (existsSync(builtPage) && statSync(builtPage).mtimeMs >= newestSource(web)) return;
  // vitest sets NODE_ENV=test, which would make Vite write a development build (and `npm start`
  // would then serve it as fresh): the browser tests must load what production serves.
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
