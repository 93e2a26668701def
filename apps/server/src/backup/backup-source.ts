import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { BackupSource } from './backup.ts';
import { bucketMedia } from './bucket-media.ts';
import { dumpPglite, dumpPostgres } from './database-dump.ts';

/** The version a backup records; bundled from the server's package.json. */
export const PLATEAU_VERSION = '1.4.0';

/**
 * What a backup reads: PostgreSQL is dumped by `pg_dump` from anywhere; the embedded database
 * only by the process holding it (`embedded`).
 */
export const backupSource = (config: Config, embedded?: DatabaseHandle): BackupSource => ({
  kind: config.databaseUrl ? 'postgres' : 'pglite',
  dataDir: config.dataDir,
  mediaDir: config.mediaDir,
  plateauVersion: PLATEAU_VERSION,
  bucket: config.mediaStorage.s3 ? bucketMedia(config.mediaStorage.s3) : undefined,
  dumpDatabase: (file) => {
    if (config.databaseUrl) return dumpPostgres(config.databaseUrl, file);
    if (!embedded?.pglite) throw new Error('the embedded database is not open here');
    return dumpPglite(embedded.pglite, file);
  },
});
