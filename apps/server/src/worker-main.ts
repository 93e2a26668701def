import { openPostgres } from './db/client.ts';
import { siteQueues } from './job-queues.ts';
import { createJobQueue } from './jobs/boss.ts';
import { startMediaMoveWorker } from './modules/media-move/media-move-worker.ts';
import { locateMediaBinaries } from './media-tools/binaries.ts';
import { startEncodeWorker } from './modules/encoding/encode-worker.ts';
import { cutAtEncode, startTrimWorker } from './modules/media/trim-worker.ts';
import { createWorkerDiskGuard } from './storage/free-space.ts';
import { metricsAccess } from './modules/metrics/metrics-access.ts';
import { createPlateauMetrics } from './modules/metrics/plateau-metrics.ts';
import { startRenditionUpgradeWorker } from './modules/rendition-upgrade/rendition-upgrade-worker.ts';
import { startWorkerMetricsServer } from './modules/metrics/worker-metrics-server.ts';
import { createShutdown, handleProcessSignals } from './process/graceful-shutdown.ts';
import { standardOutputLog } from './process/standard-output-log.ts';
import { exitOnStartupProblem, loadConfigOrExit } from './startup.ts';
import { openMediaBackends, openMediaStorage } from './storage/open-media-storage.ts';
import { startTemporarySweep } from './storage/temporary-sweep.ts';

/**
 * `npm run worker`: an encode-only process taking jobs from the shared PostgreSQL database and
 * writing into the shared media directory (DATA_DIR/media). Any number may run beside the API.
 */
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const config = loadConfigOrExit();

if (!config.databaseUrl) {
  fail(
    'npm run worker needs DATABASE_URL (PostgreSQL): the embedded database can be opened by one process only, ' +
      'and the server already encodes in-process (ENCODE_IN_PROCESS, on by default).',
  );
}
const binaries = await locateMediaBinaries({
  ffmpegPath: config.ffmpegPath,
  ffprobePath: config.ffprobePath,
});
if (!binaries) {
  fail('No working ffmpeg/ffprobe: install ffmpeg, or set FFMPEG_PATH and FFPROBE_PATH.');
}
if (config.workerMetricsPort !== undefined && metricsAccess(config) === 'off') {
  fail(
    'WORKER_METRICS_PORT needs METRICS_TOKEN, or HOST on loopback (127.0.0.1): otherwise its /metrics would answer nobody.',
  );
}
// This process's encodes are seen by no server's /metrics: it serves its own registry.
const metrics = config.workerMetricsPort === undefined ? undefined : createPlateauMetrics();
const metricsServer =
  metrics &&
  (await startWorkerMetricsServer(metrics, config, config.workerMetricsPort!).catch(
    (error: Error) => fail(`WORKER_METRICS_PORT: ${error.message}`),
  ));

const output = standardOutputLog();
const line = (level: string) => (msg: string, error?: unknown) =>
  output.write(
    `${JSON.stringify({
      level,
      time: new Date().toISOString(),
      msg,
      ...(error === undefined ? {} : { err: error instanceof Error ? error.stack : String(error) }),
    })}\n`,
  );
const log = { info: line('info'), warn: line('warn'), error: line('error') };
const database = openPostgres(config.databaseUrl!, config.encodeConcurrency + 4);
await database.migrate();
const jobs = createJobQueue(database, config, { supervise: true, queues: siteQueues });
const storage = await openMediaStorage(config, database.db).catch(exitOnStartupProblem);
// What a killed worker left on its disk (working copies of bucket media, encode outputs), once
// idle past the limit: on a machine of its own (MEDIA_STORAGE=s3) no server's sweep sees it.
const stopTemporarySweep = startTemporarySweep(storage, log);
// « Montage »: cuts asked of published videos (the cut worker), and of videos in /pending,
// made by their encode before they are published.
const cutting = {
  database,
  storage,
  binaries: binaries!,
  disk: createWorkerDiskGuard(config, storage),
  undoDays: config.trimUndoDays,
  log,
};
const worker = await startEncodeWorker({
  database,
  storage,
  config,
  binaries: binaries!,
  jobs,
  log,
  onEncodeEnd: metrics?.observeEncode,
  cutBeforePublishing: cutAtEncode(cutting),
});
// Old renditions into the fragmented layout, one run at a time on the whole site.
const upgrades = await startRenditionUpgradeWorker({
  database,
  storage,
  config,
  binaries: binaries!,
  jobs,
  liveness: worker.liveness,
  log,
});
const cuts = await startTrimWorker({ ...cutting, jobs, liveness: worker.liveness });
// The archive's move between the disk and the bucket, one run at a time on the whole site.
const backends = await openMediaBackends(config).catch(exitOnStartupProblem);
const moves =
  backends.bucket &&
  (await startMediaMoveWorker({
    database,
    jobs,
    stores: { local: backends.local, s3: backends.bucket },
    speedMBps: config.mediaMoveSpeed,
    log,
  }));
log.info(
  `encode worker started: ${config.encodeConcurrency} at a time, ffmpeg ${binaries!.ffmpeg} (${binaries!.version})`,
);

// Closed newest first when the process stops: the worker and its ffmpeg, the queue, the database.
const shutdown = createShutdown(log);
shutdown.onShutdown('database', () => database.close());
shutdown.onShutdown('job queue', () => jobs.stop());
shutdown.onShutdown('temporary-file sweep', stopTemporarySweep);
shutdown.onShutdown('encode worker', () => worker.stop());
shutdown.onShutdown('rendition upgrade', () => upgrades.stop());
shutdown.onShutdown('cuts', () => cuts.stop());
if (moves) shutdown.onShutdown('media move', () => moves.stop());
if (metricsServer) {
  shutdown.onShutdown('metrics server', metricsServer.stop);
  log.info(`metrics: GET /metrics on ${config.host}:${metricsServer.port}`);
}
handleProcessSignals(shutdown, { log, deadlineMs: 30_000 });
