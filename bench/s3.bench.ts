/**
 * `npm run bench:s3`: media on object storage (issue 25), against OpenStack Swift on loopback
 * (scripts/object-store.mjs), each figure beside its reference in the same run:
 * - range streaming through Plateau (`S3_DELIVERY=proxy`) against presigned GETs straight from
 *   the store (wrk, random 1 MiB ranges of a 200 MB rendition);
 * - `redirect`'s added latency: a small range through the 302 and the presigned URL, against the
 *   presigned URL alone and against `proxy`, one request at a time;
 * - an encode from the bucket against the same encode from the local disk (same clip, same
 *   server, MEDIA_STORAGE=s3 then local), upload to published.
 * Prints tables; asserts no timing (bench/README.md).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import pg from 'pg';
import { objectKey } from '../apps/server/src/storage/s3-client.ts';
import { cpuSeconds, loadAverage } from './media/proc.ts';
import { startPlateau } from './media/plateau.ts';
import { api, benchDatabase, buildServerOnly, nginxReadableDir, signIn } from './media/setup.ts';
import { runWrk } from './media/wrk.ts';
import { makeBenchClip } from './encode/clips.ts';
import { freePort } from './web/server.ts';
import {
  benchObjectStore,
  putRandomObject,
  sequentialLatency,
  storeCpu,
  waitPublished,
} from './s3/helpers.ts';

// The SDK warns once per process that its 2027 releases need Node 22 (DESIGN.md pins 3.11xx).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = 8;
const CONNECTIONS = 20;
const FILE_BYTES = 200 * 1000 * 1000;
const CLIP_SECONDS = 20;
const ADMIN = { username: 'bench-geek', password: randomBytes(12).toString('base64url') };

const { s3, client, env: s3Env } = await benchObjectStore('bench');

buildServerOnly();
const tmp = nginxReadableDir('plateau-bench-s3-');
const database = benchDatabase('plateau_bench_s3');
await database.recreate();
const common = {
  DATABASE_URL: database.url,
  JWT_SECRET: randomBytes(32).toString('hex'),
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'warn',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};
const ports = { proxy: await freePort(), redirect: await freePort() };
const proxy = await startPlateau({
  ...common,
  ...s3Env,
  DATA_DIR: path.join(tmp, 'proxy'),
  PORT: String(ports.proxy),
});
const redirect = await startPlateau({
  ...common,
  ...s3Env,
  S3_DELIVERY: 'redirect',
  ENCODE_IN_PROCESS: 'false',
  DATA_DIR: path.join(tmp, 'redirect'),
  PORT: String(ports.redirect),
});
const rows: string[] = [];
const latencyRows: string[] = [];
const encodeRows: string[] = [];
try {
  const geek = await signIn(proxy.origin, ADMIN);
  const post = (origin: string, url: string, body: unknown) =>
    api(origin, url, { method: 'POST', token: geek, body: JSON.stringify(body) });
  const video = await post(proxy.origin, '/api/videos', { title: 'Bucket', privacy: 0 });
  await putRandomObject(client, s3, `videos/${video.id}/720.mp4`, FILE_BYTES);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  await db.query(`update videos set processing = 3, rungs = '{720}' where id = $1`, [video.id]);
  await db.query(`insert into media_locations (folder, backend) values ($1, 's3')`, [
    `videos/${video.id}`,
  ]);
  await db.end();
  const presigned = await getSignedUrl(
    client,
    new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey(s3, `videos/${video.id}/720.mp4`) }),
    { expiresIn: 3600 },
  );
  const route = (origin: string) => `${origin}/api/media/video/${video.id}/720`;

  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, url] of [
      ['presigned GET, straight from the store', presigned],
      ['Plateau, S3_DELIVERY=proxy', route(proxy.origin)],
    ] as const) {
      await runWrk(url, FILE_BYTES, { connections: CONNECTIONS, seconds: 2 });
      const before = { plateau: cpuSeconds(proxy.pid), store: storeCpu() };
      const r = await runWrk(url, FILE_BYTES, { connections: CONNECTIONS, seconds: SECONDS });
      const perGb = (used: number) => (used / (r.bytes / 1e9)).toFixed(2);
      const plateauCpu = perGb(cpuSeconds(proxy.pid) - before.plateau);
      const swiftCpu = perGb(storeCpu() - before.store);
      const errors = r.connect + r.read + r.write + r.status + r.timeout;
      const seconds = r.durationUs / 1e6;
      const row = `| ${round} | ${name} | ${(r.bytes / 1e6 / seconds).toFixed(0)} | ${(r.p50Us / 1000).toFixed(1)} | ${(r.p99Us / 1000).toFixed(1)} | ${plateauCpu} | ${swiftCpu} | ${errors} | ${loadAverage()} |`;
      console.error(row);
      rows.push(row);
    }
    const latency = await sequentialLatency(
      {
        'presigned URL alone': { url: presigned },
        'S3_DELIVERY=proxy': { url: route(proxy.origin) },
        'S3_DELIVERY=redirect (302, then the store)': { url: route(redirect.origin) },
      },
      200,
    );
    for (const [name, { p50, p90 }] of Object.entries(latency)) {
      const row = `| ${round} | ${name} | ${p50.toFixed(2)} | ${p90.toFixed(2)} |`;
      console.error(row);
      latencyRows.push(row);
    }
  }

  // One encode from each backend: the same clip, the same server.
  const ffmpeg = 'ffmpeg';
  const clip = path.join(os.tmpdir(), `plateau-bench-s3-clip-${process.pid}.mp4`);
  makeBenchClip(ffmpeg, 'camera', CLIP_SECONDS, clip);
  await redirect.stop();
  await proxy.stop();
  for (const backend of ['local', 's3', 'local', 's3'] as const) {
    const server = await startPlateau({
      ...common,
      ...(backend === 's3' ? s3Env : {}),
      DATA_DIR: path.join(tmp, `encode-${backend}`),
      PORT: String(ports.proxy),
    });
    try {
      const created = await post(server.origin, '/api/videos', { title: `Encode ${backend}` });
      const form = new FormData();
      form.append('video_upload', new Blob([readFileSync(clip)]), 'clip.mp4');
      await api(server.origin, `/api/media/video/${created.id}`, {
        method: 'POST',
        token: geek,
        body: form,
      });
      const started = performance.now();
      await post(server.origin, `/api/encode/${created.id}`, {});
      await waitPublished(server.origin, geek, created.id);
      const seconds = (performance.now() - started) / 1000;
      const row = `| ${backend} | ${seconds.toFixed(1)} | ${loadAverage()} |`;
      console.error(row);
      encodeRows.push(row);
    } finally {
      await server.stop();
    }
  }
  rmSync(clip, { force: true });
} finally {
  await proxy.stop();
  await redirect.stop();
  client.destroy();
  rmSync(tmp, { recursive: true, force: true });
}

console.log(
  `\nRange streaming, random 1 MiB ranges of ${FILE_BYTES / 1e6} MB, ${CONNECTIONS} connections, ${SECONDS} s per row (Swift on loopback)\n`,
);
console.log(
  '| round | path | MB/s | p50 ms | p99 ms | Plateau CPU s/GB | Swift CPU s/GB | errors | load |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
console.log('\nOne 64 KiB range at a time, 200 requests per row\n');
console.log('| round | path | p50 ms | p90 ms |');
console.log('| --- | --- | --- | --- |');
for (const row of latencyRows) console.log(row);
console.log(`\nEncode of a ${CLIP_SECONDS} s 1080p camera clip, POST /api/encode to published\n`);
console.log('| media on | seconds | load |');
console.log('| --- | --- | --- |');
for (const row of encodeRows) console.log(row);
