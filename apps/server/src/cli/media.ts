/**
 * `npm run media -- status | upgrade`: the conversion of old renditions into the fragmented
 * layout, seen and started from the server's console (the command is in media-command.ts).
 */
import { EmbeddedDatabaseBusyError, openDatabase } from '../db/client.ts';
import { createJobQueue } from '../jobs/boss.ts';
import { createRenditionUpgradeService } from '../jobs/rendition-upgrade-status.ts';
import { loadConfigOrExit } from '../startup.ts';
import { createLocalStorage } from '../storage/media-storage.ts';
import { runMediaCli, type MediaConnection } from './media-command.ts';

const connect = async (): Promise<MediaConnection> => {
  const config = loadConfigOrExit();
  const database = await openDatabase(config);
  await database.migrate();
  const jobs = createJobQueue(database, config);
  const service = createRenditionUpgradeService({
    database,
    storage: createLocalStorage(config.mediaDir),
    jobs,
  });
  return {
    status: () => service.status(),
    start: () => service.start(),
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
    "La base intégrée est ouverte par le serveur en marche : la vue Système du site montre la conversion, et le serveur la lance lui-même à chaque démarrage s'il reste des vidéos à convertir.",
  );
  process.exitCode = 1;
}
