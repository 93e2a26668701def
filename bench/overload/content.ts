import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { locateMediaBinaries } from '../../apps/server/src/media-tools/binaries.ts';
import { signToken } from '../../apps/server/src/modules/auth/token.ts';
import { mediaKeys } from '../../apps/server/src/storage/media-storage.ts';
import type { Role } from '@plateau/contract';
import { adminUrl, benchViewerId, pgliteExpected, seedVersion } from '../bench-env.ts';
import { ensureSeededPglite, seedData } from '../seed.ts';

/**
 * The crowd's content, the same on both databases: the bench catalogue at the embedded size
 * (`pgliteExpected`: 10,000 videos, 100,000 history rows; bench/seed.ts), two of its published
 * videos given a real H.264 rendition, and a token for the viewer with the heaviest history.
 */

const log = (message: string) => console.error(`[overload] ${message}`);

/** The seeded PGlite data dir of `npm run bench:api`, reused (it is copied for each run). */
const pgliteSeedDir = path.join(os.tmpdir(), 'plateau-bench-pglite');
const postgresSeedName = 'plateau_bench_overload_seed';
const postgresRunName = 'plateau_bench_overload';
const wantedComment = `${seedVersion} ${JSON.stringify(pgliteExpected)}`;

const databaseUrl = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The two videos whose ranges the crowd asks: published, public, the first ids. */
const pickVideos = async (database: Pick<DatabaseHandle, 'query'>) => {
  const { rows } = await database.query<{ id: number }>(
    `select id from videos where privacy = 0 and processing = 3 and 720 = any(rungs)
      order by id limit 2`,
  );
  if (rows.length < 2) throw new Error('the seeded catalogue has no two published videos');
  return rows.map((row) => row.id);
};

const viewerSubject = async (database: Pick<DatabaseHandle, 'query'>) => {
  const { rows } = await database.query<{
    username: string;
    role: Role;
    gda_access: boolean;
    token_version: number;
  }>(`select username, role, gda_access, token_version from users where id = $1`, [benchViewerId]);
  const row = rows[0];
  if (!row) throw new Error(`user ${benchViewerId} is missing from the seeded catalogue`);
  return {
    userId: benchViewerId,
    role: row.role,
    username: row.username,
    gdaAccess: row.gda_access,
    tokenVersion: row.token_version,
  };
};

export interface PreparedSite {
  /** Plateau's environment for this database (DATA_DIR, DATABASE_URL). */
  env: Record<string, string>;
  videoIds: number[];
  token: string;
}

/**
 * A data dir under `runDir` with the seeded embedded database copied in (the first run seeds it,
 * about 30 s, as `npm run bench:api` does) and the clip as both videos' 720p rendition.
 */
export const preparePglite = async (
  runDir: string,
  clip: string,
  jwtSecret: string,
): Promise<PreparedSite> => {
  const seeded = await ensureSeededPglite(pgliteSeedDir);
  let videoIds: number[];
  let subject;
  try {
    videoIds = await pickVideos(seeded);
    subject = await viewerSubject(seeded);
  } finally {
    await seeded.close();
  }
  const dataDir = path.join(runDir, 'pglite-data');
  cpSync(pgliteSeedDir, dataDir, {
    recursive: true,
    filter: (source) => !['pglite.pid', 'bench-seed.txt'].includes(path.basename(source)),
  });
  placeClip(path.join(dataDir, 'media'), videoIds, clip);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    videoIds,
    token: await tokenFor(jwtSecret, subject),
  };
};

/**
 * PostgreSQL database `plateau_bench_overload`, a fresh copy (CREATE DATABASE ... TEMPLATE) of
 * `plateau_bench_overload_seed`, which is seeded once at the embedded size.
 */
export const preparePostgres = async (
  runDir: string,
  clip: string,
  jwtSecret: string,
): Promise<PreparedSite> => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [postgresSeedName],
    );
    if (found.rows[0]?.comment !== wantedComment) {
      log(`seeding ${postgresSeedName} (${JSON.stringify(pgliteExpected)})...`);
      await admin.query(`drop database if exists ${postgresSeedName} with (force)`);
      await admin.query(`create database ${postgresSeedName}`);
      const handle = openPostgres(databaseUrl(postgresSeedName), 1);
      await handle.migrate();
      await handle.close();
      const client = new pg.Client({ connectionString: databaseUrl(postgresSeedName) });
      await client.connect();
      try {
        await seedData(client, pgliteExpected);
      } finally {
        await client.end();
      }
      await admin.query(`comment on database ${postgresSeedName} is '${wantedComment}'`);
    }
    await admin.query(`drop database if exists ${postgresRunName} with (force)`);
    await admin.query(`create database ${postgresRunName} template ${postgresSeedName}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(postgresRunName);
  const handle = openPostgres(url, 1);
  let videoIds: number[];
  let subject;
  try {
    // Migrations added since the seed apply to the copy (Plateau would do it at its start).
    await handle.migrate();
    videoIds = await pickVideos(handle);
    subject = await viewerSubject(handle);
  } finally {
    await handle.close();
  }
  const dataDir = path.join(runDir, 'postgres-data');
  placeClip(path.join(dataDir, 'media'), videoIds, clip);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    videoIds,
    token: await tokenFor(jwtSecret, subject),
  };
};

const tokenFor = (jwtSecret: string, subject: Awaited<ReturnType<typeof viewerSubject>>) =>
  signToken({ secret: new TextEncoder().encode(jwtSecret), lifetimeSeconds: 4 * 3600 }, subject);

/** The clip as each video's 720p rendition (the seeded rows list 720 among their rungs). */
const placeClip = (mediaDir: string, videoIds: number[], clip: string) => {
  for (const id of videoIds) {
    const file = path.join(mediaDir, mediaKeys.rung(id, 720, 0));
    mkdirSync(path.dirname(file), { recursive: true });
    copyFileSync(clip, file);
  }
};

/**
 * A real encode, kept between runs: 60 s of a busy 1280x720 picture (x264 veryfast, CRF 18,
 * 2 s GOPs, AAC stereo, fast start), a file of some tens of MB whose random 1 MiB ranges the
 * crowd asks for.
 */
export const ensureClip = async (): Promise<{ file: string; bytes: number }> => {
  const file = path.join(os.tmpdir(), 'plateau-bench-overload-clip-v1.mp4');
  if (!existsSync(file)) {
    const binaries = await locateMediaBinaries({});
    if (!binaries) throw new Error('no ffmpeg found to encode the clip');
    log('encoding the 60 s clip (once, kept in the temporary folder)...');
    const partial = `${file}.partial.mp4`;
    execFileSync(binaries.ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc2=size=1280x720:rate=30:duration=60'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=60'],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '18',
        '-g',
        '60',
        '-pix_fmt',
        'yuv420p',
      ],
      ...['-c:a', 'aac', '-ac', '2', '-shortest', '-movflags', '+faststart', partial],
    ]);
    renameSync(partial, file);
  }
  return { file, bytes: statSync(file).size };
};
