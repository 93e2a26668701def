import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import { createLiveStation, type LiveStation } from './live-station.ts';
import { startRtmpIngest } from './rtmp-ingest.ts';

/**
 * Starts this process's RTMP ingest and its station when the app is asked to (main.ts, and
 * tests that broadcast), and stops both when the app closes: the encoders are cut and every
 * part's ffmpeg finishes its files; the lives stay open for the next start to resume.
 */
export const startLiveStation = async (
  app: FastifyInstance,
  deps: AppDeps,
): Promise<LiveStation | undefined> => {
  const { config, mediaBinaries } = deps;
  if (!deps.liveIngest || config.live.rtmpPort === 0) return undefined;
  if (!mediaBinaries) {
    app.log.warn('live: no working ffmpeg, the RTMP ingest is off');
    return undefined;
  }
  const jobs = deps.jobs ?? createJobQueue(deps.database, config);
  const station = createLiveStation({
    db: deps.db,
    storage: deps.storage,
    ffmpeg: mediaBinaries.ffmpeg,
    config,
    jobs,
    live: config.live,
    log: {
      info: (message) => app.log.info(message),
      warn: (message) => app.log.warn(message),
      error: (message, error) => app.log.error({ err: error }, message),
    },
  });
  await station.recover();
  const ingest = await startRtmpIngest({
    port: config.live.rtmpPort,
    host: config.live.rtmpHost,
    handlers: station.handlers,
  });
  app.log.info(`live: RTMP ingest on ${config.live.rtmpHost}:${ingest.port}`);
  app.addHook('onClose', async () => {
    await station.stop();
    ingest.stop();
    if (!deps.jobs) await jobs.stop();
  });
  return station;
};
