/**
 * `npm run media -- status | upgrade | move --to s3|local`: the conversion of old renditions
 * into the fragmented layout and the move of media between the disk and a bucket, seen and
 * started from the server's console (the command is in media-command.ts).
 */
import { mediaThroughServer } from '../backup/control-socket.ts';
import { EmbeddedDatabaseBusyError, openDatabase } from '../db/client.ts';
import { siteQueues } from '../job-queues.ts';
import { createJobQueue } from '../jobs/boss.ts';
import {
  createMediaMoveService,
  type MediaStorageStatus,
  type MoveRequest,
} from '../modules/media-move/media-move.service.ts';
import {
  createRenditionUpgradeService,
  type RenditionUpgradeStatus,
} from '../modules/rendition-upgrade/rendition-upgrade.service.ts';
import { loadConfigOrExit } from '../startup.ts';
import { openMediaStorage } from '../storage/open-media-storage.ts';
import { runMediaCli, type MediaConnection } from './media-command.ts';

const connect = async (): Promise<MediaConnection> => {
  const config = loadConfigOrExit();
  // The embedded database while the server runs: the server answers through DATA_DIR's socket.
  if (!config.databaseUrl && (await mediaThroughServer(config.dataDir, 'status')) !== null) {
    return {
      status: async () =>
        (await mediaThroughServer(config.dataDir, 'status')) as RenditionUpgradeStatus,
      start: async () => (await mediaThroughServer(config.dataDir, 'upgrade')) === true,
      storage: async () =>
        (await mediaThroughServer(config.dataDir, 'storage')) as MediaStorageStatus,
      move: async (to) => (await mediaThroughServer(config.dataDir, `move-${to}`)) as MoveRequest,
      close: async () => {},
    };
  }
  const database = await openDatabase(config);
  await database.migrate();
  const jobs = createJobQueue(database, config, { supervise: false, queues: siteQueues });
  const service = createRenditionUpgradeService({
    database,
    storage: await openMediaStorage(config, database.db),
    jobs,
  });
  const moves = createMediaMoveService({ config, database, jobs });
  return {
    status: () => service.status(),
    start: () => service.start(),
    storage: () => moves.status(),
    move: (to) => moves.start(to),
    close: async () => {
      await jobs.stop();
      await database.close();
    },
  };
};

try {
  process.exitCode = await runMediaCli(process.argv.slice(2), connect, {
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  });
} catch (error) {
  if (!(error instanceof EmbeddedDatabaseBusyError)) throw error;
  console.error(
    'La base intégrée est ouverte par un autre processus qui ne répond pas sur DATA_DIR/control.sock : redémarrez le serveur, puis réessayez.',
  );
  process.exitCode = 1;
}
