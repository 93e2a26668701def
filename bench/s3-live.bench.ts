/**
 * `npm run bench:s3-live`: what a live viewer loses when the load balancer sends them to a
 * machine that does not hold the RTMP ingest (issue 25, MEDIA_STORAGE=s3, no shared folder).
 * Two Plateau processes share one PostgreSQL database and one bucket prefix on OpenStack Swift
 * (scripts/object-store.mjs); the first takes the ingest (A: ffmpeg writes the live on its
 * disk, live-mirror.ts copies it to the bucket), the other (B) serves the live from the bucket
 * (live-hls.ts). One encoder publishes a looped 720p30 file to A (LIVE_LADDER='': the source
 * variant only). For ~40 s the source variant's playlist is asked every 50 ms from A, from A
 * again (the method's own noise: the reference) and from B; each new segment's first listing
 * by B is compared with A's. Then one segment is fetched 20 times through each.
 * Prints tables; asserts no timing (bench/README.md, "Live through another machine").
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { adminUrl } from './bench-env.ts';
import { parseMediaPlaylist } from './live/hls.ts';
import { ffmpegNaming, killStarted, spawnTracked, type Tracked } from './live/processes.ts';
import { ensurePreEncoded, loopedToRtmp } from './live/stamp.ts';
import { startPlateau, type RunningPlateau } from './media/plateau.ts';
import { loadAverage } from './media/proc.ts';
import { api, benchDatabase, buildServerOnly, nginxReadableDir, signIn } from './media/setup.ts';
import { freePort } from './web/server.ts';
import {
  accepts,
  compareListings,
  pollListings,
  removeBucketPrefix,
  segmentFetchTimes,
  summary,
  type LagRow,
} from './s3/live-copy.ts';
import { benchObjectStore } from './s3/helpers.ts';

// The SDK warns once per process that its 2027 releases need Node 22 (DESIGN.md pins 3.11xx).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const SECONDS = Number(process.env.SECONDS ?? 40);
const POLL_MS = 50;
/** B is still asked this long after A's pollers stop: a segment it lists late still counts. */
const LATE_MS = 5_000;
const FETCHES = 20;
/** bench:live's pre-encoded publisher file, kept in /tmp across runs (made once, ~20 s). */
const PRE_ENCODED = path.join(os.tmpdir(), 'plateau-bench-live-pre-v1.flv');
const PRE_ENCODED_SECONDS = 30;
const DATABASE = 'plateau_bench_s3_live';
const ADMIN = { username: 'bench-geek', password: randomBytes(12).toString('base64url') };

const log = (message: string) =>
  console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

const { s3, client, env: s3Env } = await benchObjectStore('live');
const database = benchDatabase(DATABASE);
const tmp = nginxReadableDir('plateau-bench-s3-live-');

// --- the run's state, for the clean-up whatever happens ---
const machines: RunningPlateau[] = [];
let publisher: Tracked | undefined;
const pollers: { stop(): Promise<unknown> }[] = [];
let cleanedUp = false;
const cleanUp = async () => {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const poller of pollers) await poller.stop().catch(() => {});
  await publisher?.stop().catch(() => {});
  // The one without the ingest first: the other's stop ends the live's ffmpeg with its stdin.
  for (const machine of [...machines].reverse()) await machine.stop().catch(() => {});
  killStarted();
  await sleep(500);
  const strays = ffmpegNaming(tmp);
  for (const pid of strays) process.kill(pid, 'SIGKILL');
  if (strays.length > 0) log(`killed ${strays.length} ffmpeg left behind: ${strays.join(', ')}`);
  const removed = await removeBucketPrefix(client, s3.bucket, s3.prefix).catch((error: Error) => {
    log(`bucket prefix ${s3.prefix} NOT removed: ${error.message}`);
    return 0;
  });
  log(`removed ${removed} objects under ${s3.bucket}/${s3.prefix}`);
  client.destroy();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin
    .connect()
    .then(() => admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`))
    .catch((error: Error) => log(`database ${DATABASE} not dropped: ${error.message}`))
    .finally(() => admin.end().catch(() => {}));
  rmSync(tmp, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const distinctFreePorts = async (count: number) => {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
};

const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
};

interface Result {
  rows: { name: string; lag: LagRow }[];
  /** New segments the reference poller saw appear. */
  referenceSegments: number;
  fetch: { times: Record<string, number[]>; bytes: number; segment: string };
  ingest: string;
  segmentSeconds: number;
  loadBefore: string;
  loadAfter: string;
}

const main = async (): Promise<Result> => {
  buildServerOnly();
  await database.recreate();
  log(`pre-encoded publisher file: ${PRE_ENCODED}`);
  await ensurePreEncoded(PRE_ENCODED, PRE_ENCODED_SECONDS);

  const [portA, portB, rtmpA, rtmpB] = (await distinctFreePorts(4)) as [
    number,
    number,
    number,
    number,
  ];
  const common = {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    ...s3Env,
    LIVE_LADDER: '',
    RTMP_HOST: '127.0.0.1',
  };
  log('starting machine A (first: it should take the ingest lock)');
  const first = await startPlateau({
    ...common,
    DATA_DIR: path.join(tmp, 'a'),
    PORT: String(portA),
    RTMP_PORT: String(rtmpA),
  });
  machines.push(first);
  await waitUntil('an RTMP ingest on the first machine', () => accepts(rtmpA), 30_000);
  log('starting machine B');
  const second = await startPlateau({
    ...common,
    DATA_DIR: path.join(tmp, 'b'),
    PORT: String(portB),
    RTMP_PORT: String(rtmpB),
  });
  machines.push(second);
  await sleep(1000);
  const open = { a: await accepts(rtmpA), b: await accepts(rtmpB) };
  if (open.a === open.b) throw new Error(`RTMP ingest open on A: ${open.a}, on B: ${open.b}`);
  // A is whichever took the ingest (the first started, unless the lock said otherwise).
  const [A, B, rtmpPort] = open.a ? [first, second, rtmpA] : [second, first, rtmpB];
  const ingest = open.a ? 'the first started' : 'the second started (unexpected)';
  log(`ingest on ${A.origin} (RTMP ${rtmpPort}), other machine ${B.origin}`);

  const geek = await signIn(A.origin, ADMIN);
  const direct = await api(A.origin, '/api/directs', {
    method: 'POST',
    token: geek,
    body: JSON.stringify({ title: 'Bench live, two machines', privacy: 0 }),
  });
  const { streamKey } = await api(A.origin, `/api/directs/${direct.id}/broadcast`, {
    method: 'PUT',
    token: geek,
    body: JSON.stringify({ enabled: true }),
  });
  const variant = (origin: string) => `${origin}/api/media/live/${direct.id}/source/index.m3u8`;
  const segmentUrl = (origin: string, name: string) =>
    `${origin}/api/media/live/${direct.id}/source/${name}`;

  publisher = spawnTracked(
    'ffmpeg',
    loopedToRtmp(PRE_ENCODED, `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`),
  );
  const listsTwo = async (origin: string) => {
    if (publisher!.child.exitCode !== null) {
      throw new Error(`the publisher stopped: ${publisher!.stderr()}`);
    }
    const response = await fetch(variant(origin)).catch(() => null);
    if (!response?.ok) {
      await response?.body?.cancel();
      return false;
    }
    return parseMediaPlaylist(await response.text()).segments.length >= 2;
  };
  log('publishing; waiting for two segments listed through A and through B');
  await waitUntil('the live through A', () => listsTwo(A.origin), 60_000);
  await waitUntil('the live through B', () => listsTwo(B.origin), 60_000);
  const segmentSeconds = parseMediaPlaylist(
    await (await fetch(variant(A.origin))).text(),
  ).targetDuration;

  log(`asking the source playlist every ${POLL_MS} ms for ${SECONDS} s: A, A again, B`);
  const loadBefore = loadAverage();
  const reference = pollListings(variant(A.origin), POLL_MS);
  const again = pollListings(variant(A.origin), POLL_MS);
  const other = pollListings(variant(B.origin), POLL_MS);
  pollers.push(reference, again, other);
  await sleep(SECONDS * 1000);
  const referenceListings = await reference.stop();
  const againListings = await again.stop();
  await sleep(LATE_MS);
  const otherListings = await other.stop();
  const loadAfter = loadAverage();
  for (const [name, listings] of [
    ['A', referenceListings],
    ['A again', againListings],
    ['B', otherListings],
  ] as const) {
    log(`${name}: ${listings.polls} asks, ${listings.failed} failed, ${listings.seen.size} new`);
  }
  const rows = [
    {
      name: 'A again (reference: the method itself)',
      lag: compareListings(referenceListings, againListings),
    },
    { name: 'B, from the bucket', lag: compareListings(referenceListings, otherListings) },
  ];

  log(
    `B minus A per segment, ms, in order: ${rows[1]!.lag.behind.map((value) => value.toFixed(0)).join(' ')}`,
  );

  // One segment both listed, a few seconds old: the same bytes through A's disk and the bucket.
  const both = [...referenceListings.seen.keys()].filter((name) => otherListings.seen.has(name));
  const segment = both.at(-3) ?? both.at(-1);
  if (!segment) throw new Error('no segment listed by both machines');
  log(`fetching ${segment} ${FETCHES} times through A and through B, interleaved`);
  const urls = { A: segmentUrl(A.origin, segment), B: segmentUrl(B.origin, segment) };
  await segmentFetchTimes(urls, 1);
  const fetched = await segmentFetchTimes(urls, FETCHES);

  return {
    rows,
    referenceSegments: referenceListings.seen.size,
    fetch: { ...fetched, segment },
    ingest,
    segmentSeconds,
    loadBefore,
    loadAfter,
  };
};

let result: Result;
try {
  result = await main();
} finally {
  await cleanUp();
}

// toFixed would print a tiny negative median as "-0".
const ms = (value: number) => (Number.isNaN(value) ? '-' : (Math.round(value) + 0).toFixed(0));
const { rows, fetch: fetched } = result;
console.log(
  `\nLive through another machine: the source variant's playlist (${result.segmentSeconds} s segments) asked every ${POLL_MS} ms for ${SECONDS} s, ingest on ${result.ingest} (A), ${os.cpus().length} cores shared with Swift, load ${result.loadBefore} -> ${result.loadAfter}\n`,
);
console.log(
  '| playlist asked of | new segments | never listed | first listed after A, median ms | p90 ms | max ms |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
console.log(`| A (the reference timeline) | ${result.referenceSegments} | 0 | 0 | 0 | 0 |`);
for (const { name, lag } of rows) {
  const behind = summary(lag.behind);
  console.log(
    `| ${name} | ${lag.segments} | ${lag.missing} | ${ms(behind.median)} | ${ms(behind.p90)} | ${ms(behind.max)} |`,
  );
}
console.log(
  `\nOne segment (${fetched.segment}, ${(fetched.bytes / 1e6).toFixed(2)} MB) fetched ${FETCHES} times through each, interleaved\n`,
);
console.log('| through | median ms | p90 ms | max ms |');
console.log('| --- | ---: | ---: | ---: |');
for (const [name, times] of Object.entries(fetched.times)) {
  const { median, p90, max } = summary(times);
  const label = name === 'A' ? 'A (its disk)' : 'B (the bucket)';
  console.log(`| ${label} | ${median.toFixed(1)} | ${p90.toFixed(1)} | ${max.toFixed(1)} |`);
}
