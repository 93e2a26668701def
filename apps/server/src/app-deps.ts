import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { Clock } from './lib/ttl-cache.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { LiveRuntime } from './modules/live/live-runtime.ts';
import type { MediaMoveService } from './modules/media-move/media-move.service.ts';
import type { RenditionUpgradeService } from './modules/rendition-upgrade/rendition-upgrade.service.ts';
import type { MediaBinaries } from './media-tools/binaries.ts';
import type { PlateauMetrics } from './modules/metrics/plateau-metrics.ts';
import type { DiskGuard } from './storage/free-space.ts';
import type { MediaStorage } from './storage/media-storage.ts';
import type { ResumableStore } from './storage/resumable-store.ts';
import type { UploadLocker } from './storage/upload-locker.ts';

/** What feature modules receive: configuration, database and media storage. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  storage: MediaStorage;
  /** ffmpeg/ffprobe found at start-up; null when none works (uploads and encodes are refused). */
  mediaBinaries: MediaBinaries | null;
  /** The pg-boss queue (main.ts shares one with the worker); buildApp makes one if absent. */
  jobs: JobQueue;
  /** The conversion of old renditions: its state and start (buildApp makes it if absent). */
  renditionUpgrade: RenditionUpgradeService;
  /** The media move between the disk and the bucket: its state and start (made if absent). */
  mediaMove: MediaMoveService;
  /** Plateau Live's viewers, files and station, started by buildApp (live-runtime.ts). */
  live: LiveRuntime;
  /** Run this process's RTMP ingest (main.ts; tests that broadcast): the live module starts it. */
  liveIngest?: boolean;
  /** Unfinished resumable uploads (main.ts shares it with the sweep); buildApp makes one if absent. */
  resumableStore?: ResumableStore;
  /**
   * The resumable uploads' locks: main.ts shares them through PostgreSQL (several instances);
   * buildApp makes an in-memory one if absent (one process: tests, the embedded database).
   */
  uploadLocker: UploadLocker;
  /**
   * The media disk's floor (DISK_FREE_FLOOR), counting what unfinished uploads still have to
   * write: buildApp makes it unless given one (tests: over a fake free-space provider).
   */
  diskGuard: DiskGuard;
  /** The clock of the short-lived caches (media access); tests move one by hand. */
  clock?: Clock;
  /** The wall clock of the statistics' days and heartbeats (tests move it across days). */
  wallClock?: () => number;
  /** How often the statistics write their sums and keep the lives' viewers (tests: sooner). */
  statisticsEveryMs?: { write: number; liveSample: number };
  /** GET /metrics's registry (main.ts shares it with its encode worker); made if absent and on. */
  metrics?: PlateauMetrics;
}

/** A feature module: given the app's dependencies, a plugin of routes under /api. */
export type FeatureModule = (deps: AppDeps) => FastifyPluginAsyncTypebox;
