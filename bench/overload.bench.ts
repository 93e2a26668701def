/**
 * `npm run bench:overload` (issue 32, point 8): a flash crowd on one Plateau, as a new user
 * would try it. 400 connections for 60 s on a mix of the home list, a search, a signed-in
 * history and random 1 MiB ranges of two videos, against the real server
 * (`apps/server/dist/main.js`, built from main.ts when stale, started as `npm start` runs it)
 * on the embedded database, then on PostgreSQL, with the same seeded catalogue (bench/seed.ts
 * at the embedded size: 10,000 videos) and the same real H.264 rendition for both videos.
 * Prints per kind and overall: requests/s, errors, 5xx, p50/p90/p99/max; and the server's RSS
 * before the load, at its end and 10 s after. Asserts no timing (bench/README.md, "Overload").
 *
 * Settings (environment):
 *   OVERLOAD_CONNECTIONS=400  OVERLOAD_SECONDS=60  OVERLOAD_AFTER_SECONDS=10
 *   OVERLOAD_DB=both|pglite|postgres
 *   OVERLOAD_VARIANTS=before,after   server settings compared in the same run (see `variants`;
 *     `label:NAME=value&NAME=value` for one lever alone; NODE_ARGS: Node's flags)
 *   OVERLOAD_MIX=list,search,history,range   the kinds asked (range: both videos)
 *   OVERLOAD_MODE=random   each request of a kind drawn at random (range: twice, one per video);
 *     cycle: every connection asks the kinds in turn; split: each kind on connections of its own
 *   OVERLOAD_PROBE=1   the server reports its event loop, database and memory every second
 *   OVERLOAD_ENV='{"NAME":"value"}'   added to every variant's environment (one lever alone)
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { startPlateau, type RunningPlateau } from './media/plateau.ts';
import { cpuSeconds, loadAverage, memoryMb } from './media/proc.ts';
import { buildServerOnly } from './media/setup.ts';
import { freePort } from './web/server.ts';
import {
  ensureClip,
  preparePglite,
  preparePostgres,
  type PreparedSite,
} from './overload/content.ts';
import {
  startMixGenerator,
  type KindResult,
  type MixKind,
  type MixResult,
} from './overload/mix.ts';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const CONNECTIONS = number('OVERLOAD_CONNECTIONS', 400);
const SECONDS = number('OVERLOAD_SECONDS', 60);
const AFTER_SECONDS = number('OVERLOAD_AFTER_SECONDS', 10);
/** Before the measured load: a short crowd, so the "before" memory is that of a server in use. */
const WARM_UP = { connections: Math.min(40, CONNECTIONS), seconds: 5, settle: AFTER_SECONDS };
const RANGE_BYTES = 1024 * 1024;
const PAGE_SIZE = 48;
const databases =
  (process.env.OVERLOAD_DB ?? 'both') === 'both'
    ? (['pglite', 'postgres'] as const)
    : ([process.env.OVERLOAD_DB] as ('pglite' | 'postgres')[]);
const extraEnv = JSON.parse(process.env.OVERLOAD_ENV ?? '{}') as Record<string, string>;
const probe = process.env.OVERLOAD_PROBE === '1';
const probeModule = fileURLToPath(new URL('./overload/probe.mjs', import.meta.url));
/** Each run's probe lines, second by second, kept for a closer look. */
const probeKeep = path.join(os.tmpdir(), 'plateau-bench-overload-probes');

/**
 * Server settings compared in one run. `before` turns today's overload measures off (the
 * reference), `after` is Plateau as shipped. Any other variant is written
 * `label:NAME=value&NAME=value` (one lever alone, e.g. `api1:PLATEAU_ADMISSION=api:1`).
 */
const variants: Record<string, Record<string, string>> = {
  before: { PLATEAU_ADMISSION: 'off' },
  after: {},
};
const variantNames = (process.env.OVERLOAD_VARIANTS ?? 'before,after').split(',').map((entry) => {
  const colon = entry.indexOf(':');
  if (colon === -1) return entry;
  const label = entry.slice(0, colon);
  variants[label] = Object.fromEntries(
    entry
      .slice(colon + 1)
      .split('&')
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  return label;
});
for (const name of variantNames) {
  if (!(name in variants)) throw new Error(`unknown variant ${name} (${Object.keys(variants)})`);
}

const mixNames = (process.env.OVERLOAD_MIX ?? 'list,search,history,range').split(',');
const mode = (process.env.OVERLOAD_MODE ?? 'random') as 'random' | 'cycle' | 'split';
if (!['random', 'cycle', 'split'].includes(mode))
  throw new Error('OVERLOAD_MODE: random, cycle or split');

const log = (message: string) =>
  console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

/**
 * The crowd's kinds of request: the home list, a search, the viewer's history, a range of one of
 * the two videos. By default each request of each connection is one of them drawn at random (a
 * range twice as often: one path per video); OVERLOAD_MODE=cycle asks them in turn,
 * OVERLOAD_MODE=split gives each kind an equal share of the connections.
 */
const mixKinds = (site: PreparedSite, clipBytes: number, connections: number): MixKind[] => {
  const signedIn = { authorization: `Bearer ${site.token}` };
  const all: Record<string, Omit<MixKind, 'connections'>> = {
    list: { name: 'home list', paths: [`/api/videos?page=1&page_size=${PAGE_SIZE}`], headers: {} },
    search: {
      name: 'search',
      paths: [
        `/api/videos/search/${encodeURIComponent('cérémonie')}?page=1&page_size=${PAGE_SIZE}`,
      ],
      headers: {},
    },
    history: {
      name: 'history (signed in)',
      paths: [`/api/videos/history?page=1&page_size=${PAGE_SIZE}`],
      headers: signedIn,
    },
    range: {
      name: '1 MiB range',
      paths: site.videoIds.map((id) => `/api/media/video/${id}/720?token=${site.token}`),
      headers: {},
      rangeOf: { fileBytes: clipBytes, rangeBytes: RANGE_BYTES },
    },
  };
  let left = connections;
  return mixNames.map((kind, index) => {
    const spec = all[kind];
    if (!spec) throw new Error(`unknown kind ${kind} in OVERLOAD_MIX (${Object.keys(all)})`);
    const share =
      index === mixNames.length - 1 ? left : Math.max(1, Math.round(connections / mixNames.length));
    left -= share;
    return { ...spec, connections: share };
  });
};

/** Each kind answers as it should before its numbers mean anything. */
const checkAnswers = async (origin: string, kinds: MixKind[], clip: string) => {
  const clipBytes = readFileSync(clip);
  for (const kind of kinds) {
    for (const url of kind.paths) {
      const start = kind.rangeOf ? 12_345 : 0;
      const headers = kind.rangeOf
        ? { ...kind.headers, range: `bytes=${start}-${start + RANGE_BYTES - 1}` }
        : kind.headers;
      const response = await fetch(`${origin}${url}`, { headers });
      const body = Buffer.from(await response.arrayBuffer());
      if (kind.rangeOf) {
        if (response.status !== 206 || !body.equals(clipBytes.subarray(start, start + RANGE_BYTES)))
          throw new Error(`${kind.name}: ${response.status}, not the clip's bytes`);
      } else {
        const answer = JSON.parse(body.toString()) as { videos?: unknown[]; nResults?: number };
        if (response.status !== 200 || !answer.videos?.length || !answer.nResults)
          throw new Error(`${kind.name}: ${response.status} ${body.toString().slice(0, 200)}`);
      }
    }
  }
};

interface ProbeLine {
  /** Wall-clock time of the line (ms). */
  at: number;
  t: number;
  elu: number;
  delayP50: number;
  delayP99: number;
  delayMax: number;
  dbStarted: number;
  dbDone: number;
  dbMaxInFlight: number;
  dbMeanMs: number;
  dbExecMs: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

interface RunResult {
  database: 'pglite' | 'postgres';
  variant: string;
  mix: MixResult;
  /** MB; afterGc: 2 s after one full collection asked of the server (probe only). */
  rss: { before: number; end: number; peak: number; after: number; afterGc?: number };
  cpu: { server: number; generator: number };
  loadBefore: string;
  /** The probe's lines during the load, and the last ones before it, at its end and after. */
  probe: { load: ProbeLine[]; before: ProbeLine; end: ProbeLine; after: ProbeLine } | null;
}

const runOne = async (
  database: 'pglite' | 'postgres',
  variant: string,
  runDir: string,
  clip: { file: string; bytes: number },
): Promise<RunResult> => {
  const jwtSecret = randomBytes(32).toString('hex');
  const site =
    database === 'pglite'
      ? await preparePglite(runDir, clip.file, jwtSecret)
      : await preparePostgres(runDir, clip.file, jwtSecret);
  const probeFile = path.join(runDir, `probe-${database}-${variant}.jsonl`);
  const env: Record<string, string> = {
    ...site.env,
    JWT_SECRET: jwtSecret,
    PORT: String(await freePort()),
    // Port 1935 belongs to the machine's other work (the live bench, tests).
    RTMP_PORT: '0',
    ADMIN_USERNAME: 'bench-geek',
    ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    ...variants[variant],
    ...extraEnv,
  };
  // Node's own flags (V8's heap sizes...), given before the script.
  const nodeArgs = env.NODE_ARGS ? env.NODE_ARGS.split(' ') : [];
  delete env.NODE_ARGS;
  if (probe) {
    writeFileSync(probeFile, '');
    env.OVERLOAD_PROBE_FILE = probeFile;
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --import ${probeModule}`.trim();
  }
  log(`${database}, ${variant}: starting Plateau`);
  const plateau: RunningPlateau = await startPlateau(
    env,
    nodeArgs,
    process.env.OVERLOAD_LOGS ? path.join(probeKeep, `${database}-${variant}.log`) : undefined,
  );
  const generator = startMixGenerator();
  try {
    const kinds = mixKinds(site, clip.bytes, CONNECTIONS);
    await checkAnswers(plateau.origin, kinds, clip.file);
    log(
      `${database}, ${variant}: warm-up ${WARM_UP.seconds} s at ${WARM_UP.connections} connections`,
    );
    await generator.run({
      origin: plateau.origin,
      seconds: WARM_UP.seconds,
      timeoutSeconds: 30,
      mode,
      connections: WARM_UP.connections,
      kinds: mixKinds(site, clip.bytes, WARM_UP.connections),
    });
    await sleep(WARM_UP.settle * 1000);
    const before = memoryMb(plateau.pid).rss;
    const loadBefore = loadAverage();
    log(`${database}, ${variant}: ${CONNECTIONS} connections, ${SECONDS} s (load ${loadBefore})`);
    const cpuBefore = { server: cpuSeconds(plateau.pid), generator: cpuSeconds(generator.pid()) };
    const loadStart = Date.now();
    let end = before;
    let peak = before;
    let loading = true;
    const sampling = (async () => {
      while (loading) {
        end = memoryMb(plateau.pid).rss;
        peak = Math.max(peak, end);
        await sleep(250);
      }
    })();
    const mix = await generator.run({
      origin: plateau.origin,
      seconds: SECONDS,
      timeoutSeconds: 30,
      mode,
      connections: CONNECTIONS,
      kinds,
      ...(probe && { traceFile: path.join(probeKeep, `${database}-${variant}.csv`) }),
    });
    loading = false;
    await sampling;
    const cpu = {
      server: cpuSeconds(plateau.pid) - cpuBefore.server,
      generator: cpuSeconds(generator.pid()) - cpuBefore.generator,
    };
    const loadEnd = Date.now();
    await sleep(AFTER_SECONDS * 1000);
    const after = memoryMb(plateau.pid).rss;
    const afterAt = Date.now();
    // With the probe: what one full collection would give back now.
    let afterGc: number | undefined;
    if (probe) {
      process.kill(plateau.pid, 'SIGUSR2');
      await sleep(2000);
      afterGc = memoryMb(plateau.pid).rss;
    }
    let probeLines: RunResult['probe'] = null;
    if (probe) {
      const lines = readFileSync(probeFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ProbeLine);
      const lastBefore = (at: number) => lines.filter((line) => line.at <= at).at(-1) ?? lines[0]!;
      probeLines = {
        load: lines.filter((line) => line.at > loadStart + 1000 && line.at <= loadEnd),
        before: lastBefore(loadStart),
        end: lastBefore(loadEnd),
        after: lastBefore(afterAt),
      };
      mkdirSync(probeKeep, { recursive: true });
      copyFileSync(probeFile, path.join(probeKeep, `${database}-${variant}.jsonl`));
    }
    log(
      `${database}, ${variant}: ${mix.overall.perSecond.toFixed(0)} req/s, p50 ${mix.overall.p50} ms, p99 ${mix.overall.p99} ms; RSS ${before.toFixed(0)} -> ${end.toFixed(0)} -> ${after.toFixed(0)} MB`,
    );
    return {
      database,
      variant,
      mix,
      rss: { before, end, peak, after, afterGc },
      cpu,
      loadBefore,
      probe: probeLines,
    };
  } finally {
    generator.stop();
    await plateau.stop();
  }
};

const label = { pglite: 'embedded (PGlite)', postgres: 'PostgreSQL' };
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

const kindCells = (kind: KindResult | undefined) =>
  kind
    ? [
        kind.perSecond.toFixed(0),
        String(kind.errors),
        String(kind.status5xx),
        ms(kind.p50),
        ms(kind.p90),
        ms(kind.p99),
        ms(kind.max),
        kind.p50 > 0 ? `${(kind.p99 / kind.p50).toFixed(1)}x` : '-',
      ]
    : Array(8).fill('-');

/** One table per variant: the kinds down, the databases side by side. */
const printLatencyTable = (variant: string, runs: RunResult[]) => {
  const shown = runs.filter((run) => run.variant === variant);
  if (shown.length === 0) return;
  const heads = shown.map((run) => label[run.database]);
  console.log(
    `\n**${variant}**: ${heads.join(' | ')}, each: req/s, errors, 5xx, p50/p90/p99/max ms, p99/p50\n`,
  );
  const columns = ['req/s', 'err', '5xx', 'p50', 'p90', 'p99', 'max', 'p99/p50'];
  console.log(`| kind | ${shown.map(() => columns.join(' | ')).join(' | ')} |`);
  console.log(`|---|${shown.map(() => columns.map(() => '--:').join('|')).join('|')}|`);
  const names = [...shown[0]!.mix.kinds.map((kind) => kind.name), 'overall', 'settled'];
  for (const name of names) {
    const cells = shown.flatMap((run) =>
      kindCells(
        name === 'overall'
          ? run.mix.overall
          : name === 'settled'
            ? run.mix.settled
            : run.mix.kinds.find((k) => k.name === name),
      ),
    );
    const shownName =
      name === 'overall'
        ? '**overall**'
        : name === 'settled'
          ? "overall, each connection's first answer left out"
          : name;
    console.log(`| ${shownName} | ${cells.join(' | ')} |`);
  }
  console.log(
    `\nEach connection's first answer, ms after the start (a new connection waits to be accepted: Node takes one per turn of its event loop): ${shown
      .map(
        (run) =>
          `${label[run.database]} p50 ${ms(run.mix.firstAnswer.p50)}, p90 ${ms(run.mix.firstAnswer.p90)}, last ${ms(run.mix.firstAnswer.max)} (${run.mix.firstAnswer.connections} connections answered)`,
      )
      .join('; ')}`,
  );
};

const printMemoryTable = (runs: RunResult[]) => {
  console.log(
    `\nServer RSS (MB): before the load (after a ${WARM_UP.seconds} s warm-up at ${WARM_UP.connections} connections and ${WARM_UP.settle} s idle), at its end, its peak, ${AFTER_SECONDS} s after; CPU seconds of the server and of the load generator during the load; load average before\n`,
  );
  console.log(
    `| variant | database | before | end | peak | +${AFTER_SECONDS} s | +${AFTER_SECONDS} s vs before | after a full GC | server CPU s | generator CPU s | load before |`,
  );
  console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  for (const run of runs) {
    const { before, end, peak, after, afterGc } = run.rss;
    const change = ((after - before) / before) * 100;
    console.log(
      `| ${run.variant} | ${label[run.database]} | ${before.toFixed(0)} | ${end.toFixed(0)} | ${peak.toFixed(0)} | ${after.toFixed(0)} | ${change >= 0 ? '+' : ''}${change.toFixed(0)} % | ${afterGc === undefined ? '-' : afterGc.toFixed(0)} | ${run.cpu.server.toFixed(0)} | ${run.cpu.generator.toFixed(0)} | ${run.loadBefore} |`,
    );
  }
};

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/** What the server went through, second by second of the load, summed up. */
const printProbeTable = (runs: RunResult[]) => {
  const probed = runs.filter((run) => run.probe && run.probe.load.length > 0);
  if (probed.length === 0) return;
  console.log(
    '\nInside the server during the load (OVERLOAD_PROBE=1), means over its seconds: event-loop utilisation, event-loop delay p99 and its worst second, database calls per second, calls in flight at most, time from call to answer, share of each second spent executing SQL on the event loop (PGlite only)\n',
  );
  console.log(
    '| variant | database | ELU | delay p99 ms | worst delay ms | DB calls/s | in flight max | DB call ms | SQL on the loop |',
  );
  console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|');
  for (const run of probed) {
    const lines = run.probe!.load;
    console.log(
      `| ${run.variant} | ${label[run.database]} | ${mean(lines.map((l) => l.elu)).toFixed(2)} | ${mean(lines.map((l) => l.delayP99)).toFixed(0)} | ${Math.max(...lines.map((l) => l.delayMax)).toFixed(0)} | ${mean(lines.map((l) => l.dbDone)).toFixed(0)} | ${Math.max(...lines.map((l) => l.dbMaxInFlight))} | ${mean(lines.map((l) => l.dbMeanMs)).toFixed(0)} | ${run.database === 'pglite' ? `${(mean(lines.map((l) => l.dbExecMs)) / 10).toFixed(0)} %` : '-'} |`,
    );
  }
  console.log(
    `\nThe server's memory (MB) before the load, at its end, ${AFTER_SECONDS} s after: RSS, V8 heap (total), memory outside the heap (external: buffers, PGlite's WebAssembly memory) and its array buffers\n`,
  );
  console.log('| variant | database | moment | RSS | heap | external | array buffers |');
  console.log('|---|---|---|--:|--:|--:|--:|');
  for (const run of probed) {
    for (const moment of ['before', 'end', 'after'] as const) {
      const line = run.probe![moment];
      console.log(
        `| ${run.variant} | ${label[run.database]} | ${moment} | ${line.rss.toFixed(0)} | ${line.heapTotal.toFixed(0)} | ${line.external.toFixed(0)} | ${line.arrayBuffers.toFixed(0)} |`,
      );
    }
  }
};

const main = async () => {
  log('Building the server (scripts/build.mjs, server only)...');
  buildServerOnly();
  const clip = await ensureClip();
  if (probe) mkdirSync(probeKeep, { recursive: true });
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'plateau-bench-overload-'));
  const runs: RunResult[] = [];
  try {
    for (const database of databases) {
      for (const variant of variantNames) {
        runs.push(
          await runOne(database, variant, path.join(runDir, `${database}-${variant}`), clip),
        );
        rmSync(path.join(runDir, `${database}-${variant}`), { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(runDir, { recursive: true, force: true });
  }
  const kinds = runs[0]!.mix.kinds.map((kind) => `${kind.name}`);
  console.log(`\n### bench:overload, ${new Date().toISOString()}`);
  console.log(
    `\n${CONNECTIONS} connections for ${SECONDS} s (${kinds.join(', ')}; ${{ random: 'each request of a kind drawn at random, a range twice as often (one per video)', cycle: 'each connection asks them in turn, a range of each video', split: 'each kind on its own connections' }[mode]}), 1 MiB ranges of a ${(clip.bytes / 1e6).toFixed(0)} MB H.264 rendition, 10,000 videos; ${os.cpus().length} CPUs, Node ${process.version}; OVERLOAD_ENV ${JSON.stringify(extraEnv)}; load average at the end ${loadAverage()}`,
  );
  for (const variant of variantNames) printLatencyTable(variant, runs);
  printMemoryTable(runs);
  printProbeTable(runs);
};

await main();
