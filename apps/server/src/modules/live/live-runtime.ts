import type { FastifyInstance } from 'fastify';
import { openLiveFiles, type LiveFiles } from './live-files.ts';
import { startLiveStation, type CurrentStation, type LiveDeps } from './live-lifecycle.ts';
import { createLiveViewers, type LiveViewers } from './live-viewers.ts';

/** What runs of Plateau Live beside its routes: started by the wiring (app.ts), not by them. */
export interface LiveRuntime {
  /** The lives' files: this machine's working folder and the bucket copies. */
  files: LiveFiles;
  /** Who is watching, counted across instances. */
  viewers: LiveViewers;
  /** This process's station while it runs the ingest (the lock holder), else undefined. */
  station: CurrentStation;
}

/**
 * Starts the live side of the app on `scope`: the viewer counts' timers, and, when asked
 * (`liveIngest`), the RTMP ingest with its lock take-over and the REDIFF worker; all of it
 * stops when `scope` closes, before the app's job queue does.
 */
export const startLiveRuntime = async (
  scope: FastifyInstance,
  deps: LiveDeps,
): Promise<LiveRuntime> => {
  const viewers = createLiveViewers({
    db: deps.db,
    onError: (error) => scope.log.error({ err: error }, 'live: writing viewers failed'),
  });
  scope.addHook('onClose', () => viewers.stop());
  const files = openLiveFiles(deps.config);
  const station = await startLiveStation(scope, deps, files);
  return { files, viewers, station };
};
