import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { periodDays, type Role } from '@plateau/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { signToken } from '../apps/server/src/modules/auth/token.ts';
import { createLocalStorage } from '../apps/server/src/storage/media-storage.ts';
import { postgresFloor, type FloorDatabase } from './raw-floor.ts';
import { publishClip } from './stats/clip.ts';
import { addNoopRoute, printHeartbeats, runHeartbeats } from './stats/heartbeats.ts';
import { printQueries, runQueries, type QueryScenario } from './stats/queries.ts';
import {
  ensureStatsPglite,
  ensureStatsPostgres,
  GALA_DIRECT,
  GALA_PEAK,
  LAST_DAY,
  pgliteSizes,
  postgresSizes,
  statsUrl,
  TOP_VIDEO,
} from './stats/seed.ts';

/**
 * `npm run bench:stats -- [--quick] [--reseed] [--db=postgres|pglite|both] [--only=queries|heartbeats] [--pages=<text>] [--runs=N] [--max-seconds=S] [--duration=S] [--viewers=N] [--show-sql] [--explain] [--profile]`
 * « Statistiques » (issue 35): every statistics page on a year of data (1M videos, 10M history
 * rows and the daily rows that follow on PostgreSQL; the same shape at 10k videos on PGlite),
 * beside the raw SQL floor; then 500 viewers' heartbeats against the same app's no-op route
 * and a bare node:http server (PostgreSQL). bench/README.md, "npm run bench:stats".
 */
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = flag('quick');
const which = option('db') ?? 'both';
const only = option('only');
const runs = Number(option('runs') ?? (quick ? 10 : 50));
const maxSeconds = Number(option('max-seconds') ?? (quick ? 10 : 45));
const duration = Number(option('duration') ?? (quick ? 20 : 60));
const viewers = Number(option('viewers') ?? 500);

/** The member who reads the pages: user 10 is a `plateau` member. */
const MEMBER = 10;

const sum = async (database: DatabaseHandle, sql: string, values: unknown[]) =>
  Number((await database.query<{ n: number }>(sql, values)).rows[0]?.n ?? 0);

const siteScenario = (name: string, period: '7d' | '30d' | 'year'): QueryScenario => {
  const { from, to } = periodDays(period, LAST_DAY);
  return {
    name: `site, ${name}`,
    path: `/api/stats/site?from=${from}&to=${to}&period=${period}`,
    async check(body, database) {
      const site = body as { totals: { views: number }; topVideos: unknown[]; days: unknown[] };
      const views = await sum(
        database,
        `select coalesce(sum(views), 0)::int as n from stats_site_days where day between $1 and $2`,
        [from, to],
      );
      if (site.totals.views !== views) return `views ${site.totals.views}, expected ${views}`;
      if (site.topVideos.length !== 10) return `${site.topVideos.length} top videos`;
      return null;
    },
  };
};

const videoScenario = (name: string, period: '30d' | 'year'): QueryScenario => {
  const { from, to } = periodDays(period, LAST_DAY);
  return {
    name: `video page (the most watched), ${name}`,
    path: `/api/stats/videos/${TOP_VIDEO}?from=${from}&to=${to}&period=${period}`,
    async check(body, database) {
      const video = body as {
        totals: { views: number };
        retention: number[];
        video: { duration: number };
      };
      const views = await sum(
        database,
        `select coalesce(sum(views), 0)::int as n from stats_video_days
          where video_id = $1 and day between $2 and $3`,
        [TOP_VIDEO, from, to],
      );
      if (video.totals.views !== views) return `views ${video.totals.views}, expected ${views}`;
      if (!(video.retention[0]! > 0)) return 'no retention';
      if (!(video.video.duration > 0)) return 'no duration (its rendition index unread)';
      return null;
    },
  };
};

const directScenario: QueryScenario = {
  name: 'direct page (the gala: 3 lives of 3 h)',
  path: `/api/stats/directs/${GALA_DIRECT}`,
  async check(body) {
    const direct = body as { lives: { peak: { viewers: number; at: string } | null }[] };
    const peak = direct.lives[1]?.peak;
    if (direct.lives.length !== 3) return `${direct.lives.length} lives`;
    if (peak?.viewers !== GALA_PEAK || peak.at !== '2026-06-12T18:41:00.000Z')
      return `peak ${JSON.stringify(peak)}`;
    return null;
  },
};

const pages = option('pages');
const scenarios = [
  siteScenario('7 days', '7d'),
  siteScenario('30 days', '30d'),
  siteScenario('school year', 'year'),
  videoScenario('30 days', '30d'),
  videoScenario('school year', 'year'),
  directScenario,
].filter((scenario) => !pages || scenario.name.includes(pages));

interface Target {
  kind: 'postgres' | 'pglite';
  label: string;
  database: DatabaseHandle;
  floor: FloorDatabase;
  databaseUrl: string | null;
  p99Target: number;
  lastSeededVideo: number;
}

const postgresTarget = async (): Promise<Target> => {
  const database = await ensureStatsPostgres(flag('reseed'));
  // The API's session settings (random_page_cost) apply to the floor's connections too.
  const { rows } = await database.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where source = 'client' and name <> 'application_name'`,
  );
  const [version] = (await database.query<{ v: string }>('select version() as v')).rows;
  return {
    kind: 'postgres',
    label: `PostgreSQL (${version?.v.split(' ').slice(0, 2).join(' ')}), 1,000,000 videos, 10,000,000 history rows`,
    database,
    floor: postgresFloor(
      statsUrl(),
      Object.fromEntries(rows.map((row) => [row.name, row.setting])),
    ),
    databaseUrl: statsUrl(),
    p99Target: 100,
    lastSeededVideo: postgresSizes.videos,
  };
};

const pgliteTarget = async (): Promise<Target> => {
  const database = await ensureStatsPglite(
    path.join(os.tmpdir(), 'plateau-bench-stats-pglite'),
    flag('reseed'),
  );
  const pglite = database.pglite;
  if (!pglite) throw new Error('the embedded database has no PGlite instance');
  return {
    kind: 'pglite',
    label: 'PGlite (embedded, in process), 10,000 videos, 100,000 history rows',
    database,
    // The floor shares the one embedded database with the app, as it must.
    floor: { query: (text, values) => pglite.query(text, values), close: async () => {} },
    databaseUrl: null,
    p99Target: 300,
    lastSeededVideo: pgliteSizes.videos,
  };
};

const run = async (target: Target) => {
  const { database } = target;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plateau-bench-stats-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    RTMP_PORT: '0',
  });
  const storage = createLocalStorage(config.mediaDir);
  const app = await buildApp({
    config,
    database,
    storage,
    logger: false,
    extraDeps: { mediaBinaries: null },
  });
  addNoopRoute(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let closing: Promise<void> | undefined;
  const closeApp = () => (closing ??= app.close());
  try {
    // The video page reads its duration from the rendition index, as it does on a site.
    await publishClip(storage, TOP_VIDEO);
    if (only !== 'heartbeats') {
      const [member] = (
        await database.query<{
          username: string;
          role: Role;
          gda_access: boolean;
          token_version: number;
        }>(`select username, role, gda_access, token_version from users where id = $1`, [MEMBER])
      ).rows;
      if (member?.role !== 'plateau') throw new Error(`user ${MEMBER} is not a member: --reseed`);
      const token = await signToken(
        { secret: config.jwtSecret, lifetimeSeconds: 3600 },
        {
          userId: MEMBER,
          role: member.role,
          username: member.username,
          gdaAccess: member.gda_access,
          tokenVersion: member.token_version,
        },
      );
      const loadBefore = os.loadavg();
      console.log(`\n[bench] ${target.label}: ${scenarios.length} pages, ${runs} runs each`);
      const rows = await runQueries({
        app,
        origin,
        headers: { authorization: `Bearer ${token}` },
        database,
        floor: target.floor,
        scenarios,
        runs,
        maxSeconds,
        target: target.p99Target,
        showSql: flag('show-sql'),
        explainAll: flag('explain'),
      });
      printQueries(target.label, rows, target.p99Target, loadBefore);
    }
    if (only !== 'queries' && target.kind === 'postgres') {
      console.log(
        `\n[bench] heartbeats: ${viewers} viewers for ${duration} s: each route twice, taking turns, then the bare server`,
      );
      const report = await runHeartbeats({
        closeApp,
        origin,
        config,
        database,
        storage,
        databaseUrl: target.databaseUrl,
        lastSeededVideo: target.lastSeededVideo,
        viewers,
        seconds: duration,
        ...(flag('profile') && {
          profileDir: mkdtempSync(path.join(os.tmpdir(), 'plateau-stats-prof-')),
        }),
      });
      printHeartbeats(report);
    }
  } finally {
    await closeApp();
    await target.floor.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

for (const kind of ['postgres', 'pglite'] as const) {
  if (which !== 'both' && which !== kind) continue;
  if (kind === 'pglite' && only === 'heartbeats') continue;
  await run(await (kind === 'postgres' ? postgresTarget() : pgliteTarget()));
}
