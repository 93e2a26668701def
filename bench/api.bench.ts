import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { signToken } from '../apps/server/src/modules/auth/token.ts';
import { createLocalStorage } from '../apps/server/src/storage/media-storage.ts';
import type { Role } from '@plateau/contract';
import { benchUrl, benchViewerId } from './bench-env.ts';
import { captureStatements, type CapturedStatement } from './capture.ts';
import { startLoadGenerator, type LoadResult } from './load.ts';
import { startRawFloor } from './raw-floor.ts';
import { buildScenarios, type Scenario } from './scenarios.ts';
import { ensureSeeded } from './seed.ts';

/**
 * `npm run bench:api -- [--quick] [--reseed] [--only=<text>] [--show-sql] [--explain] [--connections=N] [--duration=S]`
 * Plateau's video lists against the raw floor, on loopback, same process, same database.
 */
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = flag('quick');
const connections = Number(option('connections') ?? 10);
const duration = Number(option('duration') ?? (quick ? 3 : 10));
const warmup = quick ? 1 : 2;
const only = option('only');

const fail = (message: string): never => {
  console.error(`\n[bench] ${message}`);
  process.exit(1);
};

await ensureSeeded({ reseed: flag('reseed') });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plateau-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: benchUrl(),
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
});
const database = openPostgres(benchUrl());
const app = await buildApp({
  config,
  database,
  storage: createLocalStorage(config.mediaDir),
  logger: false,
  extraDeps: { mediaBinaries: null },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const plateauUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
// Settings the API's connections set for themselves (e.g. random_page_cost) apply to the floor.
const { rows: settingRows } = await database.query<{ name: string; setting: string }>(
  `select name, setting from pg_settings where source = 'client' and name <> 'application_name'`,
);
const sessionSettings = Object.fromEntries(settingRows.map((row) => [row.name, row.setting]));
const floor = await startRawFloor(benchUrl(), sessionSettings);
const load = startLoadGenerator();

const { rows: viewerRows } = await database.query<{
  username: string;
  role: Role;
  gda_access: boolean;
  token_version: number;
}>(`select username, role, gda_access, token_version from users where id = $1`, [benchViewerId]);
const viewerRow = viewerRows[0] ?? fail(`user ${benchViewerId} is missing: run with --reseed`);
const token = await signToken(
  { secret: config.jwtSecret, lifetimeSeconds: 3600 },
  {
    userId: benchViewerId,
    role: viewerRow.role,
    username: viewerRow.username,
    gdaAccess: viewerRow.gda_access,
    tokenVersion: viewerRow.token_version,
  },
);
const headers = { authorization: `Bearer ${token}` };

const scenarios = (await buildScenarios(database, benchViewerId)).filter(
  (s) => !only || s.name.includes(only),
);
if (scenarios.length === 0) fail(`no scenario matches --only=${only}`);

/** Proves the call answers what it should, and records the SQL it issues for the floor. */
const prepare = async (scenario: Scenario): Promise<CapturedStatement[]> => {
  await app.inject({ method: 'GET', url: scenario.path, headers });
  const { result: response, statements } = await captureStatements(() =>
    app.inject({ method: 'GET', url: scenario.path, headers }),
  );
  if (response.statusCode !== 200) {
    fail(`${scenario.name}: ${scenario.path} answered ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{ videos: unknown[]; nResults: number }>();
  const { nResults, pageLength, exact } = scenario.expected;
  const countOk = exact ? body.nResults === nResults : body.nResults >= nResults;
  const pageOk = body.videos.length === (exact ? pageLength : Math.min(48, body.nResults));
  if (!countOk || !pageOk) {
    fail(
      `${scenario.name}: nResults ${body.nResults} / ${body.videos.length} videos, expected ${exact ? '' : '>= '}${nResults} / ${pageLength}`,
    );
  }
  floor.route(scenario.path, statements);
  const raw = await fetch(`${floor.url}${scenario.path}`);
  const rawBody = (await raw.json()) as { videos: unknown[]; nResults: number };
  if (raw.status !== 200 || rawBody.nResults !== body.nResults) {
    fail(
      `${scenario.name}: the raw floor answered ${raw.status} with nResults ${rawBody.nResults}`,
    );
  }
  if (flag('show-sql') || flag('explain')) {
    console.log(`\n-- ${scenario.name}: ${scenario.path}`);
    for (const s of statements) {
      console.log(`[wave ${s.wave}] ${s.text};  -- ${JSON.stringify(s.values)}`);
      if (!flag('explain')) continue;
      const plan = await database.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${s.text}`,
        s.values,
      );
      console.log(plan.rows.map((row) => `   ${row['QUERY PLAN']}`).join('\n'));
    }
  }
  return statements;
};

const measure = async (url: string): Promise<LoadResult> => {
  await load.run({ url, connections, duration: warmup, headers });
  const result = await load.run({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    fail(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return result;
};

interface Row {
  scenario: Scenario;
  plateau: LoadResult;
  raw: LoadResult;
}

const rows: Row[] = [];
const { rows: versionRows } = await database.query<{ server_version: string }>(
  'show server_version',
);
const loadBefore = os.loadavg()[0] ?? 0;
try {
  for (const scenario of scenarios) await prepare(scenario);
  if (!flag('explain')) {
    console.log(
      `\n[bench] ${scenarios.length} scenarios answer as expected; autocannon ${connections} connections, ${duration} s each (+${warmup} s warm-up)`,
    );
    for (const scenario of scenarios) {
      const plateau = await measure(`${plateauUrl}${scenario.path}`);
      const raw = await measure(`${floor.url}${scenario.path}`);
      rows.push({ scenario, plateau, raw });
      console.log(
        `[bench] ${scenario.name}: ${plateau.requestsPerSecond.toFixed(0)} req/s (raw ${raw.requestsPerSecond.toFixed(0)})`,
      );
    }
  }
} finally {
  load.stop();
  await app.close();
  await floor.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

if (rows.length > 0) {
  const cpu = os.cpus();
  console.log(
    `\n${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, Node ${process.version}, PostgreSQL ${versionRows[0]?.server_version ?? '?'}; ${connections} connections, ${duration} s per run; load average ${loadBefore.toFixed(2)} before the runs; API session settings (floor too): ${JSON.stringify(sessionSettings)}\n`,
  );
  if (loadBefore > 1) {
    console.log('[bench] warning: the machine was busy before the runs; numbers are pessimistic\n');
  }
  const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);
  console.log(
    '| scenario | Plateau req/s | p50 ms | p99 ms | raw req/s | p50 ms | p99 ms | Plateau/raw | targets |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|---|');
  let missed = 0;
  for (const { scenario, plateau, raw } of rows) {
    const ratio = plateau.requestsPerSecond / raw.requestsPerSecond;
    const ok = plateau.p99 < scenario.p99Target && ratio >= 0.6;
    if (!ok) missed += 1;
    console.log(
      `| ${scenario.name} | ${plateau.requestsPerSecond.toFixed(0)} | ${ms(plateau.p50)} | ${ms(plateau.p99)} | ${raw.requestsPerSecond.toFixed(0)} | ${ms(raw.p50)} | ${ms(raw.p99)} | ${(ratio * 100).toFixed(0)}% | ${ok ? 'met' : 'missed'} (p99 < ${scenario.p99Target} ms, ≥ 60%) |`,
    );
  }
  console.log(missed === 0 ? '\nAll targets met.' : `\n${missed} scenario(s) missed a target.`);
}
