import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { TrimStatus } from '@plateau/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { videos, videoTrims } from '../../db/schema.ts';
import { siteQueues } from '../../job-queues.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { createJobLiveness, type JobLiveness } from '../../jobs/liveness.ts';
import { locateMediaBinaries, type MediaBinaries } from '../../media-tools/binaries.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { createWorkerDiskGuard } from '../../storage/free-space.ts';
import { beepOffsetsMs, NUMBERED_FLASHES, readFrameNumbers } from '../../test/av-sync.ts';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { startTrimWorker, type TrimWorker } from './trim-worker.ts';
import { seedCardVideo, servedRung } from './trims.test-helpers.ts';

// Media access decided anew on every request: the version served is read as it is now.
const ctx = useTestApp({ env: { MEDIA_ACCESS_TTL: '0' } });
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let binaries: MediaBinaries;
let jobs: JobQueue;
let liveness: JobLiveness;
let worker: TrimWorker | undefined;
const users = {} as Record<'student' | 'member', TestUser>;

const startWorker = async () =>
  (worker = await startTrimWorker({
    database: ctx.database,
    storage: ctx.storage,
    binaries,
    jobs,
    liveness,
    disk: createWorkerDiskGuard(ctx.config, ctx.storage),
    undoDays: 7,
    log: quiet,
  }));

beforeAll(async () => {
  binaries = (await locateMediaBinaries({}))!;
  jobs = createJobQueue(ctx.database, ctx.config, { supervise: true, queues: siteQueues });
  liveness = await createJobLiveness(ctx.database);
  users.student = await ctx.createUser('user');
  users.member = await ctx.createUser('plateau');
  await startWorker();
});
afterAll(async () => {
  await worker?.stop();
  await liveness?.close();
  await jobs?.stop();
});

type Who = keyof typeof users | 'visitor';
const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/${url}`,
    headers: who === 'visitor' ? {} : users[who].auth,
    ...(payload && { payload }),
  });
const status = async (id: number) =>
  (await call('member', 'GET', `videos/${id}/trim`)).json<TrimStatus>();
const settled = (id: number) =>
  vi.waitFor(
    async () => {
      const now = await status(id);
      expect(['done', 'failed']).toContain(now.state);
      return now;
    },
    { timeout: 90_000, interval: 300 },
  );

const served = (id: number, rung: number, query = '') =>
  servedRung(ctx, users.member.auth, id, rung, query);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
// The card shows frame n at 0.08 + n / 25 s: these keep frames 80-235 and 298-375.
const KEEP = [
  { start: 3.3, end: 9.5 },
  { start: 12, end: 15.1 },
];
const KEPT_FRAMES = [...range(80, 236), ...range(298, 376)];

describe('« Montage »: a cut applied on the server', () => {
  it('cuts every rung on the same frames, moves captions and chapters, and the version before stays until undone', async () => {
    const id = await seedCardVideo(ctx);
    // Every rung as served before the cut, to find it again byte for byte after the undo.
    const digest = async (rung: number) =>
      createHash('sha256')
        .update(await readFile(await served(id, rung)))
        .digest('hex');
    const original = { 480: await digest(480), 240: await digest(240) };
    const asked = await call('member', 'POST', `videos/${id}/trim`, { keep: KEEP });
    expect(asked.statusCode).toBe(202);
    expect(asked.json<TrimStatus>()).toMatchObject({ state: 'queued', keep: KEEP });

    const done = await settled(id);
    expect(done).toMatchObject({ state: 'done', error: null, progress: null });
    expect(Date.parse(done.undoUntil!) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    for (const rung of [480, 240]) {
      const file = await served(id, rung);
      expect(await readFrameNumbers(file)).toEqual(KEPT_FRAMES);
      // Sound on the picture across both cuts: each beep within 20 ms of its flash.
      for (const offset of await beepOffsetsMs(file, NUMBERED_FLASHES))
        expect(Math.abs(offset)).toBeLessThanOrEqual(20);
    }

    // The adaptive playlists name the new version in every byte range's URI.
    const [row] = await ctx.database.db
      .select({ mediaVersion: videos.mediaVersion })
      .from(videos)
      .where(eq(videos.id, id));
    const mediaVersion = row!.mediaVersion;
    expect(mediaVersion).toBeGreaterThan(0);
    const playlist = (await call('member', 'GET', `media/hls/${id}/240.m3u8`)).body;
    expect(playlist).toContain(`../../video/${id}/240?v=${mediaVersion}\n`);
    // The video says its version: the web app's URLs name it.
    const [listed] = (await call('member', 'GET', `videos/${id}`)).json().videos;
    expect(listed.mediaVersion).toBe(mediaVersion);
    const seconds = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce(
      (s, m) => s + Number(m[1]),
      0,
    );
    expect(seconds).toBeCloseTo(234 * 0.04, 1);

    // Chapters: the first removed begins at 0, the others moved up with their act.
    expect((await call('member', 'GET', `videos/${id}/chapters`)).json()).toEqual({
      chapters: [
        { start: 0, title: 'Accueil' },
        { start: 2.8, title: 'Acte I' },
        { start: 8.32, title: 'Acte II' },
      ],
    });
    // Captions: clipped at the cut, moved, dropped where removed.
    const captions = (await call('member', 'GET', `media/captions/${id}/fr.vtt`)).body;
    expect(captions).toContain('00:00:01.800 --> 00:00:02.700\nSeconde 5');
    expect(captions).toContain('00:00:06.320 --> 00:00:07.220\nSeconde 12');
    expect(captions).not.toContain('Seconde 10');
    // The storyboard of the cut: tiles up to its end, not the original's 20 s.
    const storyboard = (await call('member', 'GET', `media/storyboard/${id}.vtt`)).body;
    expect(storyboard).not.toContain('00:00:12.000');

    // A viewer who loaded the old playlist still reads the old file, whole.
    expect(await readFrameNumbers(await served(id, 240, '?v=0'))).toHaveLength(500);

    // « Annuler le montage »: the old version, its chapters, at once.
    const undone = await call('member', 'POST', `videos/${id}/trim/undo`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json<TrimStatus>()).toMatchObject({ state: 'none', undoUntil: null });
    expect(await readFrameNumbers(await served(id, 240))).toHaveLength(500);
    expect({ 480: await digest(480), 240: await digest(240) }).toEqual(original);
    expect((await call('member', 'GET', `videos/${id}/chapters`)).json()).toMatchObject({
      chapters: [{ start: 0 }, { start: 6 }, { start: 14 }],
    });
    expect((await call('member', 'POST', `videos/${id}/trim/undo`)).statusCode).toBe(409);
    // The cut's files stay for whoever was watching it, until the sweep.
    const cutFile = mediaKeys.rung(id, 240, mediaVersion);
    expect(await readFrameNumbers(await served(id, 240, `?v=${mediaVersion}`))).toEqual(
      KEPT_FRAMES,
    );
    await worker!.maintain();
    expect(await ctx.storage.stat(cutFile)).toBeNull();
    expect(
      (await call('member', 'GET', `media/video/${id}/240?v=${mediaVersion}`)).json(),
    ).toMatchObject({
      statusCode: 404,
      message: 'Cette version de la vidéo a été remplacée',
    });
    expect(await ctx.storage.stat(mediaKeys.rung(id, 240, 0))).not.toBeNull();
  }, 180_000);

  it('cuts a cut video again, and the version before goes once its undo time is over', async () => {
    const id = await seedCardVideo(ctx);
    await call('member', 'POST', `videos/${id}/trim`, { keep: [{ start: 2, end: 18 }] });
    expect((await settled(id)).state).toBe('done');
    // 16 s left; keep 4 s to 8 s of it.
    await call('member', 'POST', `videos/${id}/trim`, { keep: [{ start: 4, end: 8 }] });
    expect((await settled(id)).state).toBe('done');
    const frames = await readFrameNumbers(await served(id, 240));
    expect(frames).toHaveLength(100);
    expect(frames[0]).toBe(146);
    // The chat of a REDIFF is placed through both cuts: what the video keeps of its first version.
    const [cut] = await ctx.database.db.select().from(videoTrims).where(eq(videoTrims.videoId, id));
    expect(cut).toMatchObject({
      originalKeepMs: [[6000, 10000]],
      originalBeforeMs: [[2000, 18000]],
    });
    // The first cut's version is no one's any more; the original went with the second cut.
    await worker!.maintain();
    expect(await ctx.storage.stat(mediaKeys.rung(id, 240, 0))).toBeNull();
    // The undo time over: the version before the second cut goes too, and no undo is offered.
    const [trim] = await ctx.database.db
      .select()
      .from(videoTrims)
      .where(eq(videoTrims.videoId, id));
    await ctx.database.db
      .update(videoTrims)
      .set({ undoUntil: new Date(Date.now() - 1000) })
      .where(eq(videoTrims.videoId, id));
    await worker!.maintain();
    expect(await ctx.storage.listFolder(mediaKeys.versionFolder(id, trim!.fromVersion))).toEqual(
      [],
    );
    expect((await status(id)).undoUntil).toBeNull();
    expect((await call('member', 'POST', `videos/${id}/trim/undo`)).statusCode).toBe(409);
    expect(await readFrameNumbers(await served(id, 240))).toHaveLength(100);
  }, 180_000);

  it('refuses, in French and changing nothing, what cannot be cut', async () => {
    const id = await seedCardVideo(ctx);
    const keep = [{ start: 1, end: 5 }];
    expect((await call('visitor', 'POST', `videos/${id}/trim`, { keep })).statusCode).toBe(401);
    expect((await call('student', 'POST', `videos/${id}/trim`, { keep })).statusCode).toBe(403);
    expect((await call('student', 'GET', `videos/${id}/trim`)).statusCode).toBe(403);
    expect((await call('student', 'GET', `media/loudness/${id}.json`)).statusCode).toBe(403);
    const refusals: [object, string][] = [
      [{ keep: [{ start: 5, end: 1 }] }, 'Chaque partie gardée doit finir après son début'],
      [
        {
          keep: [
            { start: 1, end: 6 },
            { start: 5, end: 8 },
          ],
        },
        'Les parties gardées doivent se suivre sans se chevaucher',
      ],
      [{ keep: [{ start: 10, end: 30 }] }, 'Une partie gardée dépasse la fin de la vidéo'],
      [{ keep: [{ start: 0, end: 20.1 }] }, 'Le montage ne retire rien'],
      [
        {
          keep: [
            { start: 0, end: 8 },
            { start: 8, end: 20.08 },
          ],
        },
        'Le montage ne retire rien',
      ],
      [{ keep: [{ start: 3, end: 3.8 }] }, 'Le montage doit garder au moins une seconde'],
      [
        {
          keep: [
            { start: 1, end: 5 },
            { start: 6, end: 6.3 },
          ],
        },
        'Chaque partie gardée doit durer au moins une demi-seconde',
      ],
    ];
    for (const [body, message] of refusals) {
      const answer = await call('member', 'POST', `videos/${id}/trim`, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    for (const body of [{ keep: [] }, { keep: [{ start: -1, end: 2 }] }, { keep: 'tout' }, {}]) {
      expect((await call('member', 'POST', `videos/${id}/trim`, body)).statusCode).toBe(400);
    }
    expect(
      await ctx.database.db.select().from(videoTrims).where(eq(videoTrims.videoId, id)),
    ).toEqual([]);
    expect((await status(id)).state).toBe('none');
    expect((await call('member', 'POST', `videos/${id}/trim/undo`)).statusCode).toBe(409);
    expect((await call('member', 'POST', `videos/999999/trim`, { keep })).statusCode).toBe(404);

    // While one cut is on its way: no second cut, no caption change, no new original.
    await worker!.stop();
    worker = undefined;
    try {
      expect((await call('member', 'POST', `videos/${id}/trim`, { keep })).statusCode).toBe(202);
      const again = await call('member', 'POST', `videos/${id}/trim`, { keep });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Un montage de cette vidéo est déjà en cours');
      // Listed for the members (/pending, Système) while it waits; students see nothing.
      const listed = await call('member', 'GET', 'videos/trims');
      expect(listed.json().cuts).toContainEqual(
        expect.objectContaining({ videoId: id, title: 'Gala', state: 'queued', progress: null }),
      );
      expect((await call('student', 'GET', 'videos/trims')).statusCode).toBe(403);
      const caption = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/media/captions/${id}/fr`,
        headers: users.member.auth,
      });
      expect(caption.statusCode).toBe(409);
      expect(caption.json().message).toContain('Un montage de cette vidéo est en cours');
    } finally {
      await startWorker();
    }
    expect((await settled(id)).state).toBe('done');
    expect(await readFrameNumbers(await served(id, 240))).toHaveLength(100);
  }, 180_000);

  it('measures the loudness of the sound along the video for the timeline', async () => {
    const id = await seedCardVideo(ctx);
    const first = await call('member', 'GET', `media/loudness/${id}.json`);
    expect(first.statusCode).toBe(200);
    const { interval, levels } = first.json<{ interval: number; levels: number[] }>();
    expect(interval).toBe(0.5);
    // The sound ends with the last AAC frame, a little past 20 s.
    expect(levels.length).toBeGreaterThanOrEqual(40);
    expect(levels.length).toBeLessThanOrEqual(41);
    // The card beeps 40 ms every 2 s from 2 s: silence first, then a level at each beep.
    expect(levels.slice(0, 4).every((level) => level === 0)).toBe(true);
    expect(levels[4]).toBeGreaterThan(20);
    expect(await ctx.storage.stat(mediaKeys.loudness(id, 0))).not.toBeNull();
    // Its rendition gone behind its back: 404, not an error.
    const gone = await seedCardVideo(ctx);
    await ctx.storage.remove(mediaKeys.rung(gone, 240, 0));
    const missing = await call('member', 'GET', `media/loudness/${gone}.json`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Pas d'analyse du son pour cette vidéo");
  }, 60_000);
});
