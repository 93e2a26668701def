import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, pgliteExtensions, wrapPglite } from '../db/client.ts';
import { adminUrl, testTmpDir } from './test-env.ts';

/**
 * Migrates one database per run and hands its copy to every test file: a PGlite data-dir dump,
 * or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  // The project's `test.env` reaches test files, not this setup: read it from the project.
  const kind = project.config.env?.PLATEAU_TEST_DB ?? process.env.PLATEAU_TEST_DB ?? 'pglite';
  mkdirSync(testTmpDir, { recursive: true });
  if (kind === 'postgres') {
    const template = `plateau_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(adminUrl());
    url.pathname = `/${template}`;
    const handle = openPostgres(url.toString(), 1);
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplate', template);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const handle = wrapPglite(client);
  await handle.migrate();
  const dump = await client.dumpDataDir('none');
  const file = path.join(testTmpDir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
    pgliteTemplate: string;
  }
}
