import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { EmbeddedDatabaseBusyError, openDatabase } from './db/client.ts';
import { ensureAdmin } from './modules/users/ensure-admin.ts';
import { createLocalStorage } from './storage/media-storage.ts';

const loadConfigOrExit = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
};

const config = loadConfigOrExit();
const database = await openDatabase(config).catch((error: unknown) => {
  if (error instanceof EmbeddedDatabaseBusyError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
await database.migrate();
const storage = createLocalStorage(config.mediaDir);
const app = await buildApp({ config, database, storage });
await ensureAdmin(database.db, config, app.log);

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
console.log(
  `Plateau is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`,
);
