import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { siteQueues } from '../../job-queues.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import { createLocalStorage } from '../../storage/media-storage.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { testTmpDir } from '../../test/test-env.ts';

const dataDir = mkdtempSync(path.join(testTmpDir, 'health-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The app as main.ts wires it: its own database and a started job queue (the tests share one). */
const startServer = async () => {
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  });
  const database = await openTestDatabase();
  const jobs = createJobQueue(database, config, { supervise: false, queues: siteQueues });
  await jobs.boss();
  const app = await buildApp({
    config,
    database,
    storage: createLocalStorage(config.mediaDir),
    extraDeps: { mediaBinaries: null, jobs },
  });
  return { app, database, jobs, config };
};

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.app.close());

describe('GET /api/health', () => {
  it('answers 200 to anyone while the database and the queue answer', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', queue: 'ok', storage: 'ok' });
  });

  it('answers 503 naming the media storage when its folder is gone (an unmounted volume)', async () => {
    const app = await buildApp({
      config: server.config,
      database: server.database,
      storage: createLocalStorage(path.join(dataDir, 'unmounted', 'media')),
      extraDeps: { mediaBinaries: null, jobs: server.jobs },
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        database: 'ok',
        queue: 'ok',
        storage: 'unreachable',
      });
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming what is unreachable once the database is gone', async () => {
    await server.jobs.stop();
    await server.database.close();
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      database: 'unreachable',
      queue: 'unreachable',
      storage: 'ok',
    });
  });
});
