import type { DatabaseHandle } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { RENDITION_UPGRADE_RUN, sendRenditionUpgrade } from './rendition-upgrade-queue.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { countLayouts } from './rendition-layout.ts';
import { readSiteWideRunState, type SiteWideRunState } from '../../jobs/site-wide-run.ts';

export interface RenditionUpgradeStatus extends SiteWideRunState {
  /** Published videos fully in the new layout (adaptive playback, storyboard). */
  upgraded: number;
  /** Published videos still with an old-layout rendition. */
  left: number;
}

export const createRenditionUpgradeService = (deps: {
  database: DatabaseHandle;
  storage: MediaStorage;
  jobs: JobQueue;
}) => {
  const { database, storage, jobs } = deps;
  return {
    async status(): Promise<RenditionUpgradeStatus> {
      const [counts, run] = await readSiteWideRunState(database, jobs, RENDITION_UPGRADE_RUN, () =>
        countLayouts(database.db, storage),
      );
      return { ...counts, ...run };
    },

    /** Asks for a run now; false when one already waits to start. */
    async start(): Promise<boolean> {
      const boss = await jobs.boss();
      return (await sendRenditionUpgrade(boss)) !== null;
    },
  };
};

export type RenditionUpgradeService = ReturnType<typeof createRenditionUpgradeService>;
