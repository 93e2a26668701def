import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { createJobQueue } from './jobs/boss.ts';
import { locateMediaBinaries } from './media-tools/binaries.ts';
import { startEncodeWorker, type EncodeWorker } from './modules/encoding/encode-worker.ts';
import { ensureAdmin } from './modules/users/ensure-admin.ts';
import { exitOnStartupProblem, loadConfigOrExit } from './startup.ts';
import { createLocalStorage } from './storage/media-storage.ts';
import { startTemporarySweep } from './storage/temporary-sweep.ts';

const config = loadConfigOrExit();
const database = await openDatabase(config).catch(exitOnStartupProblem);
await database.migrate();
const storage = createLocalStorage(config.mediaDir);
const mediaBinaries = await locateMediaBinaries({
  ffmpegPath: config.ffmpegPath,
  ffprobePath: config.ffprobePath,
});
// pg-boss creates or migrates its `pgboss` schema here, after ours; the worker runs maintenance.
const runWorker = config.inProcessWorker && mediaBinaries !== null;
const jobs = createJobQueue(database, config, { supervise: runWorker });
await jobs.boss();
const app = await buildApp({ config, database, storage, extraDeps: { mediaBinaries, jobs } });
await ensureAdmin(database.db, config, app.log);
// Uploads cut by a crash, here or on another instance (unref'd timer, returns its stop).
startTemporarySweep(storage, app.log);

let worker: EncodeWorker | undefined;
if (runWorker) {
  worker = await startEncodeWorker({
    database,
    storage,
    config,
    binaries: mediaBinaries,
    jobs,
    log: app.log,
  });
  app.log.info(
    `encode worker: in-process, ${config.encodeConcurrency} at a time, ffmpeg ${mediaBinaries.ffmpeg}`,
  );
} else if (!config.inProcessWorker) {
  app.log.info(
    database.kind === 'pglite'
      ? 'ENCODE_IN_PROCESS=false with the embedded database: no other process can encode, encodes will wait'
      : 'encode worker: not in this process (ENCODE_IN_PROCESS=false); run `npm run worker`',
  );
}

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: shutting down`);
  // ffmpeg first: the interrupted jobs are handed back to pg-boss, which retries them on restart.
  await worker?.stop();
  await app.close();
  await jobs.stop();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
console.log(
  `Plateau is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`,
);
