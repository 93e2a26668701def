import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Processing } from '@plateau/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lives, videos } from '../../db/schema.ts';
import { siteQueues } from '../../job-queues.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { sendRediffJob } from '../../jobs/rediff-queue.ts';
import { locateMediaBinaries, type MediaBinaries } from '../../media-tools/binaries.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { rawKeyOf } from '../../test/stored-media.ts';
import { testMediaKind } from '../../test/test-media.ts';
import { createLiveFiles, liveKeys } from './live-files.ts';
import { broadcastingDirect, durationOf, liveStatus, waitFor } from './live.test-support.ts';
import { startRediffWorker } from './rediff-worker.ts';

const run = promisify(execFile);

/**
 * The REDIFF is a job: a join cut by a shutdown leaves the live `ending` and no ffmpeg behind,
 * and the next worker does it from the same parts; meanwhile the geek sees how far it is.
 */
const ctx = useTestApp();
let binaries: MediaBinaries;
let jobs: JobQueue;
let geek: TestUser;
const quiet = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  binaries = (await locateMediaBinaries({}))!;
  jobs = createJobQueue(ctx.database, ctx.config, { supervise: false, queues: siteQueues });
  geek = await ctx.createUser('geek');
});
afterAll(async () => {
  await jobs?.stop();
});

/** An ffmpeg that starts, says its pid, and never ends (a join far longer than the test). */
const hangingFfmpeg = async (pidFile: string) => {
  const file = path.join(ctx.dataDir, 'hanging-ffmpeg.sh');
  await writeFile(file, `#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 600\n`);
  await chmod(file, 0o755);
  return file;
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(testMediaKind === 's3')('the REDIFF job', () => {
  it('survives a shutdown mid-join: no ffmpeg left, the next worker finishes it', async () => {
    const direct = await broadcastingDirect(ctx, geek, 'Gala job');
    const [live] = await ctx.database.db
      .insert(lives)
      .values({ directId: direct.id, state: 'ending', parts: 1, endedAt: new Date() })
      .returning();
    const files = createLiveFiles({ mediaDir: ctx.config.mediaDir, copies: null });
    const part = files.path(liveKeys.part(direct.id, live!.id, 1));
    await mkdir(path.dirname(part), { recursive: true });
    const clip = await makeClip(clipsDir, '360p');
    await run(binaries.ffmpeg, ['-v', 'error', '-i', clip, '-c', 'copy', '-f', 'mpegts', part]);
    const boss = await jobs.boss();
    const deps = {
      db: ctx.database.db,
      storage: ctx.storage,
      files,
      ffmpeg: binaries.ffmpeg,
      ffprobe: binaries.ffprobe,
      config: ctx.config,
      jobs,
    };

    const pidFile = path.join(ctx.dataDir, 'join.pid');
    const cut = await startRediffWorker(
      boss,
      { ...deps, ffmpeg: await hangingFfmpeg(pidFile) },
      quiet,
    );
    await sendRediffJob(boss, ctx.database.db, live!.id, ctx.config);
    await waitFor('the join to start', () => Promise.resolve(existsSync(pidFile)), Boolean);
    const status = await liveStatus(ctx, direct.id, geek);
    expect(status).toMatchObject({ state: 'ended', rediffVideoId: null, rediffProgress: 0 });

    await cut.stop();
    const pid = Number((await readFile(pidFile, 'utf8')).trim());
    expect(isAlive(pid)).toBe(false);
    const [stopped] = await ctx.database.db.select().from(lives).where(eq(lives.id, live!.id));
    expect(stopped!.state).toBe('ending');
    expect(existsSync(part)).toBe(true);

    const next = await startRediffWorker(boss, deps, quiet);
    try {
      const ended = await waitFor(
        'the REDIFF',
        () => liveStatus(ctx, direct.id, geek),
        (s) => s.rediffVideoId !== null,
        60_000,
      );
      expect(ended.rediffProgress).toBeNull();
      const [video] = await ctx.database.db
        .select()
        .from(videos)
        .where(eq(videos.id, ended.rediffVideoId!));
      expect(video).toMatchObject({ title: 'Gala job', processing: Processing.Uploaded });
      const raw = ctx.storage.localFiles!.localPath(await rawKeyOf(ctx.database.db, video!.id));
      expect(await durationOf(raw)).toBeCloseTo(2, 0);
      // The REDIFF holds the recording: the live's folder is gone.
      expect(existsSync(path.dirname(part))).toBe(false);
    } finally {
      await next.stop();
    }
  });
});
