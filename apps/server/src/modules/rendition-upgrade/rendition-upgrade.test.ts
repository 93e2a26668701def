import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runMediaCli } from '../../cli/media-command.ts';
import { siteQueues } from '../../job-queues.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { createJobLiveness, type JobLiveness } from '../../jobs/liveness.ts';
import { locateMediaBinaries, type MediaBinaries } from '../../media-tools/binaries.ts';
import { loadRenditionIndex } from '../../media-tools/rendition-index.ts';
import { mediaKeys } from '../../storage/media-storage.ts';
import { useTestApp } from '../../test/harness.ts';
import { describeUpgradeStatus } from './rendition-upgrade-lines.ts';
import { startRenditionUpgradeWorker } from './rendition-upgrade-worker.ts';
import { createRenditionUpgradeService } from './rendition-upgrade.service.ts';
import {
  decodedFrames,
  seedOldLayoutVideo,
  seedSoundAheadVideo,
} from './rendition-upgrade.test-helpers.ts';
import { beepOffsetsMs } from '../../test/av-sync.ts';

const ctx = useTestApp({ env: { MEDIA_UPGRADE_PAUSE: '0', MEDIA_UPGRADE_SPEED: '0' } });
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let binaries: MediaBinaries;
let jobs: JobQueue;

beforeAll(async () => {
  binaries = (await locateMediaBinaries({}))!;
  jobs = createJobQueue(ctx.database, ctx.config, { supervise: true, queues: siteQueues });
});
afterAll(() => jobs?.stop());

const sha = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

/** `npm run media -- <args>` on the test site: its exit code and what it printed. */
const media = async (...args: string[]) => {
  const lines: string[] = [];
  const service = createRenditionUpgradeService({ ...ctx, jobs });
  const code = await runMediaCli(
    args,
    async () => ({ status: service.status, start: service.start, close: async () => {} }),
    { out: (text) => lines.push(text), err: (text) => lines.push(text) },
  );
  return { code, text: lines.join('\n') };
};

const scratchFiles = async () =>
  (await readdir(path.dirname(await ctx.storage.tempPath()))).filter((name) =>
    name.includes('.upgrade-'),
  );

/** Runs the worker, as in production, until no published video is left to convert. */
const upgradeEverything = async () => {
  // The encode worker's in production: a video is converted only while no encode runs on it.
  let liveness: JobLiveness | undefined;
  let upgrades: Awaited<ReturnType<typeof startRenditionUpgradeWorker>> | undefined;
  try {
    liveness = await createJobLiveness(ctx.database);
    // Asked at start by the worker itself: something is left.
    upgrades = await startRenditionUpgradeWorker({ ...ctx, binaries, jobs, liveness, log: quiet });
    await vi.waitFor(
      async () => {
        const text = (await media('status')).text;
        expect(text).toContain("encore à l'ancien format : 0");
        expect(text).toContain('Conversion : arrêtée');
      },
      { timeout: 90_000, interval: 500 },
    );
  } finally {
    await upgrades?.stop();
    await liveness?.close();
  }
};

/** Viewers notice sound 45 ms ahead; renditions keep each beep within 20 ms of its flash. */
const SYNC_MS = 20;
/** How far the test card's worst beep is from its flash, in ms. */
const offCard = async (file: string) => Math.max(...(await beepOffsetsMs(file)).map(Math.abs));

describe('the conversion of old renditions (rendition-upgrade)', () => {
  it('converts a published old-layout video without changing what it plays, and leaves a pending one alone', async () => {
    // The top rung has irregular keyframes (an old copy of a camera file): remuxed as it is.
    const id = await seedOldLayoutVideo(ctx, [{ rung: 480, irregular: true }, { rung: 240 }]);
    const pending = await seedOldLayoutVideo(ctx, [{ rung: 240 }], { processing: 1 });
    const file = (video: number, rung: number) =>
      ctx.storage.localFiles!.localPath(mediaKeys.rung(video, rung, 0));
    const before = new Map<number, string[]>();
    for (const rung of [480, 240]) {
      // Played as its edit lists say, the plain MP4 has its sound on its picture.
      expect(await offCard(file(id, rung))).toBeLessThanOrEqual(SYNC_MS);
      before.set(rung, await decodedFrames(file(id, rung), 'v'));
    }
    const pendingBytes = await sha(file(pending, 240));
    expect((await ctx.app.inject(`/api/media/hls/${id}/master.m3u8`)).statusCode).toBe(404);

    const statusBefore = await media('status');
    expect(statusBefore.code).toBe(0);
    expect(statusBefore.text).toBe(
      [
        'Vidéos publiées : 1',
        '  au nouveau format (lecture adaptative, aperçus) : 0',
        "  encore à l'ancien format : 1",
        'Conversion : arrêtée',
        'Dernière erreur : aucune',
      ].join('\n'),
    );

    // What a worker killed mid-copy leaves: the next run removes it before anything else.
    await writeFile(await ctx.storage.tempPath(`.upgrade-${id}-480.mp4`), 'moitié de copie');
    expect(await scratchFiles()).toHaveLength(1);

    await upgradeEverything();

    for (const rung of [480, 240]) {
      expect(await loadRenditionIndex(ctx.storage, id, rung, 0)).not.toBeNull();
      // Every picture decodes to the same bytes; the sound, encoded again, stays on them.
      expect(await decodedFrames(file(id, rung), 'v')).toEqual(before.get(rung));
      expect(await offCard(file(id, rung))).toBeLessThanOrEqual(SYNC_MS);
    }
    const index480 = (await loadRenditionIndex(ctx.storage, id, 480, 0))!;
    // Its segments follow its own keyframes (0, 1.3, 4.1, 4.9, 8.2 and 11 s).
    expect(index480.segments.map((segment) => segment[3])).toEqual(Array(6).fill(true));

    const master = await ctx.app.inject(`/api/media/hls/${id}/master.m3u8`);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('480.m3u8');
    for (const rung of [480, 240]) {
      expect((await ctx.app.inject(`/api/media/hls/${id}/${rung}.m3u8`)).statusCode).toBe(200);
    }
    expect((await ctx.app.inject(`/api/media/storyboard/${id}.vtt`)).statusCode).toBe(200);
    expect((await ctx.app.inject(`/api/media/storyboard/${id}.jpg`)).statusCode).toBe(200);
    const range = await ctx.app.inject({
      url: `/api/media/video/${id}/480`,
      headers: { range: 'bytes=1000-1999' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toEqual((await readFile(file(id, 480))).subarray(1000, 2000));

    // Not published: not the conversion's to touch.
    expect(await sha(file(pending, 240))).toBe(pendingBytes);
    expect(await ctx.storage.stat(mediaKeys.rungIndex(pending, 240, 0))).toBeNull();
    expect(await ctx.storage.stat(mediaKeys.storyboardVtt(pending, 0))).toBeNull();
    expect(await scratchFiles()).toEqual([]);

    expect((await media('status')).text).toBe(
      [
        'Vidéos publiées : 1',
        '  au nouveau format (lecture adaptative, aperçus) : 1',
        "  encore à l'ancien format : 0",
        'Conversion : arrêtée',
        'Dernière erreur : aucune',
      ].join('\n'),
    );
    expect(await media('upgrade')).toEqual({
      code: 0,
      text: 'Rien à convertir : toutes les vidéos publiées sont au nouveau format.',
    });
    // The geeks' Système view says the same.
    const geek = await ctx.createUser('geek');
    const system = await ctx.app.inject({ url: '/api/system', headers: geek.auth });
    expect(system.json().renditions).toEqual({
      upgraded: 1,
      left: 0,
      running: false,
      lastError: null,
    });
  }, 180_000);

  it('puts the sound of a fragmented rendition back on its picture, not a picture changed', async () => {
    const id = await seedSoundAheadVideo(ctx);
    const file = ctx.storage.localFiles!.localPath(mediaKeys.rung(id, 240, 0));
    // Encoded before: each beep two frames less AAC's priming ahead of its flash (43 ms).
    expect(Math.min(...(await beepOffsetsMs(file)))).toBeLessThan(-SYNC_MS);
    const pictures = await decodedFrames(file, 'v');
    expect((await media('status')).text).toContain("encore à l'ancien format : 1");

    await upgradeEverything();
    expect(await offCard(file)).toBeLessThanOrEqual(SYNC_MS);
    expect(await decodedFrames(file, 'v')).toEqual(pictures);
    expect((await loadRenditionIndex(ctx.storage, id, 240, 0))?.soundOnPicture).toBe(true);
    expect((await ctx.app.inject(`/api/media/hls/${id}/240.m3u8`)).statusCode).toBe(200);
    expect(await scratchFiles()).toEqual([]);
  });

  it('asks for a run with `media upgrade` when videos are left, once', async () => {
    await seedOldLayoutVideo(ctx, [{ rung: 240 }]);
    expect(await media('upgrade')).toEqual({
      code: 0,
      text: 'Conversion demandée : 1 vidéo(s) à convertir, une à la fois, par un worker (npm start ou npm run worker).',
    });
    expect((await media('upgrade')).text).toBe(
      'Une conversion est déjà demandée : 1 vidéo(s) restante(s).',
    );
    expect((await media('status')).text).toContain(
      "Conversion : demandée, en attente d'un worker (npm start ou npm run worker)",
    );
    expect(await media('nonsense')).toMatchObject({ code: 2 });
  });

  it('says the last error in French', () => {
    expect(
      describeUpgradeStatus({
        upgraded: 3,
        left: 1,
        running: true,
        waiting: false,
        lastError: 'vidéo 7 : 480 : 12 fragments pour 13 images clés',
      }).slice(3),
    ).toEqual([
      'Conversion : en cours',
      'Dernière erreur : vidéo 7 : 480 : 12 fragments pour 13 images clés',
    ]);
  });
});
