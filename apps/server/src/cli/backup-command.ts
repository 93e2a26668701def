import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { EmbeddedDatabaseBusyError, openDatabase, openPglite } from '../db/client.ts';
import { bucketMedia } from '../backup/bucket-media.ts';
import { recordRestoredFolders } from '../storage/media-locations.repository.ts';
import { runBackup, verifyBackup } from '../backup/backup.ts';
import { backupSource } from '../backup/backup-source.ts';
import { backupThroughServer } from '../backup/control-socket.ts';
import {
  checkEmbeddedDatabaseFolder,
  checkEmbeddedSchema,
  checkMediaPlace,
  checkPostgresSchema,
} from '../backup/installation.ts';
import { pgliteFolder, restorePglite, restorePostgres } from '../backup/database-dump.ts';
import { BackupError, readManifest, resolveBackup } from '../backup/manifest.ts';
import { runRestore } from '../backup/restore.ts';
import { noteVerified, writeLastBackup } from '../backup/last-backup.ts';

export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

export const backupUsage = [
  'usage: npm run backup -- --to DIR       a new backup in DIR, linked to the newest one there',
  '       npm run backup -- --verify DIR   checks a backup (or the newest in DIR) against its manifest',
].join('\n');
export const restoreUsage =
  'usage: npm run restore -- --from DIR   restores a backup (or the newest in DIR) into an empty installation';

/** npm runs scripts from the server's folder: a relative DIR means where the person typed it. */
const fromWhereTyped = (dir: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** `--to` names the folder that holds the backups: a file there is a typo, said as such. */
const checkBackupsFolder = async (to: string) => {
  const found = await stat(to).catch(() => null);
  if (found && !found.isDirectory()) {
    throw new BackupError(
      `--to ${to} : c'est un fichier, pas un dossier. Donnez le dossier où ranger les sauvegardes.`,
    );
  }
};

const takeBackup = async (config: Config, to: string, say: (line: string) => void) => {
  await checkBackupsFolder(to);
  await checkMediaPlace(config);
  if (config.databaseUrl) {
    await checkPostgresSchema(config.databaseUrl);
    return (await runBackup(backupSource(config), to, say)).folder;
  }
  // Opening a missing embedded database would create an empty one at the source.
  checkEmbeddedDatabaseFolder(config);
  // The embedded database: the running server takes it, or this process when none runs.
  const throughServer = await backupThroughServer(config.dataDir, to, say);
  if (throughServer) return throughServer;
  let handle;
  try {
    handle = await openPglite(config.dataDir);
  } catch (error) {
    if (error instanceof EmbeddedDatabaseBusyError) {
      throw new BackupError(
        'the server holding the embedded database does not answer on DATA_DIR/control.sock: restart it, then try again',
      );
    }
    throw error;
  }
  try {
    await checkEmbeddedSchema(config, handle.pglite!);
    return (await runBackup(backupSource(config, handle), to, say)).folder;
  } finally {
    await handle.close();
  }
};

const guarded = async (output: CommandOutput, work: () => Promise<number>) => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupError) {
      output.err(error.message);
      return 1;
    }
    // A folder that cannot be read or written (permissions, a file in the way): its one line.
    const { code, message } = error as NodeJS.ErrnoException;
    if (typeof code === 'string' && code.startsWith('E')) {
      output.err(`Échec : ${message}`);
      return 1;
    }
    throw error;
  }
};

/** `npm run backup -- --to DIR | --verify DIR`; answers the exit code. */
export const runBackupCli = (argv: string[], config: () => Config, output: CommandOutput) =>
  guarded(output, async () => {
    const { values } = parseArgs({
      args: argv,
      options: { to: { type: 'string' }, verify: { type: 'string' } },
      strict: false,
    });
    if (typeof values.verify === 'string') {
      const folder = await resolveBackup(fromWhereTyped(values.verify));
      const problems = await verifyBackup(folder);
      await noteVerified(config().dataDir, folder, problems.length === 0);
      for (const problem of problems) output.err(problem);
      const { files } = await readManifest(folder);
      output.out(
        problems.length === 0
          ? `${folder}: intact (${files.length} files)`
          : `${folder}: ${problems.length} problem(s)`,
      );
      return problems.length === 0 ? 0 : 1;
    }
    if (typeof values.to !== 'string') {
      output.err(backupUsage);
      return 2;
    }
    const started = Date.now();
    const settings = config();
    const folder = await takeBackup(settings, fromWhereTyped(values.to), (line) =>
      output.out(line),
    );
    const manifest = await readManifest(folder);
    await writeLastBackup(settings.dataDir, {
      folder,
      createdAt: manifest.createdAt,
      files: manifest.files.length,
      bytes: manifest.files.reduce((sum, file) => sum + file.size, 0),
      verified: null,
    });
    output.out(
      `${folder}: ${manifest.files.length} files, ${manifest.copied} copied (${megabytes(manifest.bytesCopied)}), ${manifest.linked} linked from the previous backup, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (manifest.vanished.length > 0) {
      output.out(`deleted during the backup, not in it: ${manifest.vanished.join(', ')}`);
    }
    return 0;
  });

/** `npm run restore -- --from DIR`; answers the exit code. */
export const runRestoreCli = (argv: string[], config: () => Config, output: CommandOutput) =>
  guarded(output, async () => {
    const { values } = parseArgs({
      args: argv,
      options: { from: { type: 'string' } },
      strict: false,
    });
    if (typeof values.from !== 'string') {
      output.err(restoreUsage);
      return 2;
    }
    const settings = config();
    const url = settings.databaseUrl;
    const restoresIntoBucket = settings.mediaStorage.kind === 's3';
    const { folder, files } = await runRestore(
      fromWhereTyped(values.from),
      {
        kind: url ? 'postgres' : 'pglite',
        dataDir: settings.dataDir,
        mediaDir: settings.mediaDir,
        restoreDatabase: (file) =>
          url ? restorePostgres(url, file) : restorePglite(settings.dataDir, file),
        bucket: restoresIntoBucket ? bucketMedia(settings.mediaStorage.s3!) : undefined,
        recordMediaFolders: async (backend, folders) => {
          const database = await openDatabase(settings);
          try {
            await recordRestoredFolders(database.db, backend, folders);
          } finally {
            await database.close();
          }
        },
      },
      (line) => output.out(line),
    );
    output.out(
      `restored ${folder} (${files} files) into ${url ? 'the database of DATABASE_URL' : pgliteFolder(settings.dataDir)}`,
    );
    return 0;
  });
