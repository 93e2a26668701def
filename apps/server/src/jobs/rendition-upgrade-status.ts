import type { DatabaseHandle } from '../db/client.ts';
import type { JobQueue } from './boss.ts';
import { lastRunError, runWaiting } from './rendition-upgrade-jobs.repository.ts';
import { RENDITION_UPGRADE_LOCK, sendRenditionUpgrade } from './rendition-upgrade-queue.ts';
import { runLockHeld } from './run-lock.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import { countLayouts } from './rendition-layout.ts';

export interface RenditionUpgradeStatus {
  /** Published videos fully in the new layout (adaptive playback, storyboard). */
  upgraded: number;
  /** Published videos still with an old-layout rendition. */
  left: number;
  /** A run is converting now (on any worker of the site). */
  running: boolean;
  /** A run is asked for and waits for a worker. */
  waiting: boolean;
  /** The latest run's last error, or null. */
  lastError: string | null;
}

export const createRenditionUpgradeService = (deps: {
  database: DatabaseHandle;
  storage: MediaStorage;
  jobs: JobQueue;
}) => {
  const { database, storage, jobs } = deps;
  return {
    async status(): Promise<RenditionUpgradeStatus> {
      // Its schema is created on first use, as the encode route does.
      await jobs.boss();
      const [counts, running, waiting, lastError] = await Promise.all([
        countLayouts(database.db, storage),
        runLockHeld(database, RENDITION_UPGRADE_LOCK),
        runWaiting(database.db),
        lastRunError(database.db),
      ]);
      return { ...counts, running, waiting, lastError };
    },

    /** Asks for a run now; false when one already waits to start. */
    async start(): Promise<boolean> {
      const boss = await jobs.boss();
      return (await sendRenditionUpgrade(boss)) !== null;
    },
  };
};
