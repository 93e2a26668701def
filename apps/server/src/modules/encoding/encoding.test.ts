import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { siteQueues } from '../../job-queues.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { abandonEncodeJob, encodeJobsOf } from '../../jobs/encode-jobs.test-helpers.ts';
import { ENCODE_QUEUE } from '../../jobs/encode-queue.ts';
import { locateMediaBinaries, type MediaBinaries } from '../../media-tools/binaries.ts';
import { probeVideo } from '../../media-tools/probe.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { useTestApp } from '../../test/harness.ts';
import { startEncodeWorker, type EncodeWorker } from './encode-worker.ts';
import { seedVideo, topLevelBoxes, videoState, waitForVideo } from './encoding.test-helpers.ts';

const ctx = useTestApp();
const silent = { info: () => {}, warn: () => {}, error: () => {} };
let binaries: MediaBinaries;
let jobs: JobQueue;
let worker: EncodeWorker | undefined;

beforeAll(async () => {
  binaries = (await locateMediaBinaries({}))!;
  jobs = createJobQueue(ctx.database, ctx.config, { supervise: true, queues: siteQueues });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await jobs?.stop();
});

/** The file's encode worker, started on first need: until then, queued encodes wait. */
const startWorker = async (): Promise<EncodeWorker> =>
  (worker ??= await startEncodeWorker({
    database: ctx.database,
    storage: ctx.storage,
    config: ctx.config,
    binaries,
    jobs,
    log: silent,
  }));

const encode = (id: number | string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/encode/${id}`, headers });

const jobsOf = (id: number) => encodeJobsOf(ctx.database.db, id);

/** pg-boss completes a job just after its handler returns, so the video may be ready first. */
const expectJobCompleted = (id: number) =>
  vi.waitFor(async () => expect(await jobsOf(id)).toMatchObject([{ state: 'completed' }]), {
    timeout: 15_000,
    interval: 100,
  });

const rungFile = (id: number, rung: number) =>
  ctx.storage.localFiles!.localPath(mediaKeys.rung(id, rung, 0));

/** ffprobe of every rendition: codec, size, audio, and the index before the media data. */
const inspectRungs = async (id: number, rungs: number[]) =>
  Promise.all(
    rungs.map(async (rung) => {
      const probe = (await probeVideo(binaries.ffprobe, rungFile(id, rung)))!;
      const boxes = await topLevelBoxes(rungFile(id, rung));
      return {
        rung,
        codec: probe.videoCodec,
        size: `${probe.width}x${probe.height}`,
        audio: probe.hasAudio,
        faststart: boxes.indexOf('moov') >= 0 && boxes.indexOf('moov') < boxes.indexOf('mdat'),
      };
    }),
  );

const isJpeg = async (id: number) =>
  (await readFile(ctx.storage.localFiles!.localPath(mediaKeys.thumbnail(id))))
    .subarray(0, 3)
    .toString('hex') === 'ffd8ff';

const leftoverTemps = async () => {
  const folder = path.dirname(await ctx.storage.tempPath());
  return (await readdir(folder)).filter((name) => name.includes('.encode-'));
};

// The worker starts in the 409 test, once the video has been seen queued: nothing before runs it.
describe('POST /api/encode/:id', () => {
  it('refuses bad calls with a 4xx and changes nothing', async () => {
    const geek = await ctx.createUser('geek');
    const member = await ctx.createUser('plateau');
    const user = await ctx.createUser('user');
    const clip = await makeClip(clipsDir, '360p');
    const id = await seedVideo(ctx.database, ctx.storage, clip);
    const empty = await seedVideo(ctx.database, ctx.storage, null);
    const restricted = await seedVideo(ctx.database, ctx.storage, clip, {
      privacy: 2,
      gpaRestricted: true,
    });

    expect((await encode(id)).statusCode).toBe(401);
    expect((await encode(id, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect((await encode(id, user.auth)).statusCode).toBe(403);
    for (const bad of ['abc', '0', '-1', '99999999999', '1.5']) {
      expect((await encode(bad, geek.auth)).statusCode).toBe(400);
    }
    const unknown = await encode(987654, geek.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Vidéo introuvable');
    const noUpload = await encode(empty, geek.auth);
    expect(noUpload.statusCode).toBe(409);
    expect(noUpload.json().message).toBe("Aucun fichier vidéo n'a été envoyé pour cette vidéo");
    expect((await encode(restricted, member.auth)).statusCode).toBe(403);

    expect(await videoState(ctx.database, id)).toMatchObject({
      processing: 1,
      encodingError: null,
    });
    expect(await videoState(ctx.database, empty)).toMatchObject({ processing: 0 });
    expect(await videoState(ctx.database, restricted)).toMatchObject({ processing: 1 });
    expect(await jobsOf(id)).toEqual([]);
    expect(await jobsOf(restricted)).toEqual([]);
  });

  it('answers 503 when the server has no working ffmpeg', async () => {
    const geek = await ctx.createUser('geek');
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, '360p'));
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      storage: ctx.storage,
      extraDeps: { mediaBinaries: null },
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: `/api/encode/${id}`,
        headers: geek.auth,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toContain('ffmpeg est introuvable');
    } finally {
      await app.close();
    }
    expect(await videoState(ctx.database, id)).toMatchObject({ processing: 1 });
    expect(await jobsOf(id)).toEqual([]);
  });

  it('queues the job with the state change, refuses a second one, and publishes 240 only for 360p', async () => {
    const member = await ctx.createUser('plateau');
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, '360p'));

    const response = await encode(id, member.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    // No worker yet: the video stays queued for as long as this test needs.
    expect(await videoState(ctx.database, id)).toMatchObject({
      processing: 2,
      encodingProgress: 0,
    });
    expect(await jobsOf(id)).toMatchObject([{ state: 'created' }]);
    const again = await encode(id, member.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Cette vidéo est déjà en cours d'encodage");
    expect(await jobsOf(id)).toHaveLength(1);

    await startWorker();
    const done = await waitForVideo(ctx.database, id, (v) => v.processing === 3);
    expect(done).toEqual({
      processing: 3,
      encodingProgress: null,
      encodingError: null,
      encodingWait: null,
      rungs: [240],
      hasThumbnail: true,
    });
    expect(await inspectRungs(id, [240])).toEqual([
      { rung: 240, codec: 'h264', size: '426x240', audio: true, faststart: true },
    ]);
    for (const rung of [1080, 720, 480])
      expect(await ctx.storage.stat(mediaKeys.rung(id, rung, 0))).toBeNull();
    expect(await isJpeg(id)).toBe(true);
    await expectJobCompleted(id);
  });
});

describe('the encode worker', () => {
  beforeAll(startWorker, 120_000);

  it('encodes a 1080p source into four H.264 + AAC faststart renditions', async () => {
    const geek = await ctx.createUser('geek');
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, '1080p-audio'));
    expect((await encode(id, geek.auth)).statusCode).toBe(200);
    const done = await waitForVideo(ctx.database, id, (v) => v.processing !== 2);
    expect(done).toMatchObject({ processing: 3, rungs: [1080, 720, 480, 240], hasThumbnail: true });
    expect(await inspectRungs(id, [1080, 720, 480, 240])).toEqual([
      { rung: 1080, codec: 'h264', size: '1920x1080', audio: true, faststart: true },
      { rung: 720, codec: 'h264', size: '1280x720', audio: true, faststart: true },
      { rung: 480, codec: 'h264', size: '854x480', audio: true, faststart: true },
      { rung: 240, codec: 'h264', size: '426x240', audio: true, faststart: true },
    ]);
    expect(await isJpeg(id)).toBe(true);
  });

  it('scales portrait videos by their shorter side', async () => {
    const geek = await ctx.createUser('geek');
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, 'portrait'));
    expect((await encode(id, geek.auth)).statusCode).toBe(200);
    const done = await waitForVideo(ctx.database, id, (v) => v.processing !== 2);
    expect(done).toMatchObject({ processing: 3, rungs: [1080, 720, 480, 240] });
    expect((await inspectRungs(id, [1080, 720, 480, 240])).map((r) => r.size)).toEqual([
      '1080x1920',
      '720x1280',
      '480x854',
      '240x426',
    ]);
  });

  it('keeps an uploaded thumbnail and writes no audio track for a silent source', async () => {
    const geek = await ctx.createUser('geek');
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, 'no-audio'), {
      hasThumbnail: true,
    });
    const thumbnail = ctx.storage.localFiles!.localPath(mediaKeys.thumbnail(id));
    await writeFile(thumbnail, 'uploaded thumbnail');
    expect((await encode(id, geek.auth)).statusCode).toBe(200);
    const done = await waitForVideo(ctx.database, id, (v) => v.processing !== 2);
    expect(done).toMatchObject({ processing: 3, rungs: [720, 480, 240], hasThumbnail: true });
    expect((await inspectRungs(id, [720, 480, 240])).map((r) => [r.size, r.audio])).toEqual([
      ['1280x720', false],
      ['854x480', false],
      ['426x240', false],
    ]);
    expect(await readFile(thumbnail, 'utf8')).toBe('uploaded thumbnail');
  });

  it('re-encodes a published odd-sized video to even sizes and drops rungs that no longer apply', async () => {
    const geek = await ctx.createUser('geek');
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, 'odd'), {
      processing: 3,
    });
    const stale = await ctx.storage.tempPath('.mp4');
    await writeFile(stale, 'old rendition');
    await ctx.storage.commit(stale, mediaKeys.rung(id, 1080, 0));

    expect((await encode(id, geek.auth)).statusCode).toBe(200);
    const done = await waitForVideo(ctx.database, id, (v) => v.processing !== 2);
    expect(done).toMatchObject({ processing: 3, rungs: [480, 240] });
    expect((await inspectRungs(id, [480, 240])).map((r) => r.size)).toEqual(['854x480', '426x240']);
    expect(await ctx.storage.stat(mediaKeys.rung(id, 1080, 0))).toBeNull();
  });

  it('returns an unreadable upload to processing 1 with the reason, leaving no files', async () => {
    const geek = await ctx.createUser('geek');
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, 'truncated'));
    expect((await encode(id, geek.auth)).statusCode).toBe(200);
    const done = await waitForVideo(ctx.database, id, (v) => v.processing !== 2);
    expect(done.processing).toBe(1);
    expect(done.encodingError).toEqual(expect.any(String));
    expect(done.encodingError!.length).toBeGreaterThan(5);
    expect(done.rungs).toEqual([]);
    for (const rung of [1080, 720, 480, 240])
      expect(await ctx.storage.stat(mediaKeys.rung(id, rung, 0))).toBeNull();
    expect(await leftoverTemps()).toEqual([]);
    // A failed encode is final for its job: no retry loop.
    await expectJobCompleted(id);
  });

  it('takes back an active job whose worker died and finishes it', async () => {
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, '360p'), {
      processing: 2,
    });
    // A job a dead worker had taken: active for a minute, held by no live worker.
    const boss = await jobs.boss();
    const jobId = await boss.send(
      ENCODE_QUEUE,
      { videoId: id },
      { singletonKey: String(id), startAfter: 3600 },
    );
    await abandonEncodeJob(ctx.database.db, jobId!);
    await worker!.recover();
    const done = await waitForVideo(ctx.database, id, (v) => v.processing !== 2);
    expect(done).toMatchObject({ processing: 3, rungs: [240], encodingError: null });
    await expectJobCompleted(id);
  });

  it('returns a video left at 2 with no job behind it to processing 1', async () => {
    const id = await seedVideo(ctx.database, ctx.storage, await makeClip(clipsDir, '360p'), {
      processing: 2,
    });
    await worker!.recover();
    const state = await videoState(ctx.database, id);
    expect(state).toMatchObject({ processing: 1 });
    expect(state!.encodingError).toContain('interrompu');
  });
});
