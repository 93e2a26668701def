/**
 * Builds what Plateau runs in production: the web app (Vite, into apps/web/dist) and the server,
 * worker, user and demo commands (esbuild, into apps/server/dist). Plain Node, no TypeScript loader:
 * `npm start` uses it before the compiled code exists.
 *
 * `node scripts/build.mjs` builds both; scripts/start.mjs builds only what is missing or stale.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDir = path.join(root, 'apps/server');
export const serverDist = path.join(serverDir, 'dist');
const webDir = path.join(root, 'apps/web');
const contractSources = [
  path.join(root, 'packages/contract/src'),
  path.join(root, 'packages/contract/package.json'),
];

/** The compiled entries, by the name scripts/start.mjs takes. */
export const serverEntries = {
  server: 'main.js',
  worker: 'worker-main.js',
  user: 'cli/user.js',
  demo: 'cli/demo/demo.js',
  backup: 'cli/backup.js',
  restore: 'cli/restore.js',
  media: 'cli/media.js',
};

const serverBuild = {
  name: 'server',
  sources: [
    path.join(serverDir, 'src'),
    path.join(serverDir, 'package.json'),
    ...contractSources,
    fileURLToPath(import.meta.url),
  ],
  // Written last, so a build cut short counts as missing.
  stamp: path.join(serverDist, 'build-info.json'),
};

const webBuild = {
  name: 'web app',
  sources: [
    path.join(webDir, 'src'),
    path.join(webDir, 'public'),
    path.join(webDir, 'index.html'),
    path.join(webDir, 'vite.config.ts'),
    path.join(webDir, 'tsconfig.json'),
    path.join(webDir, 'package.json'),
    ...contractSources,
  ],
  // Vite writes it last.
  stamp: path.join(webDir, 'dist/index.html'),
};

/** Newest modification time under `paths` (directories count too: a deleted file changes its folder). */
const newestChange = (paths) => {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stats = statSync(entry);
    newest = Math.max(newest, stats.mtimeMs);
    if (stats.isDirectory()) {
      for (const child of readdirSync(entry)) {
        if (child !== 'node_modules') visit(path.join(entry, child));
      }
    }
  };
  paths.forEach(visit);
  return newest;
};

/** 'missing', 'stale' or undefined when the build is newer than every source it comes from. */
const buildState = ({ sources, stamp }) => {
  if (!existsSync(stamp)) return 'missing';
  return newestChange(sources) > statSync(stamp).mtimeMs ? 'stale' : undefined;
};

export const serverBuildState = () => buildState(serverBuild);
export const webBuildState = () => buildState(webBuild);

/** Loads a build tool, which is a dev dependency: a production install may lack it. */
const requireTool = async (name, load) => {
  try {
    return await load();
  } catch {
    throw new Error(
      `${name} is not installed (a dev dependency): run \`npm ci\` then \`npm run build\`, ` +
        'or deploy an already built apps/server/dist and apps/web/dist.',
    );
  }
};

/**
 * Our code and the contract (TypeScript sources with `.ts` imports) go into the bundle;
 * every package of node_modules stays an import, resolved at run time.
 */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('@plateau/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** The server's build, into `outdir` (dist/ by default; the tests build a copy of their own). */
export const buildServer = async ({ outdir = serverDist } = {}) => {
  const esbuild = await requireTool('esbuild', () => import('esbuild'));
  rmSync(outdir, { recursive: true, force: true });
  try {
    const result = await esbuild.build({
      absWorkingDir: serverDir,
      entryPoints: Object.fromEntries(
        Object.values(serverEntries).map((file) => [
          file.replace(/\.js$/, ''),
          path.join(serverDir, 'src', file.replace(/\.js$/, '.ts')),
        ]),
      ),
      outdir,
      bundle: true,
      // Shared code goes into chunks at the top of dist/, beside the migrations it reads.
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      metafile: true,
      logLevel: 'warning',
      plugins: [packagesStayExternal],
    });
    // Files found through import.meta.url (migrations, the web app) are located from the top of
    // dist/: code that reads them must not end up in an entry of a subfolder.
    for (const [output, info] of Object.entries(result.metafile.outputs)) {
      const nested = path.dirname(path.resolve(serverDir, output)) !== path.resolve(outdir);
      if (
        nested &&
        output.endsWith('.js') &&
        readFileSync(path.resolve(serverDir, output), 'utf8').includes('import.meta.url')
      ) {
        throw new Error(
          `${output} uses import.meta.url from a subfolder of dist (inputs: ${Object.keys(info.inputs).join(', ')})`,
        );
      }
    }
  } finally {
    await esbuild.stop();
  }
  cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outdir, 'migrations'), {
    recursive: true,
  });
  writeFileSync(
    path.join(outdir, path.basename(serverBuild.stamp)),
    `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`,
  );
};

/** The running build child, so scripts/start.mjs can stop it on a signal. */
export let runningBuild;

export const buildWeb = async () => {
  const viteBin = await requireTool('vite', async () => {
    const require = createRequire(path.join(webDir, 'package.json'));
    const manifest = require.resolve('vite/package.json');
    const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
    return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin.vite);
  });
  await new Promise((resolve, reject) => {
    // Vite's output goes to stderr: the stdout of `npm run user` stays the command's own.
    runningBuild = spawn(process.execPath, [viteBin, 'build'], {
      cwd: webDir,
      stdio: ['ignore', process.stderr, 'inherit'],
      // What is served is the production build, whatever NODE_ENV the caller runs with.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    runningBuild.once('error', reject);
    runningBuild.once('exit', (code, signal) => {
      runningBuild = undefined;
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`));
    });
  });
};

/** Builds a target when it is missing or older than its sources (or always, with `force`). */
export const ensureBuilt = async ({ web, force = false }) => {
  const targets = [...(web ? [[webBuild, buildWeb]] : []), [serverBuild, buildServer]];
  for (const [target, build] of targets) {
    const state = force ? 'requested' : buildState(target);
    if (state === undefined) continue;
    const started = Date.now();
    console.error(`Building the ${target.name} (${state})...`);
    await build();
    console.error(`Built the ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await ensureBuilt({ web: true, force: true });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
