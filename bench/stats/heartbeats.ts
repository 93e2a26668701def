import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import os from 'node:os';
import { Type } from '@fastify/type-provider-typebox';
import { Heartbeat, RETENTION_STEPS, type Role } from '@plateau/contract';
import pg from 'pg';
import type { App } from '../../apps/server/src/app.ts';
import type { Config } from '../../apps/server/src/config.ts';
import type { DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { TokenQuery } from '../../apps/server/src/media-serving/media-request.ts';
import { signToken } from '../../apps/server/src/modules/auth/token.ts';
import { playedSteps } from '../../apps/server/src/modules/statistics/played-steps.ts';
import type { MediaStorage } from '../../apps/server/src/storage/media-storage.ts';
import { ask, forkChild as forkOf } from '../child-process.ts';
import { cpuSeconds, threadsCpuSeconds } from '../media/proc.ts';
import { CLIP_RUNGS, publishClip } from './clip.ts';
import { LAST_DAY } from './seed.ts';
import type { ViewerSpec, ViewersJob, ViewersResult } from './viewers-worker.ts';

export const NOOP_PATH = '/api/bench/noop';
const HEARTBEAT_PATH = '/api/stats/heartbeat';
const EVERY_SECONDS = 10;
const WARM_UP_SECONDS = 30;
const ROUNDS = 2;

/**
 * The reference beside the heartbeat: a route of the same app with the heartbeat's hooks
 * (admission, the viewer from `?token=`, cached as the heartbeat's), its body schema and its
 * 204, doing nothing. Registered before the app listens.
 */
export const addNoopRoute = (app: App) => {
  app.post(
    NOOP_PATH,
    {
      config: { tokenInQuery: true, cachedViewer: true },
      bodyLimit: 16 * 1024,
      schema: { querystring: TokenQuery, body: Heartbeat, response: { 204: Type.Null() } },
    },
    async (_request, reply) => reply.code(204).send(null),
  );
};

export interface BeatRow {
  run: string;
  /** Which server answered: Plateau's heartbeat, its no-op route, or the bare server. */
  route: 'heartbeat' | 'noop' | 'bare';
  result: ViewersResult;
  /** CPU seconds of the process serving (user + system). */
  cpu: number;
  /** CPU seconds of the app's PostgreSQL connections (backends), when measured. */
  pgCpu: number | null;
  /** The machine's one-minute load average before the run. */
  load: number;
}

export interface HeartbeatReport {
  viewers: number;
  signedIn: number;
  seconds: number;
  videoSeconds: number;
  rows: BeatRow[];
  sanity: string[];
  sane: boolean;
  /** CPU seconds of the app's process while the bare server ran (it sat idle meanwhile). */
  idleCpu: number;
}

const forkChild = (file: string) => forkOf(file, import.meta.url);

const processCpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

/**
 * The CPU seconds of this database's client backends (the app's pool; not autovacuum's), by
 * pid, from /proc.
 */
const backendsCpu = async (client: pg.Client | null) => {
  if (!client) return new Map<number, number>();
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuSeconds(pid));
    } catch {
      // gone meanwhile
    }
  }
  return cpu;
};

/** The retention each viewer's answered heartbeats add, as the tally marks it. */
const expectedRetention = (accepted: number[][], videoSeconds: number) => {
  const curve = new Array<number>(RETENTION_STEPS).fill(0);
  for (const starts of accepted) {
    const steps = new Uint8Array(RETENTION_STEPS);
    for (const start of starts) {
      playedSteps([{ start, end: start + EVERY_SECONDS }], videoSeconds, EVERY_SECONDS, steps);
    }
    steps.forEach((played, step) => (curve[step]! += played));
  }
  return curve;
};

export interface HeartbeatOptions {
  /** Closes the app (its close writes the sums still in memory). */
  closeApp: () => Promise<unknown>;
  origin: string;
  config: Config;
  database: DatabaseHandle;
  storage: MediaStorage;
  /** For the backends' CPU (PostgreSQL only). */
  databaseUrl: string | null;
  /** Seeded video ids end here: anything above is the bench's own. */
  lastSeededVideo: number;
  viewers: number;
  seconds: number;
  /** Profiles the app's process during Plateau's two runs into this folder (`--profile`). */
  profileDir?: string;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, a server file, or Node itself. */
const placeOf = (url: string) => {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  const inServer = /apps\/server\/src\/(.+)$/.exec(url);
  if (inServer) return inServer[1]!;
  if (url.startsWith('node:')) return url;
  return path.basename(url);
};

/**
 * The busy time of a profile by place and by function, the largest first; native code (file
 * system calls, writes, JSON) counts for the nearest JavaScript frame that called it.
 */
const summarize = (profile: Profile, top = 14) => {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    let node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') return;
    total += delta;
    const own = node.callFrame.functionName;
    while (!node.callFrame.url && parent.has(node.id)) node = byId.get(parent.get(node.id)!)!;
    const frame = node.callFrame;
    const place = frame.url ? placeOf(frame.url) : `(${own || 'native'})`;
    places.set(place, (places.get(place) ?? 0) + delta);
    const name = frame.url
      ? `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber + 1}`
      : place;
    functions.set(name, (functions.get(name) ?? 0) + delta);
  });
  const list = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  return `busy ${(total / 1e6).toFixed(2)} s; by place:\n${list(places)}\nby function:\n${list(functions)}`;
};

/**
 * What the statistics wrote for the bench's video and the site's day(s) after the seeded year,
 * against what was answered 204: waits for the writer (every 5 s) to have written it all.
 */
const checkSums = async (
  database: DatabaseHandle,
  videos: { measured: number; warmUp: number },
  videoSeconds: number,
  accepted: number[][],
) => {
  const videoId = videos.measured;
  const expected = {
    views: accepted.filter((starts) => starts.length > 0).length,
    seconds: accepted.reduce((sum, starts) => sum + starts.length * EVERY_SECONDS, 0),
  };
  const sums = (sql: string, values: unknown[]) =>
    database
      .query<{ views: number; viewers: number; seconds: number; days: number }>(
        `select coalesce(sum(views), 0)::int as views, coalesce(sum(viewers), 0)::int as viewers,
                coalesce(sum(seconds), 0)::float8 as seconds, count(*)::int as days ${sql}`,
        values,
      )
      .then(({ rows }) => rows[0]!);
  type Sums = { views: number; viewers: number; seconds: number };
  // Each viewer counted once: as many viewers as views.
  const matches = (got: Sums, want: Sums = { ...expected, viewers: expected.views }) =>
    got.views === want.views &&
    got.viewers === want.viewers &&
    Math.abs(got.seconds - want.seconds) < 0.01;
  let written = await sums('from stats_video_days where video_id = $1', [videoId]);
  for (let waited = 0; !matches(written) && waited < 20; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    written = await sums('from stats_video_days where video_id = $1', [videoId]);
  }
  // The warm-up's viewers are others: the site's day holds both videos' sums.
  const warmUp = await sums('from stats_video_days where video_id = $1', [videos.warmUp]);
  const site = await sums('from stats_site_days where day > $1::date', [LAST_DAY]);
  const siteMatches = matches(site, {
    views: expected.views + warmUp.views,
    viewers: expected.views + warmUp.viewers,
    seconds: expected.seconds + warmUp.seconds,
  });
  const retention = new Array<number>(RETENTION_STEPS).fill(0);
  const { rows } = await database.query<{ step: number; views: number }>(
    `select step, views from stats_retention where video_id = $1 and media_version = 0`,
    [videoId],
  );
  for (const row of rows) retention[row.step] = row.views;
  const wanted = expectedRetention(accepted, videoSeconds);
  const retentionOff = retention.filter((views, step) => views !== wanted[step]).length;
  return {
    sanity: [
      `video ${videoId}: views ${written.views} / ${expected.views} expected, viewers ${written.viewers} / ${expected.views}, seconds ${written.seconds} / ${expected.seconds} (${written.days} day row(s))`,
      `site's day(s) after the seeded year: views ${site.views}, viewers ${site.viewers}, seconds ${site.seconds} (expected: the video's and the warm-up video's ${warmUp.views}, ${warmUp.viewers}, ${warmUp.seconds})`,
      `retention: ${RETENTION_STEPS - retentionOff} of ${RETENTION_STEPS} steps as expected (step 0: ${retention[0]} / ${wanted[0]}, step 5: ${retention[5]} / ${wanted[5]}, step 20: ${retention[20]} / ${wanted[20]})`,
    ],
    sane: matches(written) && siteMatches && retentionOff === 0,
  };
};

export const runHeartbeats = async (options: HeartbeatOptions): Promise<HeartbeatReport> => {
  const { database, storage, config } = options;
  // What a previous run may have left (stopped midway): the bench's videos and days.
  await database.query(`delete from videos where id > $1`, [options.lastSeededVideo]);
  await database.query(`delete from stats_site_days where day > $1::date`, [LAST_DAY]);
  const [video, warmUpVideo] = (
    await database.query<{ id: number }>(
      `insert into videos (title, processing, privacy, rungs, has_thumbnail)
       values ('Banc d''essai : battements', 3, 0, $1, false),
              ('Banc d''essai : mise en route', 3, 0, $1, false) returning id`,
      [CLIP_RUNGS],
    )
  ).rows;
  const videoId = video!.id;
  const videoSeconds = await publishClip(storage, videoId);
  const warmUpVideoId = warmUpVideo!.id;
  await publishClip(storage, warmUpVideoId);

  const signedIn = Math.round(options.viewers * 0.4);
  const { rows: users } = await database.query<{
    id: number;
    username: string;
    role: Role;
    gda_access: boolean;
    token_version: number;
  }>(`select id, username, role, gda_access, token_version from users order by id limit $1`, [
    signedIn * 2,
  ]);
  const keys = { secret: config.jwtSecret, lifetimeSeconds: 3600 };
  /** The measured viewers (`set` 0), or the warm-up's (1): other accounts, other browsers. */
  const viewersOf = async (set: number) => {
    const specs: ViewerSpec[] = [];
    for (let i = 0; i < options.viewers; i += 1) {
      const user = i % 5 < 2 ? users[set * signedIn + Math.floor(i / 5) * 2 + (i % 5)] : undefined;
      specs.push({
        token: user
          ? await signToken(keys, {
              userId: user.id,
              role: user.role,
              username: user.username,
              gdaAccess: user.gda_access,
              tokenVersion: user.token_version,
            })
          : undefined,
        userAgent: `Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0 bench/${set}/${i}`,
      });
    }
    return specs;
  };
  const viewers = await viewersOf(0);
  const warmUpViewers = await viewersOf(1);

  const pgClient = options.databaseUrl
    ? new pg.Client({ connectionString: options.databaseUrl })
    : null;
  await pgClient?.connect();
  const loadGenerator = forkChild('./viewers-worker.ts');
  const bare = forkChild('./bare-204.ts');
  const rows: BeatRow[] = [];
  let idleCpu = 0;
  let checked: { sanity: string[]; sane: boolean } = { sanity: [], sane: false };
  try {
    const { port: barePort } = await ask<{ port: number }>(bare);
    const job = (origin: string, path: string): ViewersJob => ({
      origin,
      path,
      videoId,
      videoSeconds,
      viewers,
      seconds: options.seconds,
      everySeconds: EVERY_SECONDS,
    });
    const measure = async (
      run: string,
      route: BeatRow['route'],
      target: ViewersJob,
      profile = false,
    ) => {
      // Plateau's rows: this process (it runs nothing else meanwhile); the bare server's own.
      const cpuOf = route === 'bare' ? () => cpuSeconds(bare.pid!) : processCpu;
      const session = profile && options.profileDir ? new Session() : null;
      if (session) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      const load = os.loadavg()[0] ?? 0;
      const cpuBefore = cpuOf();
      const appBefore = processCpu();
      const pgBefore = await backendsCpu(pgClient);
      const threadsBefore = threadsCpuSeconds(process.pid);
      const result = await ask<ViewersResult>(loadGenerator, target);
      const cpu = cpuOf() - cpuBefore;
      const threadsAfter = threadsCpuSeconds(process.pid);
      if (route !== 'bare') {
        const main = threadsAfter.main - threadsBefore.main;
        const others = threadsAfter.others - threadsBefore.others;
        console.log(
          `[bench] ${run}: the app's main thread ${main.toFixed(2)} s, its other threads (GC, compiler) ${others.toFixed(2)} s`,
        );
      }
      const pgAfter = await backendsCpu(pgClient);
      const pgCpu = pgClient
        ? [...pgAfter].reduce((sum, [pid, after]) => sum + after - (pgBefore.get(pid) ?? 0), 0)
        : null;
      const row = { run, route, result, cpu, pgCpu, load };
      if (session) {
        const { profile: taken } = await session.post('Profiler.stop');
        session.disconnect();
        const file = path.join(options.profileDir!, `${run.replace(/\W+/g, '-')}.cpuprofile`);
        writeFileSync(file, JSON.stringify(taken));
        console.log(`[bench] ${run}: profile ${file}, ${summarize(taken as Profile)}`);
      }
      console.log(
        `[bench] ${run}: ${result.sent} sent, ${JSON.stringify(result.byStatus)}, ${result.errors} errors, CPU ${cpu.toFixed(2)} s over ${(result.elapsedMs / 1000).toFixed(0)} s`,
      );
      if (result.firstError) console.log(`[bench]   first error: ${result.firstError}`);
      return { row, appCpu: processCpu() - appBefore };
    };
    // Both routes warmed up first, by other viewers on another video: measured first, the
    // heartbeat paid the compiler's and the heap's start (7.6 % against 5.3 % measured second),
    // and the app was still getting cheaper after 10 s of warm-up.
    for (const route of [NOOP_PATH, HEARTBEAT_PATH]) {
      await ask<ViewersResult>(loadGenerator, {
        ...job(options.origin, route),
        videoId: warmUpVideoId,
        viewers: warmUpViewers,
        seconds: WARM_UP_SECONDS,
        everySeconds: 2,
      });
    }
    // The app keeps getting cheaper for minutes (code compiled again, the heap settling): the
    // two routes take turns, heartbeat first then last (ABBA), so neither gets the early runs.
    const routes = [
      ['Plateau: heartbeat', 'heartbeat', HEARTBEAT_PATH],
      ['same app, no-op route', 'noop', NOOP_PATH],
    ] as const;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const profile = round === 1;
      for (const [run, route, routePath] of round % 2 === 1 ? routes : [...routes].reverse()) {
        const target = job(options.origin, routePath);
        rows.push((await measure(`${run} (${round})`, route, target, profile)).row);
      }
    }
    const bareRun = await measure(
      'bare node:http, 204',
      'bare',
      job(`http://127.0.0.1:${barePort}`, '/'),
    );
    rows.push(bareRun.row);
    idleCpu = bareRun.appCpu;
    // Each viewer's heartbeats of every round: later rounds add time, not views.
    const accepted = viewers.map((_, viewer) =>
      rows
        .filter((row) => row.route === 'heartbeat')
        .flatMap((row) => row.result.accepted[viewer]!),
    );
    checked = await checkSums(
      database,
      { measured: videoId, warmUp: warmUpVideoId },
      videoSeconds,
      accepted,
    );
  } finally {
    loadGenerator.kill();
    bare.kill();
  }

  await options.closeApp();
  await database.query(`delete from videos where id > $1`, [options.lastSeededVideo]);
  await database.query(`delete from stats_site_days where day > $1::date`, [LAST_DAY]);
  await pgClient?.end();
  return {
    viewers: options.viewers,
    signedIn,
    seconds: options.seconds,
    videoSeconds,
    rows,
    ...checked,
    idleCpu,
  };
};

export const printHeartbeats = (report: HeartbeatReport) => {
  const cpu = os.cpus();
  console.log(
    `\nHeartbeats: ${report.viewers} viewers (${report.signedIn} signed in, each its account; the others visitors, each its browser), one heartbeat every ${EVERY_SECONDS} s each, staggered, for ${report.seconds} s, from another process (a keep-alive connection per viewer); a ${report.videoSeconds.toFixed(1)} s video. ${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}, Node ${process.version}. CPU: user + system of the serving process over the run (the app's process for Plateau's rows, the bare server's own for the last); PostgreSQL: its backends of this database (the app's pool).\n`,
  );
  console.log(
    '| run | sent | answered 204 | other answers | p50 ms | p99 ms | CPU s | CPU s / 1,000 | share of one core | PostgreSQL CPU s | load (1 min) |',
  );
  console.log('|---|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|');
  for (const { run, result, cpu, pgCpu, load } of report.rows) {
    const ok = result.byStatus['204'] ?? 0;
    const other = Object.entries(result.byStatus)
      .filter(([status]) => status !== '204')
      .map(([status, n]) => `${n} × ${status}`)
      .concat(result.errors > 0 ? [`${result.errors} errors`] : [])
      .join(', ');
    const share = (cpu / (result.elapsedMs / 1000)) * 100;
    console.log(
      `| ${run} | ${result.sent} | ${ok} | ${other || '-'} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${cpu.toFixed(2)} | ${((cpu / Math.max(1, result.sent)) * 1000).toFixed(3)} | ${share.toFixed(2)} % | ${pgCpu === null ? '-' : pgCpu.toFixed(2)} | ${load.toFixed(1)} |`,
    );
  }
  const total = (route: BeatRow['route']) => {
    const runs = report.rows.filter((row) => row.route === route);
    return {
      cpu: runs.reduce((sum, row) => sum + row.cpu, 0),
      sent: runs.reduce((sum, row) => sum + row.result.sent, 0),
      seconds: runs.reduce((sum, row) => sum + row.result.elapsedMs / 1000, 0),
    };
  };
  const [plateau, noop] = [total('heartbeat'), total('noop')];
  if (plateau.sent > 0 && noop.sent > 0) {
    const beyond = (plateau.cpu / plateau.sent - noop.cpu / noop.sent) * 1000 * 1000;
    const share = (plateau.cpu / plateau.seconds) * 100;
    const noopShare = (noop.cpu / noop.seconds) * 100;
    console.log(
      `\nRounds together: Plateau's heartbeat ${share.toFixed(2)} % of one core, the same app's no-op route ${noopShare.toFixed(2)} %.`,
    );
    console.log(
      `\nThe heartbeat beyond the same app's no-op route: ${beyond.toFixed(0)} ms of CPU per 1,000 heartbeats. The app's process sat idle during the bare server's run: ${report.idleCpu.toFixed(2)} s of CPU (timers, job queue).`,
    );
    console.log(
      `Target (CPU of the server for ${report.viewers} viewers under 5 % of one core): ${share < 5 ? 'met' : 'missed'} (${share.toFixed(2)} %).`,
    );
  }
  console.log(`\nSanity (${report.sane ? 'all as expected' : 'MISMATCH'}):`);
  for (const line of report.sanity) console.log(`- ${line}`);
};
