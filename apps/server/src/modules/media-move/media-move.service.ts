import type { SystemStatus } from '@plateau/contract';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { MediaBackend } from '../../storage/media-locations.repository.ts';
import { mediaFolderPlaces } from './media-move-plan.ts';
import { createLocalStorage } from '../../storage/media-storage.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { MEDIA_MOVE_RUN, sendMediaMove, type MediaMoveData } from './media-move-queue.ts';
import { pendingSiteWideRunData, readSiteWideRunState } from '../../jobs/site-wide-run.ts';

/** Where media live and how their move goes (`media status`, GET /api/system). */
export type MediaStorageStatus = SystemStatus['mediaStorage'];

/** Why a move is not asked for. */
export type MoveRequest = 'asked' | 'already' | 'no-bucket';

export const createMediaMoveService = (deps: {
  config: Config;
  database: DatabaseHandle;
  jobs: JobQueue;
}) => {
  const { config, database, jobs } = deps;
  const local = createLocalStorage(config.mediaDir);
  return {
    async status(): Promise<MediaStorageStatus> {
      const [[places, pending], run] = await readSiteWideRunState(
        database,
        jobs,
        MEDIA_MOVE_RUN,
        () =>
          Promise.all([
            mediaFolderPlaces(database.db, local),
            pendingSiteWideRunData<MediaMoveData>(database, MEDIA_MOVE_RUN),
          ]),
      );
      return {
        newMedia: config.mediaStorage.kind,
        bucket: config.mediaStorage.s3 !== undefined,
        foldersOnDisk: places.local.length,
        foldersInBucket: places.s3.length,
        running: run.running,
        waiting: run.waiting,
        target: pending?.to ?? null,
        lastError: run.lastError,
      };
    },

    /** Asks for a move towards `to`; `already` when one waits to start. */
    async start(to: MediaBackend): Promise<MoveRequest> {
      if (!config.mediaStorage.s3) return 'no-bucket';
      const boss = await jobs.boss();
      return (await sendMediaMove(boss, to)) === null ? 'already' : 'asked';
    },
  };
};

export type MediaMoveService = ReturnType<typeof createMediaMoveService>;
