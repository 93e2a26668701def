import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import { bucketMedia } from './bucket-media.ts';
import { pgliteFolder } from './database-dump.ts';
import { BackupError } from './manifest.ts';

/**
 * A backup reads an installation that exists, or fails at once: a nightly cron line with a
 * mistyped DATA_DIR or DATABASE_URL must fail the first night, not save an empty site every
 * night. Nothing here creates or changes anything at the source.
 */

/** A table every Plateau database holds from its first migration. */
const PLATEAU_TABLE = 'public.videos';
/** Asked of both kinds of database: `found` is null without Plateau's tables. */
const FIND_PLATEAU_TABLE = `select to_regclass('${PLATEAU_TABLE}')::text as found`;

const noSchema = (setting: 'DATA_DIR' | 'DATABASE_URL', where: string, database: string) =>
  new BackupError(
    `${where} : ${database} ne contient pas les tables de Plateau (aucune table ${PLATEAU_TABLE}). Vérifiez ${setting} : rien n'a été sauvegardé.`,
  );

const isFolder = (folder: string) => statSync(folder, { throwIfNoEntry: false })?.isDirectory();

/**
 * The embedded database's folder: checked before anything opens it, since opening a missing one
 * creates an empty database there.
 */
export const checkEmbeddedDatabaseFolder = (config: Config) => {
  const folder = pgliteFolder(config.dataDir);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BackupError(
      `DATA_DIR=${config.dataDir} : aucune installation Plateau ici (pas de base embarquée dans ${folder}). Vérifiez DATA_DIR, ou DATABASE_URL pour une base PostgreSQL : rien n'a été sauvegardé.`,
    );
  }
};

/** The embedded database, once open: it holds Plateau's schema. */
export const checkEmbeddedSchema = async (config: Config, client: PGlite) => {
  const { rows } = await client.query<{ found: string | null }>(FIND_PLATEAU_TABLE);
  if (!rows[0]?.found) {
    throw noSchema('DATA_DIR', `DATA_DIR=${config.dataDir}`, 'la base embarquée');
  }
};

/** DATABASE_URL answers and holds Plateau's schema (its URL, which may hold a password, is never shown). */
export const checkPostgresSchema = async (url: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `DATABASE_URL : la base ne répond pas (${(error as Error).message}) : rien n'a été sauvegardé.`,
    );
  }
  try {
    const { rows } = await client.query<{ found: string | null }>(FIND_PLATEAU_TABLE);
    if (!rows[0]?.found) throw noSchema('DATABASE_URL', 'DATABASE_URL', 'cette base');
  } finally {
    await client.end();
  }
};

/**
 * Where the media are: the media folder (or, before the first upload, the DATA_DIR above it)
 * on the disk; the bucket answers with MEDIA_STORAGE=s3.
 */
export const checkMediaPlace = async (config: Config) => {
  if (config.mediaStorage.kind === 's3') {
    const { s3 } = config.mediaStorage;
    const bucket = bucketMedia(s3);
    try {
      await bucket.check();
    } catch (error) {
      throw new BackupError(
        `S3_BUCKET=${s3.bucket} sur S3_ENDPOINT=${s3.endpoint} ne répond pas (${(error as Error).name}) : rien n'a été sauvegardé.`,
      );
    } finally {
      bucket.close();
    }
    return;
  }
  if (!isFolder(config.mediaDir) && !isFolder(config.dataDir)) {
    throw new BackupError(
      `DATA_DIR=${config.dataDir} : ce dossier n'existe pas, aucune installation Plateau ici. Vérifiez DATA_DIR : rien n'a été sauvegardé.`,
    );
  }
};
