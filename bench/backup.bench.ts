/**
 * `npm run bench:backup`: Plateau's backup of a site with 10 GB of media (2 GB with --quick),
 * first and incremental after one new video, against `tar` and `rsync -a [--link-dest]` of the
 * same folder, with the same pg_dump beside them. Prints a table; asserts no timing.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBackup } from '../apps/server/src/backup/backup.ts';
import { dumpPostgres } from '../apps/server/src/backup/database-dump.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { cpuSeconds } from './media/proc.ts';
import { benchDatabase } from './media/setup.ts';

const quick = process.argv.includes('--quick');
const MEDIA_BYTES = (quick ? 2 : 10) * 1000 ** 3;
/** One video as the encoder leaves it: its raw source and four rungs, about 250 MB. */
const VIDEO_FILES: [string, number][] = [
  ['raw.mp4', 100e6],
  ['1080.mp4', 80e6],
  ['720.mp4', 42e6],
  ['480.mp4', 20e6],
  ['240.mp4', 8e6],
  ['thumbnail', 100e3],
];
const VIDEO_BYTES = VIDEO_FILES.reduce((sum, [, size]) => sum + size, 0);
const database = benchDatabase('plateau_bench_backup');
const block = randomBytes(1024 * 1024);

const writeVideo = (mediaDir: string, id: number) => {
  for (const [name, size] of VIDEO_FILES) {
    const dir = path.join(mediaDir, 'videos', String(id));
    mkdirSync(dir, { recursive: true });
    const fd = openSync(path.join(dir, name), 'w');
    // Every file different: a changed first block, the rest shared random bytes.
    writeSync(fd, randomBytes(4096));
    for (let written = 4096; written < size; written += block.length) {
      writeSync(fd, block, 0, Math.min(block.length, size - written));
    }
    closeSync(fd);
  }
};

/** Bytes under `dir`, a hard-linked file counted once (what the folder costs the disk). */
const du = (dir: string) => Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]);

const timed = async (work: () => unknown) => {
  const cpuBefore = cpuSeconds(process.pid);
  const started = performance.now();
  await work();
  return {
    seconds: (performance.now() - started) / 1000,
    cpu: cpuSeconds(process.pid) - cpuBefore,
  };
};

const sh = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'ignore' });

const main = async () => {
  const tmp = path.join(os.tmpdir(), `plateau-bench-backup-${process.pid}`);
  const dataDir = path.join(tmp, 'data');
  const mediaDir = path.join(dataDir, 'media');
  const out = path.join(tmp, 'out');
  try {
    await database.recreate();
    const handle = openPostgres(database.url, 2);
    await handle.migrate();
    const videos = Math.round(MEDIA_BYTES / VIDEO_BYTES);
    console.error(`Writing ${videos} videos (${((videos * VIDEO_BYTES) / 1e9).toFixed(1)} GB)...`);
    for (let id = 1; id <= videos; id += 1) {
      await handle.query('insert into videos (id, title, processing) values ($1, $2, 3)', [
        id,
        `Vidéo ${id}`,
      ]);
      writeVideo(mediaDir, id);
    }
    await handle.close();
    execFileSync('sync');
    const source = {
      kind: 'postgres' as const,
      dataDir,
      mediaDir,
      plateauVersion: 'bench',
      dumpDatabase: (file: string) => dumpPostgres(database.url, file),
    };
    const plateauDir = path.join(out, 'plateau');
    const rsyncDir = path.join(out, 'rsync');
    mkdirSync(rsyncDir, { recursive: true });
    const rows: [string, { seconds: number; cpu: number }, number][] = [];

    console.error('Plateau, first backup...');
    const first = await timed(() => runBackup(source, plateauDir));
    rows.push(['Plateau backup, first', first, du(plateauDir)]);
    console.error('tar + pg_dump...');
    const tarFile = path.join(out, 'media.tar');
    const tar = await timed(async () => {
      await dumpPostgres(database.url, path.join(out, 'tar-db.pgdump'));
      sh('tar', ['-cf', tarFile, '-C', dataDir, 'media']);
    });
    rows.push(['tar -cf + pg_dump, first', tar, statSync(tarFile).size]);
    rmSync(tarFile);
    console.error('rsync -a + pg_dump...');
    const rsyncFirst = await timed(async () => {
      await dumpPostgres(database.url, path.join(rsyncDir, 'db-0.pgdump'));
      sh('rsync', ['-a', `${mediaDir}/`, path.join(rsyncDir, '0')]);
    });
    rows.push(['rsync -a + pg_dump, first', rsyncFirst, du(path.join(rsyncDir, '0'))]);

    writeVideo(mediaDir, videos + 1);
    execFileSync('sync');
    // Backups are named by the second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    console.error('Plateau, incremental backup after one new video...');
    const incremental = await timed(() => runBackup(source, plateauDir));
    rows.push(['Plateau backup, one new video', incremental, du(plateauDir) - rows[0]![2]]);
    console.error('rsync --link-dest, one new video...');
    const rsyncIncremental = await timed(async () => {
      await dumpPostgres(database.url, path.join(rsyncDir, 'db-1.pgdump'));
      sh('rsync', ['-a', '--link-dest=../0', `${mediaDir}/`, path.join(rsyncDir, '1')]);
    });
    rows.push([
      'rsync -a --link-dest + pg_dump, one new video',
      rsyncIncremental,
      du(rsyncDir) -
        du(path.join(rsyncDir, '0')) -
        statSync(path.join(rsyncDir, 'db-0.pgdump')).size,
    ]);

    const media = (videos + 1) * VIDEO_BYTES;
    console.log(`\n### bench:backup, ${new Date().toISOString()}${quick ? ' (--quick)' : ''}`);
    console.log(
      `\n${videos} videos, ${(media / 1e9).toFixed(1)} GB of media (the files just written: in the page cache, as a nightly backup's recent files are), PostgreSQL, ${os.cpus().length} CPUs. Bytes: what the run adds to the backup disk (hard links count once).\n`,
    );
    console.log('| run | seconds | CPU s (this process) | MB written | MB/s |');
    console.log('|---|--:|--:|--:|--:|');
    for (const [name, { seconds, cpu }, bytes] of rows) {
      const cpuText = name.startsWith('Plateau') ? cpu.toFixed(1) : 'n/a';
      console.log(
        `| ${name} | ${seconds.toFixed(1)} | ${cpuText} | ${(bytes / 1e6).toFixed(0)} | ${(bytes / 1e6 / seconds).toFixed(0)} |`,
      );
    }
    console.log(
      `\nIncremental / first: ${((incremental.seconds / first.seconds) * 100).toFixed(1)} % (target < 10 %); Plateau incremental / rsync --link-dest: ${(incremental.seconds / rsyncIncremental.seconds).toFixed(2)}x (target <= 1.05x).`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
};

await main();
