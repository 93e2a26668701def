/**
 * `npm run bench:chat -- [--quick] [--minutes=N] [--readers=N] [--writers=N] [--profile=DIR]`: the chat of the
 * direct (issue 36) on this machine. Plateau (compiled, PostgreSQL) receives a live (the
 * pre-encoded test pattern of bench:live, looped into its RTMP port); 500 signed-in students
 * read its chat over Server-Sent Events and 20 of them write a message every 2 s. Measured:
 * the delay from each send to each reader and to the last reader (p50, p99), messages lost or
 * doubled, the server's CPU beyond what the live alone costs it, and its memory along the run.
 * Beside it, in the same run, the same readers and writers on a bare node:http fan-out (no
 * account, rule or database). Prints tables next to the targets; asserts none (bench/README.md,
 * "npm run bench:chat").
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { signToken } from '../apps/server/src/modules/auth/token.ts';
import type { ClientsJob, ClientsResult } from './chat/clients.ts';
import { ask, forkChild as forkOf } from './child-process.ts';
import { cpuWindow, killStarted, spawnTracked, type Tracked } from './live/processes.ts';
import { ensurePreEncoded, loopedToRtmp } from './live/stamp.ts';
import { startPlateau, type RunningPlateau } from './media/plateau.ts';
import { cpuSeconds, loadAverage, memoryMb } from './media/proc.ts';
import { api, benchDatabase, buildServerOnly, nginxReadableDir, signIn } from './media/setup.ts';
import { freePort } from './web/server.ts';

const options = process.argv.slice(2);
const option = (name: string) =>
  options.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = options.includes('--quick');
/** The server's CPU profile (node --cpu-prof) into this folder, read with Chrome's DevTools. */
const profileDir = option('profile');
const MINUTES = Number(option('minutes') ?? (quick ? 1 : 10));
const READERS = Number(option('readers') ?? 500);
const WRITERS = Number(option('writers') ?? 20);
const EVERY_SECONDS = 2;
/** The live alone, before anyone reads: the server's cost without the chat. */
const LIVE_ONLY_SECONDS = quick ? 20 : 60;
/** The bare fan-out's run: its delays settle in a minute. */
const BARE_SECONDS = quick ? 30 : 60;
/** Readers connect from this many loopback addresses (the server bounds streams per address). */
const ADDRESSES = 10;
const PRE_ENCODED = path.join(os.tmpdir(), 'plateau-bench-live-pre-v1.flv');
const ADMIN = { username: 'bench-geek', password: randomBytes(12).toString('base64url') };
const database = benchDatabase('plateau_bench_chat');
const JWT_SECRET = randomBytes(32).toString('hex');

const log = (message: string) =>
  console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

const tmp = nginxReadableDir('plateau-bench-chat-');
let plateau: RunningPlateau | undefined;
let publisher: Tracked | undefined;
const children = new Set<ChildProcess>();

const forkChild = (file: string) => {
  const child = forkOf(file, import.meta.url);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
};

/** Students made straight in the database, with tokens signed as the server signs them. */
const makeStudents = async (count: number) => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; username: string }>(
      `insert into users (username, role)
         select 'etudiant-' || n, 'user' from generate_series(1, $1) as n
       returning id, username`,
      [count],
    );
    return Promise.all(
      rows.map((row) =>
        signToken(
          { secret: new TextEncoder().encode(JWT_SECRET), lifetimeSeconds: 4 * 3600 },
          {
            userId: row.id,
            role: 'user',
            username: row.username,
            gdaAccess: false,
            tokenVersion: 0,
          },
        ),
      ),
    );
  } finally {
    await client.end();
  }
};

interface Row {
  name: string;
  result: ClientsResult;
  /** Percent of one core over the run (Plateau: beyond the live alone). */
  cpuPercent: number;
  memory: string;
}

const printRows = (rows: Row[], liveOnlyPercent: number) => {
  console.log(
    `\nChat of the direct: ${READERS} readers, ${WRITERS} writers every ${EVERY_SECONDS} s ` +
      `(${os.cpus().length} cores, load before ${loadAverage()})`,
  );
  console.log(
    '| run | msgs accepted | deliveries made / expected | doubled | dropped streams | each p50 / p99 (ms) | last reader p50 / p99 / max (ms) | CPU (% of a core) | server RSS (MB) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { name, result, cpuPercent, memory } of rows) {
    const accepted = (result.byStatus['201'] ?? 0) + (result.byStatus['200'] ?? 0);
    console.log(
      `| ${name} | ${accepted} of ${result.sent} (${JSON.stringify(result.byStatus)}) | ` +
        `${result.delivered} / ${result.expected} | ${result.duplicates} | ${result.dropped} | ` +
        `${result.each.p50} / ${result.each.p99} | ${result.last.p50} / ${result.last.p99} / ${result.last.max} | ` +
        `${cpuPercent.toFixed(1)} | ${memory} |`,
    );
    if (result.firstError) console.log(`  (${name}: first error: ${result.firstError})`);
  }
  console.log(
    `\nPlateau's CPU with the live alone: ${liveOnlyPercent.toFixed(1)} % of a core (subtracted above).`,
  );
  console.log('Targets: p99 under 500 ms, under 10 % of one core for the chat, memory flat.');
};

const clientsJob = (
  origin: string,
  paths: Pick<ClientsJob, 'eventsPath' | 'postPath'>,
  tokens: (string | null)[],
  seconds: number,
): ClientsJob => ({
  origin,
  ...paths,
  readerTokens: tokens.slice(0, READERS),
  writerTokens: tokens.slice(0, WRITERS),
  addresses: Array.from({ length: ADDRESSES }, (_, i) => `127.0.0.${i + 2}`),
  seconds,
  everySeconds: EVERY_SECONDS,
});

const main = async () => {
  buildServerOnly();
  await database.recreate();
  const port = await freePort();
  let rtmpPort = await freePort();
  while (rtmpPort === port) rtmpPort = await freePort();
  await ensurePreEncoded(PRE_ENCODED, 30);
  log('starting Plateau (compiled, PostgreSQL)');
  plateau = await startPlateau(
    {
      DATA_DIR: path.join(tmp, 'data'),
      DATABASE_URL: database.url,
      JWT_SECRET,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      PORT: String(port),
      RTMP_PORT: String(rtmpPort),
      RTMP_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const { origin, pid } = plateau;
  const geek = await signIn(origin, ADMIN);
  const direct = await api(origin, '/api/directs', {
    method: 'POST',
    token: geek,
    body: JSON.stringify({ title: 'Gala (bench)', privacy: 1, chat: true }),
  });
  const { streamKey } = await api(origin, `/api/directs/${direct.id}/broadcast`, {
    method: 'PUT',
    token: geek,
    body: JSON.stringify({ enabled: true }),
  });
  const tokens = await makeStudents(Math.max(READERS, WRITERS));
  publisher = spawnTracked(
    'ffmpeg',
    loopedToRtmp(PRE_ENCODED, `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`),
  );
  for (let waited = 0; ; waited += 1) {
    const status = await api(origin, `/api/directs/${direct.id}/live`, { token: geek }).catch(
      () => null,
    );
    if (status?.state === 'live') break;
    if (waited > 60) throw new Error('the live never went on the air');
    await sleep(1000);
  }
  log(`live on the air; the live alone for ${LIVE_ONLY_SECONDS} s`);
  const liveOnly = cpuWindow(pid);
  await sleep(LIVE_ONLY_SECONDS * 1000);
  const liveOnlyPercent = (liveOnly().ownPerMinute / 60) * 100;

  const rows: Row[] = [];
  log(`Plateau: ${READERS} readers, ${WRITERS} writers for ${MINUTES} min`);
  const memory: number[] = [];
  const sampler = setInterval(() => memory.push(memoryMb(pid).rss), 10_000);
  const clients = forkChild('./chat/clients.ts');
  const window = cpuWindow(pid);
  const result = await ask<ClientsResult>(
    clients,
    clientsJob(
      origin,
      {
        eventsPath: `/api/directs/${direct.id}/chat/events`,
        postPath: `/api/directs/${direct.id}/chat`,
      },
      tokens,
      MINUTES * 60,
    ),
  );
  const cpu = window();
  clearInterval(sampler);
  clients.kill();
  const minuteOf = (samples: number[]) =>
    samples.length === 0 ? 0 : samples.reduce((a, b) => a + b, 0) / samples.length;
  rows.push({
    name: 'Plateau (SSE, rules, PostgreSQL NOTIFY)',
    result,
    cpuPercent: (cpu.ownPerMinute / 60) * 100 - liveOnlyPercent,
    memory: `${minuteOf(memory.slice(0, 6)).toFixed(0)} in the first minute, ${minuteOf(memory.slice(-6)).toFixed(0)} in the last`,
  });

  log(`bare node:http fan-out for ${BARE_SECONDS} s`);
  const bare = forkChild('./chat/bare-sse.ts');
  const { port: barePort } = await ask<{ port: number }>(bare);
  const bareCpu = cpuSeconds(bare.pid!);
  const bareStart = performance.now();
  const bareClients = forkChild('./chat/clients.ts');
  const bareResult = await ask<ClientsResult>(
    bareClients,
    clientsJob(
      `http://127.0.0.1:${barePort}`,
      { eventsPath: '/events', postPath: '/send' },
      tokens.map(() => null),
      BARE_SECONDS,
    ),
  );
  const bareSeconds = (performance.now() - bareStart) / 1000;
  rows.push({
    name: 'bare node:http fan-out (baseline)',
    result: bareResult,
    cpuPercent: ((cpuSeconds(bare.pid!) - bareCpu) / bareSeconds) * 100,
    memory: `${memoryMb(bare.pid!).rss.toFixed(0)} at the end`,
  });
  bareClients.kill();
  bare.kill();
  printRows(rows, liveOnlyPercent);
};

const cleanUp = async () => {
  for (const child of children) child.kill('SIGKILL');
  await publisher?.stop().catch(() => undefined);
  await plateau?.stop().catch(() => undefined);
  killStarted();
  rmSync(tmp, { recursive: true, force: true });
};

process.on('SIGINT', () => {
  void cleanUp().then(() => process.exit(130));
});
try {
  await main();
} finally {
  await cleanUp();
}
