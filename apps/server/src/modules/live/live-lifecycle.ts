import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { MediaBinaries } from '../../media-tools/binaries.ts';
import type { MediaStorage } from '../../storage/media-storage.ts';
import { trySessionLock, type SessionLock } from '../../db/session-lock.ts';
import type { LiveFiles } from './live-files.ts';
import { createLiveStation, type LiveStation } from './live-station.ts';
import { startRediffWorker, type RediffWorker } from './rediff-worker.ts';
import { startRtmpIngest, type RtmpIngest } from './rtmp-ingest.ts';

/** The session advisory lock of "this process runs the site's live ingest". */
const INGEST_LOCK = 72430004;
/** How often a process without the ingest checks whether the one with it is gone. */
const TAKEOVER_RETRY_MS = 5_000;

/** Which process's station runs now: read at each request, it changes at a takeover. */
export type CurrentStation = () => LiveStation | undefined;

/**
 * Starts the site's RTMP ingest and its station when the app is asked to (main.ts, and tests
 * that broadcast), and stops both when the app closes: the encoders are cut and every part's
 * ffmpeg finishes its files; the lives stay open for the next start to resume.
 *
 * Exactly one process per database runs them: on PostgreSQL, the one holding a session
 * advisory lock. The others keep their RTMP port closed (an encoder or nginx's `stream`
 * upstreams go to the holder) and try again every few seconds; when the holder stops or dies
 * its connection goes and the lock with it, and the next one takes over, its recover() running
 * the grace of the lives left open. The embedded database has one process: it just runs them.
 */
/** What the live side needs of the app (the wiring's AppDeps has it all). */
export interface LiveDeps {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  storage: MediaStorage;
  mediaBinaries: MediaBinaries | null;
  jobs: JobQueue;
  /** Run this process's RTMP ingest (main.ts; tests that broadcast). */
  liveIngest?: boolean;
}

export const startLiveStation = async (
  app: FastifyInstance,
  deps: LiveDeps,
  files: LiveFiles,
): Promise<CurrentStation> => {
  const { config, mediaBinaries } = deps;
  if (!deps.liveIngest || config.live.rtmpPort === 0) return () => undefined;
  if (!mediaBinaries) {
    app.log.warn('live: no working ffmpeg, the RTMP ingest is off');
    return () => undefined;
  }
  const { jobs } = deps;
  let running:
    | { station: LiveStation; rediffs: RediffWorker; ingest: RtmpIngest; lock?: SessionLock }
    | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let toldWaiting = false;

  const log = {
    info: (message: string) => app.log.info(message),
    warn: (message: string) => app.log.warn(message),
    error: (message: string, error?: unknown) => app.log.error({ err: error }, message),
  };
  const run = async (lock?: SessionLock) => {
    const stationDeps = {
      db: deps.db,
      storage: deps.storage,
      files,
      ffmpeg: mediaBinaries.ffmpeg,
      ffprobe: mediaBinaries.ffprobe,
      config,
      jobs,
      live: config.live,
      log,
    };
    const station = createLiveStation(stationDeps);
    // The REDIFFs are joined where the parts are: by the process running the ingest.
    let rediffs: RediffWorker | undefined;
    try {
      rediffs = await startRediffWorker(await jobs.boss(), stationDeps, log);
      await station.recover();
      const ingest = await startRtmpIngest({
        port: config.live.rtmpPort,
        host: config.live.rtmpHost,
        handlers: station.handlers,
      });
      running = { station, rediffs, ingest, lock };
    } catch (error) {
      await station.stop();
      await rediffs?.stop();
      lock?.release();
      throw error;
    }
    app.log.info(
      `live: this process (pid ${process.pid}) runs the RTMP ingest on ${config.live.rtmpHost}:${running.ingest.port}`,
    );
    void lock?.lost.then((error) => {
      if (closed || running?.lock !== lock) return;
      // Another process may hold the lock now: this one must not receive encoders any more.
      app.log.error({ err: error }, 'live: lost the ingest lock, stopping the RTMP ingest');
      void stop()
        .catch((stopError) => app.log.error({ err: stopError }, 'live: stopping failed'))
        .finally(schedule);
    });
  };

  const stop = async () => {
    const current = running;
    running = undefined;
    if (!current) return;
    await current.station.stop();
    await current.rediffs.stop();
    current.ingest.stop();
    // Last: the next holder's recover() must see the lives as this station left them.
    current.lock?.release();
  };

  /** One attempt at the lock; true when this process runs the ingest now. */
  const attempt = async () => {
    const lock = await trySessionLock(deps.database, INGEST_LOCK);
    if (!lock) {
      if (!toldWaiting) {
        toldWaiting = true;
        app.log.info(
          `live: another Plateau process runs the RTMP ingest; this one (pid ${process.pid}) takes over if it stops`,
        );
      }
      return false;
    }
    if (closed) {
      lock.release();
      return false;
    }
    await run(lock);
    toldWaiting = false;
    if (closed) await stop();
    return true;
  };

  const schedule = () => {
    if (closed) return;
    retry = setTimeout(() => {
      attempt()
        .catch((error) => {
          app.log.error({ err: error }, 'live: taking over the RTMP ingest failed');
          return false;
        })
        .then((runs) => {
          if (!runs) schedule();
        });
    }, TAKEOVER_RETRY_MS);
    retry.unref();
  };

  if (deps.database.kind === 'pglite') await run();
  else if (!(await attempt())) schedule();

  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(retry);
    await stop();
  });
  return () => running?.station;
};
