import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { signToken } from '../apps/server/src/modules/auth/token.ts';
import { createLocalStorage } from '../apps/server/src/storage/media-storage.ts';
import type { Role } from '@plateau/contract';
import { printTable, type Row } from './api-table.ts';
import { benchUrl, benchViewerId } from './bench-env.ts';
import { captureStatements, type CapturedStatement } from './capture.ts';
import { startLoadGenerator, type LoadResult } from './load.ts';
import { oldStatementsFor } from './old-statements.ts';
import { postgresFloor, startRawFloor, type FloorDatabase } from './raw-floor.ts';
import { buildScenarios, type Scenario } from './scenarios.ts';
import { ensureSeeded, ensureSeededPglite } from './seed.ts';

/**
 * `npm run bench:api -- [--quick] [--reseed] [--db=postgres|pglite|both] [--only=<text>] [--show-sql] [--explain] [--connections=N] [--duration=S]`
 * Plateau's video lists against the raw floor replaying the same statements and the old
 * statements (before migration 0009), on loopback, same process, same database: PostgreSQL
 * at 100,000 videos, then the embedded database (PGlite) at 10,000.
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
const which = option('db') ?? 'both';

const fail = (message: string): never => {
  console.error(`\n[bench] ${message}`);
  process.exit(1);
};

interface Target {
  label: string;
  database: DatabaseHandle;
  floorDatabase: FloorDatabase;
  settings: string;
  /** p99 target of every scenario on this database (PGlite), or the scenario's own. */
  p99Target?: number;
  ratioTarget: boolean;
}

const postgresTarget = async (): Promise<Target> => {
  await ensureSeeded({ reseed: flag('reseed') });
  const database = openPostgres(benchUrl());
  // Settings the API's connections set for themselves (e.g. random_page_cost) apply to the floor.
  const { rows } = await database.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where source = 'client' and name <> 'application_name'`,
  );
  const settings = Object.fromEntries(rows.map((row) => [row.name, row.setting]));
  const [version] = (await database.query<{ v: string }>('select version() as v')).rows;
  return {
    label: `PostgreSQL (${version?.v.split(' ').slice(0, 2).join(' ')}), 100,000 videos`,
    database,
    floorDatabase: postgresFloor(benchUrl(), settings),
    settings: `API session settings (floor too): ${JSON.stringify(settings)}`,
    ratioTarget: true,
  };
};

const pgliteTarget = async (): Promise<Target> => {
  const database = await ensureSeededPglite(path.join(os.tmpdir(), 'plateau-bench-pglite'), {
    reseed: flag('reseed'),
  });
  const pglite = database.pglite ?? fail('the embedded database has no PGlite instance');
  return {
    label: 'PGlite (embedded, in process), 10,000 videos',
    database,
    // The floor shares the one embedded database with the API, as it must (one process).
    floorDatabase: { query: (text, values) => pglite.query(text, values), close: async () => {} },
    settings: 'floor: the same PGlite instance',
    p99Target: 100,
    ratioTarget: false,
  };
};

const run = async (target: Target): Promise<Row[]> => {
  const { database } = target;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plateau-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(database.kind === 'postgres' ? { DATABASE_URL: benchUrl() } : {}),
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({
    config,
    database,
    storage: createLocalStorage(config.mediaDir),
    logger: false,
    extraDeps: { mediaBinaries: null },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const plateauUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const floor = await startRawFloor(target.floorDatabase);
  const load = startLoadGenerator();
  const { rows: viewerRows } = await database.query<{
    username: string;
    role: Role;
    gda_access: boolean;
    token_version: number;
  }>(`select username, role, gda_access, token_version from users where id = $1`, [benchViewerId]);
  const viewer = viewerRows[0] ?? fail(`user ${benchViewerId} is missing: run with --reseed`);
  const token = await signToken(
    { secret: config.jwtSecret, lifetimeSeconds: 3600 },
    {
      userId: benchViewerId,
      role: viewer.role,
      username: viewer.username,
      gdaAccess: viewer.gda_access,
      tokenVersion: viewer.token_version,
    },
  );
  const headers = { authorization: `Bearer ${token}` };
  const scenarios = (await buildScenarios(database, benchViewerId))
    .filter((s) => !only || s.name.includes(only))
    .map((s) => (target.p99Target ? { ...s, p99Target: target.p99Target } : s));
  if (scenarios.length === 0) fail(`no scenario matches --only=${only}`);

  const explain = async (statements: CapturedStatement[]) => {
    for (const s of statements) {
      console.log(`[wave ${s.wave}] ${s.text};  -- ${JSON.stringify(s.values)}`);
      if (!flag('explain')) continue;
      const plan = await database.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${s.text}`,
        s.values,
      );
      console.log(plan.rows.map((row) => `   ${row['QUERY PLAN']}`).join('\n'));
    }
  };

  /** Proves the call answers what it should; the floor then serves its statements, new and old. */
  const prepare = async (scenario: Scenario): Promise<boolean> => {
    await app.inject({ method: 'GET', url: scenario.path, headers });
    const { result: response, statements } = await captureStatements(() =>
      app.inject({ method: 'GET', url: scenario.path, headers }),
    );
    if (response.statusCode !== 200) {
      fail(`${scenario.name}: ${scenario.path} answered ${response.statusCode} ${response.body}`);
    }
    const body = response.json<{ videos: { id: number }[]; nResults: number }>();
    const { nResults, pageLength, exact } = scenario.expected;
    const countOk = exact ? body.nResults === nResults : body.nResults >= nResults;
    const pageOk = body.videos.length === (exact ? pageLength : Math.min(48, body.nResults));
    if (!countOk || !pageOk) {
      fail(
        `${scenario.name}: nResults ${body.nResults} / ${body.videos.length} videos, expected ${exact ? '' : '>= '}${nResults} / ${pageLength}`,
      );
    }
    floor.route(scenario.path, statements);
    const old = oldStatementsFor(
      scenario.path,
      statements,
      body.videos.map((v) => v.id),
    );
    if (old) floor.route(`/old${scenario.path}`, old);
    for (const prefix of old ? ['', '/old'] : ['']) {
      const raw = await fetch(`${floor.url}${prefix}${scenario.path}`);
      const rawBody = (await raw.json()) as { nResults: number };
      if (raw.status !== 200 || rawBody.nResults !== body.nResults) {
        fail(
          `${scenario.name}: the raw floor${prefix} answered ${raw.status} with nResults ${rawBody.nResults}`,
        );
      }
    }
    if (flag('show-sql') || flag('explain')) {
      console.log(`\n-- ${target.label}, ${scenario.name}: ${scenario.path}`);
      await explain(statements);
    }
    return old !== undefined;
  };

  const measure = async (url: string): Promise<LoadResult> => {
    await load.run({ url, connections, duration: warmup, headers });
    const result = await load.run({ url, connections, duration, headers });
    if (result.non2xx > 0 || result.errors > 0) {
      fail(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
    }
    return result;
  };

  const rows: Row[] = [];
  try {
    const hasOld = new Map<Scenario, boolean>();
    for (const scenario of scenarios) hasOld.set(scenario, await prepare(scenario));
    if (!flag('explain') && !flag('show-sql')) {
      console.log(
        `\n[bench] ${target.label}: ${scenarios.length} scenarios answer as expected; autocannon ${connections} connections, ${duration} s each (+${warmup} s warm-up)`,
      );
      for (const scenario of scenarios) {
        const loadBefore = os.loadavg()[0] ?? 0;
        const plateau = await measure(`${plateauUrl}${scenario.path}`);
        const old = hasOld.get(scenario) ? await measure(`${floor.url}/old${scenario.path}`) : null;
        const raw = await measure(`${floor.url}${scenario.path}`);
        rows.push({ scenario, plateau, old, raw, loadBefore });
        console.log(
          `[bench] ${scenario.name}: ${plateau.requestsPerSecond.toFixed(0)} req/s (old ${old?.requestsPerSecond.toFixed(0) ?? '-'}, raw ${raw.requestsPerSecond.toFixed(0)})`,
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
  return rows;
};

for (const kind of ['postgres', 'pglite'] as const) {
  if (which !== 'both' && which !== kind) continue;
  const target = await (kind === 'postgres' ? postgresTarget() : pgliteTarget());
  const loadBefore = os.loadavg();
  const rows = await run(target);
  if (rows.length > 0)
    printTable(target.label, target.settings, rows, target.ratioTarget, {
      connections,
      duration,
      loadBefore,
    });
}
