import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../../../scripts/build.mjs';
import { loadConfig } from '../config.ts';
import { openPostgres, pgliteExtensions, wrapPglite, type DatabaseHandle } from '../db/client.ts';
import { siteQueues } from '../job-queues.ts';
import { createJobQueue } from '../jobs/boss.ts';
import { adminUrl, testTmpDir } from './test-env.ts';

/**
 * Our migrations, then pg-boss's schema and the site's queues, as a first start leaves them:
 * every file's app would otherwise create them again (0.15-0.9 s on PGlite, 20 ms once there).
 */
const prepare = async (handle: DatabaseHandle) => {
  await handle.migrate();
  const config = loadConfig({
    DATA_DIR: testTmpDir,
    JWT_SECRET: 'x'.repeat(64),
    LOG_LEVEL: 'silent',
  });
  const jobs = createJobQueue(handle, config, { supervise: false, queues: siteQueues });
  await jobs.boss();
  await jobs.stop();
};

/**
 * The server as `npm start` runs it (scripts/build.mjs), built for this run's process tests:
 * started from the sources through tsx, each process spent about 2.5 s more CPU loading them.
 * A copy of the run's own, so that a build in dist/ meanwhile (`npm start`'s test) changes
 * nothing under a running test.
 */
const buildRunServer = async (project: TestProject) => {
  const outdir = path.join(testTmpDir, `server-build-${project.name}-${process.pid}`);
  await buildServer({ outdir });
  project.provide('serverBuild', outdir);
  return outdir;
};

/**
 * Migrates one database per run and hands its copy to every test file: a PGlite data-dir dump,
 * or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  // The project's `test.env` reaches test files, not this setup: read it from the project.
  const kind = project.config.env?.PLATEAU_TEST_DB ?? process.env.PLATEAU_TEST_DB ?? 'pglite';
  mkdirSync(testTmpDir, { recursive: true });
  const serverBuild = await buildRunServer(project);
  if (kind === 'postgres') {
    const template = `plateau_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(adminUrl());
    url.pathname = `/${template}`;
    const handle = openPostgres(url.toString(), 1);
    await prepare(handle);
    await handle.close();
    project.provide('postgresTemplate', template);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
      rmSync(serverBuild, { recursive: true, force: true });
    };
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const handle = wrapPglite(client);
  await prepare(handle);
  const dump = await client.dumpDataDir('none');
  const file = path.join(testTmpDir, `pglite-template-${project.name}-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  // The same, as a folder on disk: a server process started on a copy of it skips PostgreSQL's
  // initdb and the migrations (5-7 s of CPU each time on PGlite).
  const directory = path.join(testTmpDir, `pglite-template-${project.name}-${process.pid}`);
  rmSync(directory, { recursive: true, force: true });
  const onDisk = await PGlite.create({
    dataDir: directory,
    loadDataDir: dump,
    extensions: pgliteExtensions,
  });
  await onDisk.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgliteTemplateDir', directory);
  return () => {
    rmSync(file, { force: true });
    rmSync(directory, { recursive: true, force: true });
    rmSync(serverBuild, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
    pgliteTemplate: string;
    /** The PGlite template as a data folder, for a server process to start on a copy. */
    pgliteTemplateDir: string;
    /** The folder of this run's server build (`serverEntries` of scripts/build.mjs). */
    serverBuild: string;
  }
}
