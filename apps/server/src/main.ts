import { buildApp } from './app.ts';
import { runBackup } from './backup/backup.ts';
import { backupSource } from './backup/backup-source.ts';
import { startControlSocket } from './backup/control-socket.ts';
import { openDatabase } from './db/client.ts';
import { siteQueues } from './job-queues.ts';
import { createJobQueue } from './jobs/boss.ts';
import { createMediaMoveService } from './modules/media-move/media-move.service.ts';
import {
  startMediaMoveWorker,
  type MediaMoveWorker,
} from './modules/media-move/media-move-worker.ts';
import { createRenditionUpgradeService } from './modules/rendition-upgrade/rendition-upgrade.service.ts';
import { locateMediaBinaries } from './media-tools/binaries.ts';
import { startEncodeWorker, type EncodeWorker } from './modules/encoding/encode-worker.ts';
import { cutAtEncode, startTrimWorker, type TrimWorker } from './modules/media/trim-worker.ts';
import { createWorkerDiskGuard } from './storage/free-space.ts';
import { metricsAccess } from './modules/metrics/metrics-access.ts';
import {
  startRenditionUpgradeWorker,
  type RenditionUpgradeWorker,
} from './modules/rendition-upgrade/rendition-upgrade-worker.ts';
import { createPlateauMetrics } from './modules/metrics/plateau-metrics.ts';
import { ensureAdmin } from './modules/users/ensure-admin.ts';
import { closeHttpServer } from './process/close-http.ts';
import {
  createShutdown,
  handleProcessSignals,
  type LifecycleLog,
} from './process/graceful-shutdown.ts';
import { exitOnStartupProblem, loadConfigOrExit } from './startup.ts';
import { openMediaBackends, openMediaStorage } from './storage/open-media-storage.ts';
import { createResumableStore } from './storage/resumable-store.ts';
import { startTemporarySweep } from './storage/temporary-sweep.ts';
import { createUploadLocker } from './storage/upload-locker.ts';

const config = loadConfigOrExit();
const database = await openDatabase(config).catch(exitOnStartupProblem);
await database.migrate();
const storage = await openMediaStorage(config, database.db).catch(exitOnStartupProblem);
// Several instances may serve a PostgreSQL site: an upload's lock must hold across them.
const uploadLocker = createUploadLocker(
  database.kind === 'postgres' ? config.databaseUrl : undefined,
);
const resumableStore = createResumableStore(
  config,
  config.uploadExpiryHours * 3600 * 1000,
  uploadLocker,
);
const mediaBinaries = await locateMediaBinaries({
  ffmpegPath: config.ffmpegPath,
  ffprobePath: config.ffprobePath,
});
// pg-boss creates or migrates its `pgboss` schema here, after ours, and the site's queues; the
// worker runs maintenance.
const runWorker = config.inProcessWorker && mediaBinaries !== null;
const jobs = createJobQueue(database, config, { supervise: runWorker, queues: siteQueues });
await jobs.boss();
// GET /metrics's registry, shared with the in-process worker so its encodes are seen there.
const metrics = metricsAccess(config) === 'off' ? undefined : createPlateauMetrics();
const app = await buildApp({
  config,
  database,
  storage,
  extraDeps: { mediaBinaries, jobs, liveIngest: true, resumableStore, uploadLocker, metrics },
});
await ensureAdmin(database.db, config, app.log);
const upgradeState = createRenditionUpgradeService({ database, storage, jobs });
const moveState = createMediaMoveService({ config, database, jobs });
// The embedded database has one process: `npm run backup` asks this one to take the backup,
// `npm run media` the conversion's state.
const stopControlSocket =
  database.kind === 'pglite'
    ? await startControlSocket(config.dataDir, {
        backup: async (to, progress) =>
          (await runBackup(backupSource(config, database), to, progress)).folder,
        media: {
          status: () => upgradeState.status(),
          upgrade: () => upgradeState.start(),
          storage: () => moveState.status(),
          'move-s3': () => moveState.start('s3'),
          'move-local': () => moveState.start('local'),
        },
      })
    : async () => {};
// Uploads cut by a crash, here or on another instance, resumable uploads left idle, and files a
// crash left stored without their row.
const stopTemporarySweep = startTemporarySweep(storage, app.log, {
  resumableStore,
  db: database.db,
});

let worker: EncodeWorker | undefined;
let upgrades: RenditionUpgradeWorker | undefined;
let cuts: TrimWorker | undefined;
if (runWorker) {
  // « Montage »: cuts asked of published videos (the cut worker), and of videos in /pending,
  // made by their encode before they are published.
  const cutting = {
    database,
    storage,
    binaries: mediaBinaries,
    disk: createWorkerDiskGuard(config, storage),
    undoDays: config.trimUndoDays,
    log: app.log,
  };
  worker = await startEncodeWorker({
    database,
    storage,
    config,
    binaries: mediaBinaries,
    jobs,
    log: app.log,
    onEncodeEnd: metrics?.observeEncode,
    cutBeforePublishing: cutAtEncode(cutting),
  });
  app.log.info(
    `encode worker: in-process, ${config.encodeConcurrency} at a time, ffmpeg ${mediaBinaries.ffmpeg}`,
  );
  // Old renditions into the fragmented layout, in the background (npm run media -- status).
  upgrades = await startRenditionUpgradeWorker({
    database,
    storage,
    config,
    binaries: mediaBinaries,
    jobs,
    liveness: worker.liveness,
    log: app.log,
  });
  cuts = await startTrimWorker({ ...cutting, jobs, liveness: worker.liveness });
} else if (!config.inProcessWorker) {
  app.log.info(
    database.kind === 'pglite'
      ? 'ENCODE_IN_PROCESS=false with the embedded database: no other process can encode, encodes will wait'
      : 'encode worker: not in this process (ENCODE_IN_PROCESS=false); run `npm run worker`',
  );
}

// The archive's move between the disk and the bucket (npm run media -- move): no ffmpeg needed.
let moves: MediaMoveWorker | undefined;
const backends = config.inProcessWorker ? await openMediaBackends(config) : undefined;
if (backends?.bucket) {
  moves = await startMediaMoveWorker({
    database,
    jobs,
    stores: { local: backends.local, s3: backends.bucket },
    speedMBps: config.mediaMoveSpeed,
    log: app.log,
  });
}

const log: LifecycleLog = {
  info: (message) => app.log.info(message),
  error: (message, error) => app.log.error({ err: error }, message),
};
// Closed newest first when the process stops: HTTP (after the grace), worker, queue, database.
const shutdown = createShutdown(log);
shutdown.onShutdown('database', () => database.close());
// After the HTTP server: the uploads still running give their locks back first.
shutdown.onShutdown('upload locks', () => uploadLocker.close());
shutdown.onShutdown('job queue', () => jobs.stop());
shutdown.onShutdown('encode worker', () => worker?.stop());
shutdown.onShutdown('rendition upgrade', () => upgrades?.stop());
shutdown.onShutdown('cuts', () => cuts?.stop());
shutdown.onShutdown('media move', () => moves?.stop());
const graceMs = config.shutdownGraceSeconds * 1000;
shutdown.onShutdown('HTTP server', () => closeHttpServer(app, graceMs));
shutdown.onShutdown('temporary-file sweep', stopTemporarySweep);
shutdown.onShutdown('control socket', stopControlSocket);
// Past the grace: the worker (5 s), pg-boss (10 s) and the database.
handleProcessSignals(shutdown, { log, deadlineMs: graceMs + 30_000 });

await app.listen({ port: config.port, host: config.host });
console.log(
  `Plateau is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`,
);
