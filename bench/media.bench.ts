/**
 * `npm run bench:media`: random 1 MiB ranges of a 200 MB rendition (wrk, 50 connections) from
 * Debian's nginx, from Plateau alone (PostgreSQL) and from Plateau behind nginx
 * (MEDIA_ACCEL_REDIRECT), with MB/s and CPU seconds per GB; then the server's memory while a
 * 2 GB upload is in flight (alone, and during the range load), and idle on PostgreSQL and on
 * the embedded PGlite. Prints tables; asserts no timing.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startNginx, type RunningNginx } from './media/nginx.ts';
import { startPlateau, type RunningPlateau } from './media/plateau.ts';
import { cpuSeconds, loadAverage, memoryMb, peakRssDuring } from './media/proc.ts';
import { uploadGenerated } from './media/upload.ts';
import { compareUploads, printUploadTable } from './media/upload-compare.ts';
import { runWrk, type WrkResult } from './media/wrk.ts';
import { freePort } from './web/server.ts';
import {
  api,
  benchDatabase,
  buildServerOnly,
  nginxReadableDir,
  publishRandomRendition,
  signIn,
} from './media/setup.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
/** Only the checks through nginx in the X-Accel mode (no load, no upload): a config check. */
const checkOnly = args.includes('--check-nginx');
/** Only the upload comparison (multipart, tus, nginx): no range load. */
const uploadsOnly = args.includes('--uploads');
const SECONDS = quick ? 4 : 15;
const WARM_UP = quick ? 1 : 3;
const CONNECTIONS = 50;
const FILE_BYTES = 200 * 1000 * 1000;
const UPLOAD_BYTES = (quick ? 0.5 : 2) * 1000 ** 3;
const database = benchDatabase('plateau_bench_media');
const ACCEL_LOCATION = '/_plateau_media/';
const ADMIN = { username: 'bench-geek', password: randomBytes(12).toString('base64url') };
const VIEWER = { username: 'bench-viewer', password: randomBytes(12).toString('base64url') };

const fileSlice = (file: string, start: number, length: number) => {
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(length);
  readSync(fd, buffer, 0, length, start);
  closeSync(fd);
  return buffer;
};

/** The same bytes as the file, for a random range: every server is checked before its load. */
const checkRange = async (url: string, file: string) => {
  const start = Math.floor(Math.random() * (FILE_BYTES - 1024 * 1024));
  const response = await fetch(url, { headers: { range: `bytes=${start}-${start + 1048575}` } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 206 || !body.equals(fileSlice(file, start, 1024 * 1024))) {
    throw new Error(`${url}: ${response.status}, not the file's bytes`);
  }
};

interface LoadRow {
  name: string;
  result: WrkResult;
  cpu: number;
  loadAfter: string;
}

/** wrk after a warm-up, with the CPU seconds the serving processes used meanwhile. */
const measure = async (name: string, url: string, pids: () => number[]): Promise<LoadRow> => {
  console.error(`${name}: warm-up ${WARM_UP} s, then ${SECONDS} s`);
  await runWrk(url, FILE_BYTES, { connections: CONNECTIONS, seconds: WARM_UP });
  const cpu = () => pids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const before = cpu();
  const result = await runWrk(url, FILE_BYTES, { connections: CONNECTIONS, seconds: SECONDS });
  const used = cpu() - before;
  const errors = result.connect + result.read + result.write + result.status + result.timeout;
  if (errors > 0) throw new Error(`${name}: ${errors} errors or non-2xx answers`);
  return { name, result, cpu: used, loadAfter: loadAverage() };
};

/**
 * What a person gets through nginx in the X-Accel mode: Plateau's headers kept, its refusals
 * kept, the internal location closed to direct requests. A wrong answer stops the run.
 */
const checkThroughNginx = async (proxy: string, videoId: number, token: string) => {
  const cases: [string, string, Record<string, string>, number][] = [
    [
      'range, signed in',
      `/api/media/video/${videoId}/720?token=${token}`,
      { range: 'bytes=0-99' },
      206,
    ],
    ['download, signed in', `/api/media/video/download/${videoId}/1080?token=${token}`, {}, 200],
    ['no token (privacy 1)', `/api/media/video/${videoId}/720`, {}, 401],
    [
      'range past the end',
      `/api/media/video/${videoId}/720?token=${token}`,
      { range: `bytes=${FILE_BYTES}-` },
      416,
    ],
    ['the internal location itself', `/_plateau_media/videos/${videoId}/720.mp4`, {}, 404],
  ];
  const lines: string[] = [];
  for (const [name, url, headers, expected] of cases) {
    const response = await fetch(`${proxy}${url}`, { headers });
    await response.arrayBuffer();
    const shown = ['content-type', 'cache-control', 'content-range', 'content-disposition']
      .map((header) => [header, response.headers.get(header)] as const)
      .filter(([, value]) => value !== null)
      .map(([header, value]) => `${header}: ${value}`)
      .join('; ');
    if (response.status !== expected)
      throw new Error(`${name}: ${response.status}, not ${expected}`);
    lines.push(`| ${name} | ${response.status} | ${shown.replace(/\|/g, '\\|')} |`);
  }
  return lines;
};

const printChecks = (lines: string[]) => {
  console.log('\nThrough nginx with `MEDIA_ACCEL_REDIRECT` (checked before its load):\n');
  console.log('| request | status | headers |');
  console.log('|---|--:|---|');
  for (const line of lines) console.log(line);
};

const mbPerSecond = (r: WrkResult) => r.bytes / 1e6 / (r.durationUs / 1e6);

const printLoadTable = (rows: LoadRow[]) => {
  const nginx = mbPerSecond(rows[0]!.result);
  console.log(
    `\n| server | MB/s | x nginx | req/s | p50 ms | p99 ms | CPU s per GB | load after |`,
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|---|');
  for (const { name, result, cpu, loadAfter } of rows) {
    const rate = mbPerSecond(result);
    const perGb = cpu / (result.bytes / 1e9);
    console.log(
      `| ${name} | ${rate.toFixed(0)} | ${(rate / nginx).toFixed(2)} | ${(result.requests / (result.durationUs / 1e6)).toFixed(0)} | ${(result.p50Us / 1000).toFixed(1)} | ${(result.p99Us / 1000).toFixed(1)} | ${perGb.toFixed(2)} | ${loadAfter} |`,
    );
  }
};

/** RSS a few seconds after the start, before any request but the sign-ins. */
const idleRss = async (env: Record<string, string>) => {
  const plateau = await startPlateau(env);
  try {
    await sleep(5000);
    return memoryMb(plateau.pid).rss;
  } finally {
    await plateau.stop();
  }
};

const main = async () => {
  console.error('Building the server (scripts/build.mjs, server only)...');
  buildServerOnly();
  const tmp = nginxReadableDir('plateau-bench-media-');
  const dataDir = path.join(tmp, 'data');
  const mediaDir = path.join(dataDir, 'media');
  const running: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const server of running.splice(0).reverse()) await server.stop();
  };
  try {
    await database.recreate();
    const plateauPort = await freePort();
    const baseEnv = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      PORT: String(plateauPort),
    };
    console.error('Starting Plateau on PostgreSQL...');
    const idlePostgres = await idleRss(baseEnv);
    let plateau: RunningPlateau = await startPlateau(baseEnv);
    running.push(plateau);

    const geek = await signIn(plateau.origin, ADMIN);
    await api(plateau.origin, '/api/users', {
      method: 'POST',
      token: geek,
      body: JSON.stringify({ ...VIEWER, role: 'user' }),
    });
    const viewer = await signIn(plateau.origin, VIEWER);
    const video = await api(plateau.origin, '/api/videos', {
      method: 'POST',
      token: geek,
      body: JSON.stringify({ title: 'Rendu de 200 Mo', privacy: 1 }),
    });
    const target = await api(plateau.origin, '/api/videos', {
      method: 'POST',
      token: geek,
      body: JSON.stringify({ title: 'Envoi de 2 Go', privacy: 1 }),
    });
    console.error(`Writing the ${FILE_BYTES / 1e6} MB rendition...`);
    const rendition = await publishRandomRendition(database.url, mediaDir, video.id, FILE_BYTES);

    const [staticPort, proxyPort] = [await freePort(), await freePort()];
    const nginx: RunningNginx = await startNginx(path.join(tmp, 'nginx'), mediaDir, {
      staticPort,
      proxyPort,
      plateauPort,
    });
    running.push(nginx);
    const streamPath = `/api/media/video/${video.id}/720?token=${viewer}`;
    const urls = {
      nginx: `http://127.0.0.1:${staticPort}/media/videos/${video.id}/720.mp4`,
      plateau: `${plateau.origin}${streamPath}`,
      accel: `http://127.0.0.1:${proxyPort}${streamPath}`,
    };
    await checkRange(urls.nginx, rendition);
    await checkRange(urls.plateau, rendition);

    if (checkOnly) {
      await plateau.stop();
      running.splice(running.indexOf(plateau), 1);
      plateau = await startPlateau({ ...baseEnv, MEDIA_ACCEL_REDIRECT: ACCEL_LOCATION });
      running.push(plateau);
      await checkRange(urls.accel, rendition);
      const proxy = `http://127.0.0.1:${proxyPort}`;
      printChecks(await checkThroughNginx(proxy, video.id, viewer));
      return;
    }
    const uploads = await compareUploads({
      plateau,
      nginx,
      nginxDir: path.join(tmp, 'nginx'),
      staticPort,
      videoId: target.id,
      token: geek,
      bytes: UPLOAD_BYTES,
      rounds: quick ? 1 : 3,
    });
    if (uploadsOnly) {
      console.log(`\n### bench:media --uploads, ${new Date().toISOString()}`);
      printUploadTable(uploads, UPLOAD_BYTES);
      return;
    }
    const rows: LoadRow[] = [];
    rows.push(await measure('nginx alone (1 worker, sendfile)', urls.nginx, nginx.pids));
    rows.push(await measure('Plateau alone, PostgreSQL', urls.plateau, () => [plateau.pid]));

    console.error(`Uploading ${UPLOAD_BYTES / 1e9} GB (alone)...`);
    writeFileSync(`/proc/${plateau.pid}/clear_refs`, '5');
    const lone = await peakRssDuring(
      plateau.pid,
      uploadGenerated(plateau.origin, target.id, geek, UPLOAD_BYTES),
    );
    const loneHwm = memoryMb(plateau.pid).peak;
    console.error(`Uploading ${UPLOAD_BYTES / 1e9} GB during the range load...`);
    writeFileSync(`/proc/${plateau.pid}/clear_refs`, '5');
    const during = await peakRssDuring(
      plateau.pid,
      Promise.all([
        uploadGenerated(plateau.origin, target.id, geek, UPLOAD_BYTES),
        runWrk(urls.plateau, FILE_BYTES, { connections: CONNECTIONS, seconds: SECONDS }),
      ]),
    );
    const duringHwm = memoryMb(plateau.pid).peak;
    await plateau.stop();
    running.splice(running.indexOf(plateau), 1);

    plateau = await startPlateau({ ...baseEnv, MEDIA_ACCEL_REDIRECT: ACCEL_LOCATION });
    running.push(plateau);
    await checkRange(urls.accel, rendition);
    const throughNginx = await checkThroughNginx(`http://127.0.0.1:${proxyPort}`, video.id, viewer);
    rows.push(
      await measure('Plateau behind nginx (X-Accel-Redirect)', urls.accel, () => [
        plateau.pid,
        ...nginx.pids(),
      ]),
    );
    await stopAll();

    console.error('Starting Plateau on the embedded PGlite...');
    const pgliteEnv = { ...baseEnv, DATABASE_URL: '', DATA_DIR: path.join(tmp, 'pglite') };
    // The first start creates the database (initdb): measured apart from a usual start.
    const pgliteFirst = await idleRss(pgliteEnv);
    const pgliteIdle = await idleRss(pgliteEnv);
    const pgliteSmall = await idleRss({ ...pgliteEnv, PGLITE_SHARED_BUFFERS: '16' });

    console.log(`\n### bench:media, ${new Date().toISOString()}${quick ? ' (--quick)' : ''}`);
    console.log(
      `\n${CONNECTIONS} connections (wrk -t2), random 1 MiB ranges of a ${FILE_BYTES / 1e6} MB file, ${SECONDS} s after ${WARM_UP} s of warm-up; viewer: a \`user\` with \`?token=\` on a privacy-1 video. CPU: user+system seconds of the serving processes (Plateau; nginx master+worker; both in the X-Accel row) per GB sent.`,
    );
    printLoadTable(rows);
    const [upload, wrkDuring] = during.value;
    const mb = UPLOAD_BYTES / 1e6;
    console.log(`\n| memory (RSS, MB) | value | note |`);
    console.log('|---|--:|---|');
    console.log(`| idle, PostgreSQL | ${idlePostgres.toFixed(0)} | 5 s after start |`);
    console.log(
      `| ${UPLOAD_BYTES / 1e9} GB upload in flight, PostgreSQL | ${lone.peakMb.toFixed(0)} | highest 100 ms sample (VmHWM ${loneHwm.toFixed(0)}); ${(mb / lone.value.seconds).toFixed(0)} MB/s, answer ${lone.value.statusCode} (not an MP4: the file is deleted) |`,
    );
    console.log(
      `| ${UPLOAD_BYTES / 1e9} GB upload during the range load, PostgreSQL | ${during.peakMb.toFixed(0)} | VmHWM ${duringHwm.toFixed(0)}; upload ${(mb / upload.seconds).toFixed(0)} MB/s (${(lone.value.seconds > 0 ? upload.seconds / lone.value.seconds : 0).toFixed(1)}x its time alone), ranges ${mbPerSecond(wrkDuring).toFixed(0)} MB/s |`,
    );
    console.log(
      `| idle, PGlite, first start (creates the database) | ${pgliteFirst.toFixed(0)} | |`,
    );
    console.log(`| idle, PGlite | ${pgliteIdle.toFixed(0)} | 5 s after a usual start |`);
    console.log(
      `| idle, PGlite, \`PGLITE_SHARED_BUFFERS=16\` | ${pgliteSmall.toFixed(0)} | 5 s after a usual start |`,
    );
    printUploadTable(uploads, UPLOAD_BYTES);
    printChecks(throughNginx);
    console.log(
      `\nLoad average (1, 5, 15 min) at the end: ${loadAverage()}; ${os.cpus().length} CPUs.`,
    );
  } finally {
    await stopAll();
    rmSync(tmp, { recursive: true, force: true });
  }
};

await main();
