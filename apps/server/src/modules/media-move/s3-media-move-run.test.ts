import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { videos } from '../../db/schema.ts';
import { runMediaCli, type MediaConnection } from '../../cli/media-command.ts';
import { siteQueues } from '../../job-queues.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { createMediaMoveService, type MediaStorageStatus } from './media-move.service.ts';
import { startMediaMoveWorker, type MediaMoveWorker } from './media-move-worker.ts';
import { MEDIA_MOVE_QUEUE, sendMediaMove } from './media-move-queue.ts';
import { useTestApp } from '../../test/harness.ts';
import { bytesOf, put } from '../../storage/media-storage.contract.ts';
import { recordedBackend } from '../../storage/media-locations.repository.ts';
import { openMediaBackends } from '../../storage/open-media-storage.ts';

const store = inject('objectStore');
const quiet = { info: () => {}, warn: () => {} };
const ctx = useTestApp();
let jobs: JobQueue;
beforeAll(() => {
  jobs = createJobQueue(ctx.database, ctx.config, { supervise: true, queues: siteQueues });
});
afterAll(() => jobs?.stop());

const sha = (bytes: Buffer | null) => bytes && createHash('sha256').update(bytes).digest('hex');

const waitFor = async (done: (status: MediaStorageStatus) => boolean) => {
  const service = createMediaMoveService({ ...ctx, jobs });
  for (let i = 0; i < 120; i += 1) {
    const status = await service.status();
    if (done(status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the move did not end in time');
};

/** `npm run media -- <args>` on the test site: its exit code and what it printed. */
const media = async (...args: string[]) => {
  const lines: string[] = [];
  const moves = createMediaMoveService({ ...ctx, jobs });
  const connection: MediaConnection = {
    status: async () => ({ upgraded: 0, left: 0, running: false, waiting: false, lastError: null }),
    start: async () => false,
    storage: moves.status,
    move: moves.start,
    close: async () => {},
  };
  const code = await runMediaCli(args, async () => connection, {
    out: (text) => lines.push(text),
    err: (text) => lines.push(text),
  });
  return { code, text: lines.join('\n') };
};

describe.skipIf(!store)('npm run media -- move, run by a worker', () => {
  it('moves every folder to the bucket and back, resuming a run stopped half-way', async () => {
    const { local, bucket } = await openMediaBackends(ctx.config);
    const stores = { local, s3: bucket! };
    const files: Record<string, Buffer> = {};
    for (const key of [
      'videos/301/720.mp4',
      'videos/301/thumbnail',
      'videos/302/480.mp4',
      'videos/302/captions/fr.vtt',
      'directs/31/poster',
    ]) {
      files[key] = randomBytes(50_000);
      await put(local, key, files[key]);
    }
    expect((await media('status')).text).toContain('  dossiers sur le disque local : 3');

    // The first worker is stopped after three files: a shutdown in the middle of a folder.
    let copied = 0;
    let stopping: Promise<void> | undefined;
    const options = { database: ctx.database, jobs, stores, speedMBps: 0, log: quiet };
    const first: MediaMoveWorker = await startMediaMoveWorker({
      ...options,
      graceMs: 100,
      afterFileCopied: async () => {
        copied += 1;
        if (copied !== 3) return;
        stopping = first.stop();
        await new Promise((resolve) => setTimeout(resolve, 300));
      },
    });
    const asked = await media('move', '--to', 's3');
    expect(asked).toEqual({
      code: 0,
      text: expect.stringContaining(
        'Déplacement demandé : 3 dossier(s) à déplacer dans le bucket S3',
      ),
    });
    for (let i = 0; i < 100 && !stopping; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await stopping;
    const half = await waitFor((status) => !status.running);
    expect(half.foldersOnDisk).toBeGreaterThan(0);
    // Whatever was moved or not, the site reads every file whole.
    for (const [key, bytes] of Object.entries(files)) {
      expect(sha(await bytesOf(await ctx.storage.read(key))), key).toBe(sha(bytes));
    }

    const second = await startMediaMoveWorker({ ...options, graceMs: 100 });
    try {
      expect((await media('move', '--to=s3')).code).toBe(0);
      const done = await waitFor(
        (status) => status.foldersOnDisk === 0 && !status.running && !status.waiting,
      );
      expect(done).toMatchObject({ foldersInBucket: 3, lastError: null, newMedia: 's3' });
      for (const [key, bytes] of Object.entries(files)) {
        expect(sha(await bytesOf(await bucket!.read(key))), key).toBe(sha(bytes));
        expect(await local.stat(key)).toBeNull();
      }
      expect(await recordedBackend(ctx.database.db, 'directs/31')).toBe('s3');
      expect((await media('move', '--to', 's3')).text).toBe(
        'Rien à déplacer : tous les dossiers de médias sont déjà dans le bucket S3.',
      );

      expect((await media('move', '--to', 'local')).code).toBe(0);
      await waitFor((status) => status.foldersInBucket === 0 && !status.running && !status.waiting);
      for (const [key, bytes] of Object.entries(files)) {
        expect(sha(await bytesOf(await local.read(key))), key).toBe(sha(bytes));
        expect(await bucket!.stat(key)).toBeNull();
      }
      expect(await recordedBackend(ctx.database.db, 'videos/301')).toBe('local');
    } finally {
      await second.stop();
    }
  });

  it('leaves a video being encoded for a later run, which moves it once published', async () => {
    const { local, bucket } = await openMediaBackends(ctx.config);
    const [encoding] = await ctx.database.db
      .insert(videos)
      .values({ title: 'En cours', processing: 2 })
      .returning({ id: videos.id });
    const id = encoding!.id;
    await put(local, `videos/${id}/raw.mp4`, Buffer.from('brut'));
    const worker = await startMediaMoveWorker({
      database: ctx.database,
      jobs,
      stores: { local, s3: bucket! },
      speedMBps: 0,
      log: quiet,
      graceMs: 100,
      retrySeconds: 1,
    });
    try {
      expect((await media('move', '--to', 's3')).code).toBe(0);
      const skipped = await waitFor((status) => status.foldersOnDisk === 1 && !status.running);
      expect(skipped.foldersInBucket).toBeGreaterThan(0);
      expect(await recordedBackend(ctx.database.db, `videos/${id}`)).toBeUndefined();
      // Published: the run asked a moment later moves it.
      await ctx.database.db.update(videos).set({ processing: 3 }).where(eq(videos.id, id));
      await waitFor((status) => status.foldersOnDisk === 0 && !status.running && !status.waiting);
      expect(await bytesOf(await bucket!.read(`videos/${id}/raw.mp4`))).toEqual(
        Buffer.from('brut'),
      );
    } finally {
      await worker.stop();
    }
  });

  it('removes the source of a folder switched just before its run was cut, both ways', async () => {
    const { local, bucket } = await openMediaBackends(ctx.config);
    const stores = { local, s3: bucket! };
    const folder = 'videos/501';
    const files: Record<string, Buffer> = {
      [`${folder}/240.mp4`]: randomBytes(60_000),
      [`${folder}/thumbnail`]: randomBytes(5_000),
    };
    for (const [key, bytes] of Object.entries(files)) await put(local, key, bytes);
    const options = { database: ctx.database, jobs, stores, speedMBps: 0, log: quiet };
    const plays = async () => {
      for (const [key, bytes] of Object.entries(files)) {
        expect(sha(await bytesOf(await ctx.storage.read(key))), key).toBe(sha(bytes));
      }
    };

    for (const [to, from] of [
      ['s3', 'local'],
      ['local', 's3'],
    ] as const) {
      // Cut in the grace: the folder is switched, its source not yet removed (a kill leaves the
      // same: the run stays to be taken up, the source's files are still there).
      const cut = await startMediaMoveWorker({ ...options, graceMs: 60_000 });
      try {
        expect((await media('move', '--to', to)).code).toBe(0);
        for (let i = 0; i < 100 && (await recordedBackend(ctx.database.db, folder)) !== to; i += 1)
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await recordedBackend(ctx.database.db, folder)).toBe(to);
      } finally {
        await cut.stop();
      }
      expect((await stores[from].listFolder(folder)).length, `${from} leftovers`).toBe(2);
      await plays();

      // The next run removes them, after the grace; the folder still reads whole.
      const next = await startMediaMoveWorker({ ...options, graceMs: 100 });
      try {
        await waitFor((status) => !status.running && !status.waiting);
        for (let i = 0; i < 50 && (await stores[from].listFolder(folder)).length > 0; i += 1)
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await stores[from].listFolder(folder), `${from} after the next run`).toEqual([]);
        expect(await recordedBackend(ctx.database.db, folder)).toBe(to);
        for (const [key, bytes] of Object.entries(files)) {
          expect(sha(await bytesOf(await stores[to].read(key))), key).toBe(sha(bytes));
        }
        await plays();
      } finally {
        await next.stop();
      }
    }
  });

  it('takes up a run whose worker was killed, at the next start', async () => {
    const { local, bucket } = await openMediaBackends(ctx.config);
    await put(local, 'directs/41/poster', Buffer.from('affiche'));
    // A worker took the run and died with it: the job stays active, nobody holds the lock.
    const boss = await jobs.boss();
    await sendMediaMove(boss, 's3');
    const [taken] = await boss.fetch(MEDIA_MOVE_QUEUE);
    expect(taken).toBeDefined();
    const worker = await startMediaMoveWorker({
      database: ctx.database,
      jobs,
      stores: { local, s3: bucket! },
      speedMBps: 0,
      log: quiet,
      graceMs: 100,
    });
    try {
      await waitFor((status) => status.foldersOnDisk === 0 && !status.running && !status.waiting);
      expect(await bytesOf(await bucket!.read('directs/41/poster'))).toEqual(
        Buffer.from('affiche'),
      );
      // The dead worker's run ends as interrupted, not active for hours.
      const dead = await boss.getJobById(MEDIA_MOVE_QUEUE, taken!.id);
      expect(dead?.state).toBe('completed');
    } finally {
      await worker.stop();
    }
  });
});
