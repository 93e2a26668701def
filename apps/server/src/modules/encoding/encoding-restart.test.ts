import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mediaKeys } from '../../storage/media-storage.ts';
import { clipsDir } from '../../test/clips.ts';
import { testDatabaseKind, useTestApp } from '../../test/harness.ts';
import { seedVideo, waitForVideo } from './encoding.test-helpers.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ctx = useTestApp();
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/** `npm run worker` as a real process, in its own process group so a kill takes ffmpeg too. */
const startWorker = (env: Record<string, string>) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker-main.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: ctx.dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCODE_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, exited, output: () => output };
};

/** A clip long enough to be caught mid-encode (480p, 12 s), cached beside the others. */
const longClip = async () => {
  const file = path.join(clipsDir, 'encode-restart-480p-12s.mp4');
  if (existsSync(file)) return file;
  await mkdir(clipsDir, { recursive: true });
  const partial = `${file}.${process.pid}.partial.mp4`;
  await promisify(execFile)(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=854x480:rate=30:duration=12'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=12'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '30', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-movflags', '+faststart', partial],
  ]);
  await rename(partial, file);
  return file;
};

const jobRow = async (id: number) =>
  (
    await ctx.database.query<{ state: string; retry_count: number; age: number }>(
      `select state, retry_count, extract(epoch from now() - started_on)::float as age
       from pgboss.job where name = 'encode-video' and singleton_key = $1`,
      [String(id)],
    )
  ).rows;

describe('npm run worker', () => {
  it('refuses to run on the embedded database, saying why', async () => {
    const worker = startWorker({ DATABASE_URL: '' });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain('npm run worker needs DATABASE_URL');
  });

  it.skipIf(testDatabaseKind !== 'postgres')(
    'finishes an encode whose worker was killed mid-way (PostgreSQL only: two processes cannot share an embedded database)',
    async () => {
      const url = (ctx.database.db as unknown as { $client: pg.Pool }).$client.options
        .connectionString!;
      const geek = await ctx.createUser('geek');
      const id = await seedVideo(ctx.database, ctx.storage, await longClip());

      const first = startWorker({ DATABASE_URL: url });
      const queued = await ctx.app.inject({
        method: 'POST',
        url: `/api/encode/${id}`,
        headers: geek.auth,
      });
      expect(queued.statusCode).toBe(200);
      await waitForVideo(
        ctx.database,
        id,
        (v) => v.processing === 2 && (v.encodingProgress ?? 0) > 0,
      );
      process.kill(-first.child.pid!, 'SIGKILL');
      await first.exited;
      expect((await jobRow(id))[0]?.state).toBe('active');

      // A job fetched less than 10 s ago may be a live worker's that has not locked it yet.
      const deadline = Date.now() + 30_000;
      while (((await jobRow(id))[0]?.age ?? 0) < 10.5 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const second = startWorker({ DATABASE_URL: url });
      const done = await waitForVideo(ctx.database, id, (v) => v.processing !== 2, 150_000);
      expect(done, second.output()).toMatchObject({
        processing: 3,
        rungs: [480, 240],
        encodingError: null,
      });
      expect(await ctx.storage.stat(mediaKeys.rung(id, 480))).not.toBeNull();
      expect(await ctx.storage.stat(mediaKeys.rung(id, 240))).not.toBeNull();
      // pg-boss completes the job just after the handler has made the video ready.
      await vi.waitFor(
        async () =>
          expect(await jobRow(id)).toMatchObject([{ state: 'completed', retry_count: 1 }]),
        { timeout: 15_000, interval: 100 },
      );
      const temps = await readdir(path.dirname(await ctx.storage.tempPath()));
      expect(temps.filter((name) => name.includes(`.encode-${id}-`))).toEqual([]);

      process.kill(-second.child.pid!, 'SIGTERM');
      expect(await second.exited).toBe(0);
    },
    240_000,
  );
});
