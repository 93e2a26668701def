import os from 'node:os';
import type { App } from '../../apps/server/src/app.ts';
import type { DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { captureStatements, type CapturedStatement } from '../capture.ts';
import type { FloorDatabase } from '../raw-floor.ts';

/**
 * The statistics pages' requests, timed one at a time through the real app (HTTP on
 * loopback: the route, its checks, the service, the SQL, the JSON), each run followed by the
 * raw floor: the very statements the request sent (captured), replayed on a bare pg Pool (or
 * the same PGlite instance), the independent ones together as the service sends them.
 */
export interface QueryScenario {
  name: string;
  path: string;
  /** What the answer must hold (checked once, by independent SQL): null when it does. */
  check(body: unknown, database: DatabaseHandle): Promise<string | null>;
}

export interface Timing {
  p50: number;
  p99: number;
  max: number;
  n: number;
}

export interface QueryRow {
  scenario: QueryScenario;
  plateau: Timing;
  floor: Timing;
  statements: number;
  waves: number;
  /** The statement that takes longest alone on the floor, and its median (of 3). */
  slowest: { text: string; values: unknown[]; p50: number };
  load: number;
  plan?: string;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

const timing = (samples: number[]): Timing => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    n: sorted.length,
  };
};

/**
 * What the app's own timers send while a request runs (bench/capture.ts records every
 * statement of the process): the statistics writer's lives running (every 10 s) and media
 * stored (a minute after the start, then hourly), the job queue's. Never a page's.
 */
const background = [
  /^select "id", "direct_id" from "lives" where "lives"\."state" in/,
  /^insert into "stats_site_days" \("day", "views", "viewers", "seconds", "storage_bytes"\)/,
  /pgboss/,
];

/**
 * The same statements (in any order: the service sends a wave's together, each on the first
 * free connection); their waves may differ too, when a connection had to be opened.
 */
const key = (statements: CapturedStatement[]) =>
  statements
    .map((s) => `${s.text} ${JSON.stringify(s.values)}`)
    .sort()
    .join('\n');

const wavesOf = (statements: CapturedStatement[]) => new Set(statements.map((s) => s.wave)).size;

/** The statements of one request, captured until two captures in a row agree. */
const capture = async (app: App, path: string, headers: Record<string, string>) => {
  let previous: CapturedStatement[] | null = null;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const { result, statements: captured } = await captureStatements(() =>
      app.inject({ method: 'GET', url: path, headers }),
    );
    if (result.statusCode !== 200) throw new Error(`${path}: ${result.statusCode} ${result.body}`);
    const statements = captured.filter((s) => !background.some((pattern) => pattern.test(s.text)));
    if (previous && key(previous) === key(statements)) {
      // The capture with the fewer waves is the service's: all it sends together, together.
      const best = wavesOf(previous) < wavesOf(statements) ? previous : statements;
      return { body: result.json(), statements: best };
    }
    if (previous) {
      const describe = (list: CapturedStatement[]) =>
        list.map((s) => `${s.text.slice(0, 60)} ${JSON.stringify(s.values)}`);
      const [was, now] = [describe(previous), describe(statements)];
      const gone = was.filter((s) => !now.includes(s));
      const added = now.filter((s) => !was.includes(s));
      console.log(
        `[bench] ${path}: two captures differ (first only: ${gone.join(' | ') || '-'}; second only: ${added.join(' | ') || '-'}); again`,
      );
    }
    previous = statements;
  }
  throw new Error(`${path}: its statements differ from one capture to the next`);
};

/** One replay of the statements, wave after wave, each wave's together. */
const replay = async (floor: FloorDatabase, statements: CapturedStatement[]) => {
  for (const wave of [...new Set(statements.map((s) => s.wave))]) {
    await Promise.all(
      statements.filter((s) => s.wave === wave).map((s) => floor.query(s.text, s.values)),
    );
  }
};

/** Each statement alone on the floor: the median of 3 runs (1 past a second). */
const alone = async (floor: FloorDatabase, statements: CapturedStatement[]) => {
  const medians: number[] = [];
  for (const s of statements) {
    const samples: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const start = performance.now();
      await floor.query(s.text, s.values);
      samples.push(performance.now() - start);
      if (samples[0]! > 1000) break;
    }
    medians.push(timing(samples).p50);
  }
  return medians;
};

export interface QueryRunOptions {
  app: App;
  origin: string;
  headers: Record<string, string>;
  database: DatabaseHandle;
  floor: FloorDatabase;
  scenarios: QueryScenario[];
  runs: number;
  /** A scenario stops after this many seconds (at least 3 runs), for the slowest ones. */
  maxSeconds: number;
  target: number;
  /** Prints every statement a page sent (`--show-sql`), and its plan (`--explain`). */
  showSql: boolean;
  explainAll: boolean;
}

const explain = async (database: DatabaseHandle, s: { text: string; values: unknown[] }) =>
  (
    await database.query<Record<string, string>>(
      `explain (analyze, buffers, settings) ${s.text}`,
      s.values,
    )
  ).rows
    .map((row) => Object.values(row)[0])
    .join('\n');

export const runQueries = async (options: QueryRunOptions): Promise<QueryRow[]> => {
  const { app, database, floor } = options;
  const rows: QueryRow[] = [];
  for (const scenario of options.scenarios) {
    const { body, statements } = await capture(app, scenario.path, options.headers);
    const problem = await scenario.check(body, database);
    if (problem) throw new Error(`${scenario.name}: ${problem}`);
    const load = os.loadavg()[0] ?? 0;
    const plateau: number[] = [];
    const raw: number[] = [];
    const get = async () => {
      const start = performance.now();
      const response = await fetch(`${options.origin}${scenario.path}`, {
        headers: options.headers,
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${scenario.path}: ${response.status}`);
      return performance.now() - start;
    };
    const started = performance.now();
    for (let run = -1; run < options.runs; run += 1) {
      const http = await get();
      const start = performance.now();
      await replay(floor, statements);
      const total = performance.now() - start;
      // One run of warm-up each, not counted.
      if (run < 0) continue;
      plateau.push(http);
      raw.push(total);
      // A page far slower than its target is measured fewer times (at least 3).
      if (run >= 2 && performance.now() - started > options.maxSeconds * 1000) break;
    }
    const medians = await alone(floor, statements);
    const slowestIndex = medians.indexOf(Math.max(...medians));
    const slowest = statements[slowestIndex]!;
    const row: QueryRow = {
      scenario,
      plateau: timing(plateau),
      floor: timing(raw),
      statements: statements.length,
      waves: wavesOf(statements),
      slowest: { text: slowest.text, values: slowest.values, p50: medians[slowestIndex]! },
      load,
    };
    if (row.plateau.p99 >= options.target) row.plan = await explain(database, slowest);
    if (options.showSql || options.explainAll) {
      for (const s of statements) {
        const plan = options.explainAll ? `\n${await explain(database, s)}` : '';
        console.log(
          `\n-- ${scenario.name}, wave ${s.wave}: ${statementName(s.text)}\n${s.text}\n-- ${JSON.stringify(s.values)}${plan}`,
        );
      }
    }
    rows.push(row);
    console.log(
      `[bench] ${scenario.name}: p50 ${row.plateau.p50.toFixed(1)} ms, p99 ${row.plateau.p99.toFixed(1)} ms (floor ${row.floor.p50.toFixed(1)} / ${row.floor.p99.toFixed(1)}), ${row.plateau.n} runs`,
    );
  }
  return rows;
};

const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);

/** Which repository function sent a statement (statistics.repository.ts), by its text. */
const statementNames: [RegExp, string][] = [
  [/from "stats_site_days" where/, 'siteDays'],
  [/"uploaded_at" >= \(d at time zone/, 'uploadsPerDay'],
  [/with days as materialized/, 'topVideos'],
  [/from "lives" inner join "directs"/, 'topDirects'],
  [/from "stats_views_before"/, 'viewsBefore'],
  [/min\("stats_site_days"\."day"\)/, 'firstDay'],
  [/sum\("stats_video_days"\."views"\)/, 'videoViews'],
  [/from "stats_video_days" where/, 'videoDays'],
  [/from "stats_retention"/, 'retention'],
  [/from "stats_live_samples"/, 'liveSamples'],
  [/from "lives" left join "stats_lives"/, 'directLives'],
  [/from "users"/, "the viewer's account"],
  [/"visible"|as "visible"|l\.direct_id/, 'findWatched…'],
  [/from "videos"/, 'videoTitle'],
  [/from "directs"/, 'directTitle'],
];

export const statementName = (text: string) =>
  statementNames.find(([pattern]) => pattern.test(text))?.[1] ??
  text.replace(/\s+/g, ' ').trim().slice(0, 40);

export const printQueries = (
  label: string,
  rows: QueryRow[],
  target: number,
  loadBefore: number[],
) => {
  const cpu = os.cpus();
  console.log(
    `\n${label}: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, Node ${process.version}; load average (1/5/15 min) ${loadBefore.map((n) => n.toFixed(2)).join(' / ')} before the runs. One request at a time; Plateau: GET over loopback to the real app (member's token); floor: the statements it sent, replayed (independent ones together).\n`,
  );
  console.log(
    '| page | runs | Plateau p50 ms | p99 ms | floor p50 ms | p99 ms | statements (waves) | slowest statement, floor p50 ms | load | target |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|---|--:|---|');
  let missed = 0;
  for (const row of rows) {
    const met = row.plateau.p99 < target;
    if (!met) missed += 1;
    console.log(
      `| ${row.scenario.name} | ${row.plateau.n} | ${ms(row.plateau.p50)} | ${ms(row.plateau.p99)} | ${ms(row.floor.p50)} | ${ms(row.floor.p99)} | ${row.statements} (${row.waves}) | ${statementName(row.slowest.text)} ${ms(row.slowest.p50)} | ${row.load.toFixed(1)} | ${met ? 'met' : 'missed'} (p99 < ${target} ms) |`,
    );
  }
  console.log(missed === 0 ? '\nAll targets met.' : `\n${missed} page(s) missed the target.`);
  for (const row of rows.filter((r) => r.plan)) {
    console.log(
      `\n${row.scenario.name}: its slowest statement, EXPLAIN (ANALYZE, BUFFERS)\n${row.slowest.text}\n-- ${JSON.stringify(row.slowest.values)}\n${row.plan}`,
    );
  }
};
