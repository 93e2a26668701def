import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import type { Config } from '../../apps/server/src/config.ts';
import type { DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { siteQueues } from '../../apps/server/src/job-queues.ts';
import { createJobQueue } from '../../apps/server/src/jobs/boss.ts';
import type { JobQueue } from '../../apps/server/src/jobs/job-queue.ts';
import {
  locateMediaBinaries,
  type MediaBinaries,
} from '../../apps/server/src/media-tools/binaries.ts';
import {
  startEncodeWorker,
  type EncodeWorker,
} from '../../apps/server/src/modules/encoding/encode-worker.ts';
import {
  cutAtEncode,
  startTrimWorker,
  type TrimWorker,
} from '../../apps/server/src/modules/media/trim-worker.ts';
import { createWorkerDiskGuard } from '../../apps/server/src/storage/free-space.ts';
import { ensureAdmin } from '../../apps/server/src/modules/users/ensure-admin.ts';
import { openMediaStorage } from '../../apps/server/src/storage/open-media-storage.ts';

export interface ServedPlateau {
  baseUrl: string;
  binaries: MediaBinaries;
  /** Stops the worker, the queue and the server, then closes the database. */
  close(): Promise<void>;
}

export interface ServeOptions {
  config: Config;
  /** Migrated; closed by `close()`, or here when the start fails. */
  database: DatabaseHandle;
  /** 0 for any free port. */
  port: number;
  /** The worker's warnings and errors (silent when absent). */
  log?: (line: string) => void;
}

/**
 * Plateau as `npm start` runs it, in this process: the API and the built web app on 127.0.0.1,
 * the admin account of the config, the encode and cut workers, so scenarios encode and cut for real, and the
 * RTMP ingest when the config has a port, so they broadcast for real.
 */
export const servePlateau = async ({
  config,
  database,
  port,
  log = () => {},
}: ServeOptions): Promise<ServedPlateau> => {
  let jobs: JobQueue | undefined;
  let worker: EncodeWorker | undefined;
  let cuts: TrimWorker | undefined;
  let app: App | undefined;
  const close = async () => {
    await cuts?.stop();
    await worker?.stop();
    await jobs?.stop();
    await app?.close();
    await database.close();
  };
  try {
    const binaries = await locateMediaBinaries({});
    if (!binaries) throw new Error('e2e: ffmpeg/ffprobe introuvables');
    // MEDIA_STORAGE of the config: the local folder, or a bucket (reached and checked here).
    const storage = await openMediaStorage(config, database.db);
    jobs = createJobQueue(database, config, { supervise: true, queues: siteQueues });
    await jobs.boss();
    app = await buildApp({
      config,
      database,
      storage,
      // The live ingest too, on the config's RTMP_PORT (0: none).
      extraDeps: { mediaBinaries: binaries, jobs, liveIngest: true },
      // Another build of the web app (a screen still on its branch); default: this one's.
      ...(process.env.E2E_WEB_DIST && { webDist: path.resolve(process.env.E2E_WEB_DIST) }),
    });
    await ensureAdmin(database.db, config, app.log);
    const quiet = { info: () => {}, warn: log, error: log };
    const cutting = {
      database,
      storage,
      binaries,
      disk: createWorkerDiskGuard(config, storage),
      undoDays: config.trimUndoDays,
      log: quiet,
    };
    worker = await startEncodeWorker({
      database,
      storage,
      config,
      binaries,
      jobs,
      log: quiet,
      cutBeforePublishing: cutAtEncode(cutting),
    });
    cuts = await startTrimWorker({ ...cutting, jobs, liveness: worker.liveness });
    await app.listen({ port, host: '127.0.0.1' });
    const { port: bound } = app.server.address() as AddressInfo;
    return { baseUrl: `http://127.0.0.1:${bound}`, binaries, close };
  } catch (error) {
    await close();
    throw error;
  }
};
