import type { SystemStatus } from '@plateau/contract';
import { requireGeek } from '../../access/guards.ts';
import type { Viewer } from '../../access/viewer.ts';
import { PLATEAU_VERSION } from '../../backup/backup-source.ts';
import { readLastBackup } from '../../backup/last-backup.ts';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { lastEncodeJobEnds } from '../../jobs/encode-job-ends.repository.ts';
import { encodeQueueCounts } from '../../jobs/encode-queue-counts.repository.ts';
import { createHealthService } from '../../jobs/health-check.ts';
import type { MediaBinaries } from '../../media-tools/binaries.ts';
import { staleWhileRefreshing } from '../../lib/stale-while-refreshing.ts';
import { statfsSpace } from '../../storage/free-space.ts';
import { measureMediaUsage } from '../../storage/media-usage.ts';
import * as repository from './system.repository.ts';

/** The media folder is walked at most once a minute: a walk reads every file's size. */
const MEDIA_USAGE_MAX_AGE_MS = 60_000;
/** The layout counts read a small file per rendition: at most once a minute too. */
const RENDITIONS_MAX_AGE_MS = 60_000;
/** The folders on each side are counted at most every 10 s: a move's progress shows soon. */
const MEDIA_STORAGE_MAX_AGE_MS = 10_000;
/** Failed encodes listed at most (the count says how many there are). */
const FAILED_LISTED = 50;

export interface SystemServiceDeps {
  config: Config;
  database: DatabaseHandle;
  jobs: JobQueue;
  mediaRoot: string;
  mediaBinaries: MediaBinaries | null;
  /** The rendition upgrade's state (its own module: the wiring gives it). */
  renditionUpgrade: { status(): Promise<SystemStatus['renditions']> };
  /** Where media live and how their move goes (the media move's module: the wiring gives it). */
  mediaMove: { status(): Promise<SystemStatus['mediaStorage']> };
}

export const createSystemService = (deps: SystemServiceDeps) => {
  const { config, database, jobs } = deps;
  const health = createHealthService({ database, jobs });
  const usage = staleWhileRefreshing(() => measureMediaUsage(deps.mediaRoot), {
    maxAgeMs: MEDIA_USAGE_MAX_AGE_MS,
  });
  const renditions = staleWhileRefreshing(
    async (): Promise<SystemStatus['renditions']> => {
      const { upgraded, left, running, lastError } = await deps.renditionUpgrade.status();
      return { upgraded, left, running, lastError };
    },
    { maxAgeMs: RENDITIONS_MAX_AGE_MS },
  );

  const mediaStorage = staleWhileRefreshing(() => deps.mediaMove.status(), {
    maxAgeMs: MEDIA_STORAGE_MAX_AGE_MS,
  });

  const encodes = async (): Promise<SystemStatus['encodes']> => {
    // Started (and its schema created) on first use, as the encode route does.
    await jobs.boss();
    const [counts, failedVideos, failed] = await Promise.all([
      encodeQueueCounts(database.db),
      repository.failedEncodes(database.db, FAILED_LISTED),
      repository.countFailedEncodes(database.db),
    ]);
    const ends = await lastEncodeJobEnds(
      database.db,
      failedVideos.map((video) => video.id),
    );
    return {
      waiting: counts.waiting,
      active: counts.active,
      failed,
      failedVideos: failedVideos.map((video) => ({
        ...video,
        failedAt: ends.get(video.id)?.toISOString() ?? null,
      })),
    };
  };

  return {
    async status(viewer: Viewer): Promise<SystemStatus> {
      requireGeek(viewer);
      const uptimeSeconds = Math.floor(process.uptime());
      const [checks, used, disk, encodeState, lastBackup, layouts, places, cuts] =
        await Promise.all([
          health.check(),
          usage.read(),
          statfsSpace(deps.mediaRoot),
          encodes(),
          readLastBackup(config.dataDir),
          renditions.read(),
          mediaStorage.read(),
          repository.countCuts(database.db),
        ]);
      return {
        version: PLATEAU_VERSION,
        startedAt: new Date(Date.now() - uptimeSeconds * 1000).toISOString(),
        uptimeSeconds,
        database: database.kind,
        storage: {
          usedBytes: Object.values(used).reduce((sum, bytes) => sum + bytes, 0),
          freeBytes: disk.available,
          totalBytes: disk.total,
        },
        encodes: encodeState,
        lastBackup,
        renditions: layouts,
        cuts,
        mediaStorage: places,
        health: {
          database: checks.database,
          queue: checks.queue,
          ffmpeg: deps.mediaBinaries ? 'ok' : 'missing',
        },
      };
    },
  };
};
