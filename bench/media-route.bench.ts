/**
 * `npx tsx bench/media-route.bench.ts`: the streaming path against the documented route
 * (@fastify/send's own stream), in rounds, with nginx as the reference in each round. The
 * documented route exists only with `bench/media/documented-route.patch` applied (it reads
 * `PLATEAU_MEDIA_ROUTE`); without it both Plateau rows run today's path. Prints a table; asserts
 * no timing (bench/README.md, "Documented APIs or today's path").
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNginx } from './media/nginx.ts';
import { startPlateau } from './media/plateau.ts';
import { cpuSeconds, loadAverage } from './media/proc.ts';
import { runWrk } from './media/wrk.ts';
import {
  api,
  benchDatabase,
  buildServerOnly,
  nginxReadableDir,
  publishRandomRendition,
  signIn,
} from './media/setup.ts';
import { freePort } from './web/server.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = 8;
const CONNECTIONS = 50;
const FILE_BYTES = 200 * 1000 * 1000;
const ROUTES = ['today', 'documented'];
const ADMIN = { username: 'bench-geek', password: randomBytes(12).toString('base64url') };
const VIEWER = { username: 'bench-viewer', password: randomBytes(12).toString('base64url') };

const rows: string[] = [];
const measure = async (round: number, name: string, url: string, pids: () => number[]) => {
  await runWrk(url, FILE_BYTES, { connections: CONNECTIONS, seconds: 2 });
  const cpu = () => pids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const before = cpu();
  const r = await runWrk(url, FILE_BYTES, { connections: CONNECTIONS, seconds: SECONDS });
  const used = cpu() - before;
  if (r.connect + r.read + r.write + r.status + r.timeout > 0) throw new Error(`${name}: errors`);
  const seconds = r.durationUs / 1e6;
  const row = `| ${round} | ${name} | ${(r.bytes / 1e6 / seconds).toFixed(0)} | ${(r.requests / seconds).toFixed(0)} | ${(r.p50Us / 1000).toFixed(1)} | ${(r.p99Us / 1000).toFixed(1)} | ${(used / (r.bytes / 1e9)).toFixed(2)} | ${loadAverage()} |`;
  console.error(row);
  rows.push(row);
};

buildServerOnly();
const tmp = nginxReadableDir('plateau-bench-route-');
const mediaDir = path.join(tmp, 'data/media');
const database = benchDatabase('plateau_bench_media_route');
await database.recreate();
const port = await freePort();
const env = {
  DATA_DIR: path.join(tmp, 'data'),
  DATABASE_URL: database.url,
  JWT_SECRET: randomBytes(32).toString('hex'),
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  PORT: String(port),
};
const setup = await startPlateau(env);
const geek = await signIn(setup.origin, ADMIN);
const post = (url: string, body: unknown) =>
  api(setup.origin, url, { method: 'POST', token: geek, body: JSON.stringify(body) });
await post('/api/users', { ...VIEWER, role: 'user' });
const viewer = await signIn(setup.origin, VIEWER);
const video = await post('/api/videos', { title: 'Route', privacy: 1 });
await setup.stop();
await publishRandomRendition(database.url, mediaDir, video.id, FILE_BYTES);
const [staticPort, proxyPort] = [await freePort(), await freePort()];
const nginx = await startNginx(path.join(tmp, 'nginx'), mediaDir, {
  staticPort,
  proxyPort,
  plateauPort: port,
});
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    const file = `http://127.0.0.1:${staticPort}/media/videos/${video.id}/720.mp4`;
    await measure(round, 'nginx alone', file, nginx.pids);
    for (const route of ROUTES) {
      const plateau = await startPlateau({ ...env, PLATEAU_MEDIA_ROUTE: route });
      try {
        const url = `${plateau.origin}/api/media/video/${video.id}/720?token=${viewer}`;
        const check = await fetch(url, { headers: { range: 'bytes=12345-12444' } });
        const bytes = Buffer.from(await check.arrayBuffer()).length;
        if (check.status !== 206 || bytes !== 100) throw new Error(`${route}: ${check.status}`);
        await measure(round, `Plateau, ${route}`, url, () => [plateau.pid]);
      } finally {
        await plateau.stop();
      }
    }
  }
} finally {
  await nginx.stop();
  rmSync(tmp, { recursive: true, force: true });
}
console.log(
  `\n${CONNECTIONS} connections (wrk -t2), random 1 MiB ranges of a ${FILE_BYTES / 1e6} MB file, 2 s warm-up then ${SECONDS} s per row; ${os.cpus().length} CPUs.\n`,
);
console.log('| round | server | MB/s | req/s | p50 ms | p99 ms | CPU s per GB | load after |');
console.log('|--:|---|--:|--:|--:|--:|--:|---|');
for (const row of rows) console.log(row);
