import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { JobLiveness } from '../../jobs/liveness.ts';
import {
  RENDITION_UPGRADE_RUN,
  sendRenditionUpgrade,
  type RenditionUpgradeOutput,
} from './rendition-upgrade-queue.ts';
import {
  handoverDeadline,
  siteWideRunWaiting,
  startSiteWideRunWorker,
  type SiteWideRunWorker,
} from '../../jobs/site-wide-run.ts';
import type { MediaBinaries } from '../../media-tools/binaries.ts';
import { supportsReadrate } from '../../media-tools/remux-args.ts';
import { createWorkerDiskGuard, type DiskGuard } from '../../storage/free-space.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { videosLeft } from './rendition-layout.ts';
import {
  NoRoomError,
  removeScratch,
  upgradeVideo,
  type UpgradeContext,
} from './rendition-upgrade-video.ts';

export interface RenditionUpgradeWorkerDeps {
  database: DatabaseHandle;
  storage: MediaStorage;
  config: Config;
  binaries: MediaBinaries;
  jobs: JobQueue;
  /** The encode worker's: a video is converted only while no encode runs on it, and back. */
  liveness: Pick<JobLiveness, 'hold' | 'release'>;
  log: { info(msg: string): void; warn(msg: string): void };
  /** DISK_FREE_FLOOR; made from the config when absent. */
  diskGuard?: DiskGuard;
}

export type RenditionUpgradeWorker = SiteWideRunWorker;

const rest = (seconds: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, seconds * 1000);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Takes conversion runs (queue `rendition-upgrade`): one run at a time on the whole site (run
 * lock), one video at a time in a run, ffmpeg at the lowest priority and at most
 * MEDIA_UPGRADE_SPEED times real time, MEDIA_UPGRADE_PAUSE seconds of rest between videos. At
 * start it asks for a run if any published video is still in the old layout.
 */
export const startRenditionUpgradeWorker = async (
  deps: RenditionUpgradeWorkerDeps,
): Promise<RenditionUpgradeWorker> => {
  const { database, storage, config, binaries, liveness, log } = deps;
  const boss = await deps.jobs.boss();
  const disk = deps.diskGuard ?? createWorkerDiskGuard(config, storage);
  const { pauseSeconds, speed } = config.renditionUpgrade;
  const ctx: UpgradeContext = {
    db: database.db,
    storage,
    binaries,
    disk,
    log,
    readrate: supportsReadrate(binaries.version) ? speed : 0,
  };
  const idle = (): RenditionUpgradeOutput => ({ upgraded: 0, failed: 0, lastError: null });

  const runAll = async (signal: AbortSignal): Promise<RenditionUpgradeOutput> => {
    const output = idle();
    const deadline = handoverDeadline();
    const left = await videosLeft(database.db, storage);
    if (left.length > 0) log.info(`rendition upgrade: ${left.length} video(s) to convert`);
    for (const [position, video] of left.entries()) {
      if (signal.aborted) return { ...output, interrupted: true };
      if (Date.now() > deadline) {
        await sendRenditionUpgrade(boss);
        break;
      }
      try {
        await liveness.hold(video.id, signal);
        try {
          if (await upgradeVideo(ctx, video.id, signal)) output.upgraded += 1;
        } finally {
          await liveness.release(video.id);
        }
      } catch (error) {
        if (signal.aborted) return { ...output, interrupted: true };
        output.lastError = `vidéo ${video.id} : ${(error as Error).message}`;
        log.warn(
          `rendition upgrade: video ${video.id} not converted (${(error as Error).message})`,
        );
        if (error instanceof NoRoomError) break;
        output.failed += 1;
      }
      if (position < left.length - 1) await rest(pauseSeconds, signal);
    }
    if (left.length > 0) {
      log.info(`rendition upgrade: ${output.upgraded} converted, ${output.failed} failed`);
    }
    return output;
  };

  return startSiteWideRunWorker({
    database,
    boss,
    run: RENDITION_UPGRADE_RUN,
    idle,
    work: async (_job, signal) => {
      await removeScratch(storage);
      return runAll(signal);
    },
    atStart: async () => {
      if ((await videosLeft(database.db, storage)).length === 0) return;
      if (await siteWideRunWaiting(database, RENDITION_UPGRADE_RUN)) return;
      await sendRenditionUpgrade(boss);
    },
    atStartFailed: (error) => log.warn(`rendition upgrade: not asked at start (${error.message})`),
  });
};
