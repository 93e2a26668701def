/**
 * `npm run bench:move`: the move job's throughput (issue 25, item 4) against `aws s3 cp`-style
 * copies with the SDK alone, both ways, against OpenStack Swift on loopback
 * (scripts/object-store.mjs). The move copies, reads each file back to compare its SHA-256 and
 * switches the folder; the SDK copies only (8 MiB parts, 10 in flight, as `aws s3 cp`).
 * MEDIA_MOVE_SPEED's pacing is off here (0). Prints a table; asserts no timing (bench/README.md).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { openPglite } from '../apps/server/src/db/client.ts';
import { moveFolder } from '../apps/server/src/modules/media-move/folder-move.ts';
import { createLocalStorage } from '../apps/server/src/storage/media-storage.ts';
import { createS3MediaStorage } from '../apps/server/src/storage/s3-media-storage.ts';
import { benchObjectStore } from './s3/helpers.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const quick = process.argv.includes('--quick');
const MB = 1000 * 1000;
/** Videos as the encoder leaves them: renditions, an index, a thumbnail. */
const VIDEOS = quick ? 2 : 4;
const VIDEO_FILES: [string, number][] = [
  ['1080.mp4', 60 * MB],
  ['720.mp4', 30 * MB],
  ['480.mp4', 15 * MB],
  ['720.index.json', 20_000],
  ['thumbnail', 80_000],
];
const BYTES = VIDEOS * VIDEO_FILES.reduce((sum, [, size]) => sum + size, 0);

const { s3, client } = await benchObjectStore('move');

const tmp = await mkdtemp(path.join(os.tmpdir(), 'plateau-bench-move-'));
const database = await openPglite(path.join(tmp, 'db'));
await database.migrate();
const local = createLocalStorage(path.join(tmp, 'media'));
const bucket = createS3MediaStorage({
  client,
  bucket: s3.bucket,
  prefix: s3.prefix,
  scratchDir: path.join(tmp, 'scratch'),
});
const ctx = { db: database.db, stores: { local, s3: bucket }, graceMs: 0 };
const folders = Array.from({ length: VIDEOS }, (_, i) => `videos/${i + 1}`);

const block = randomBytes(MB);
for (const folder of folders) {
  await mkdir(local.localFiles.localPath(folder), { recursive: true });
  for (const [name, size] of VIDEO_FILES) {
    const chunks = Array.from({ length: Math.ceil(size / MB) }, () => block);
    await writeFile(
      local.localFiles.localPath(`${folder}/${name}`),
      Buffer.concat([randomBytes(16), ...chunks]).subarray(0, size),
    );
  }
}

const timed = async (run: () => Promise<unknown>) => {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e9;
};

/** `aws s3 cp --recursive`-style: every file of the folders, 8 MiB parts, 10 in flight. */
const sdkUpload = async (prefix: string) => {
  for (const folder of folders) {
    for (const name of await readdir(local.localFiles.localPath(folder))) {
      const file = local.localFiles.localPath(`${folder}/${name}`);
      await new Upload({
        client,
        params: {
          Bucket: s3.bucket,
          Key: `${prefix}${folder}/${name}`,
          Body: createReadStream(file),
          ContentLength: (await stat(file)).size,
          ContentType: 'application/octet-stream',
        },
        partSize: 8 * 1024 * 1024,
        queueSize: 10,
      }).done();
    }
  }
};
const sdkDownload = async (prefix: string, into: string) => {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  for (const object of listed.Contents ?? []) {
    const file = path.join(into, object.Key!.slice(prefix.length));
    await mkdir(path.dirname(file), { recursive: true });
    const got = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: object.Key }));
    await pipeline(got.Body as Readable, createWriteStream(file));
  }
};

const rows: [string, number][] = [];
rows.push(['SDK alone, disk → bucket', await timed(() => sdkUpload(`${s3.prefix}sdk/`))]);
rows.push([
  'SDK alone, bucket → disk',
  await timed(() => sdkDownload(`${s3.prefix}sdk/`, path.join(tmp, 'sdk-down'))),
]);
rows.push([
  'move, disk → bucket (verified)',
  await timed(async () => {
    for (const folder of folders) await moveFolder(ctx, folder, 's3');
  }),
]);
rows.push([
  'move, bucket → disk (verified)',
  await timed(async () => {
    for (const folder of folders) await moveFolder(ctx, folder, 'local');
  }),
]);

console.log(
  `\nMedia move, ${VIDEOS} videos, ${(BYTES / MB).toFixed(0)} MB, Swift on loopback, ${os.cpus().length} cores\n`,
);
console.log('| copy | seconds | MB/s |');
console.log('| --- | ---: | ---: |');
for (const [label, seconds] of rows) {
  console.log(`| ${label} | ${seconds.toFixed(1)} | ${(BYTES / MB / seconds).toFixed(0)} |`);
}

await bucket.removePrefix('videos');
await bucket.removePrefix('sdk');
client.destroy();
await database.close();
await rm(tmp, { recursive: true, force: true });
