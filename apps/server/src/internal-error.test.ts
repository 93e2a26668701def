import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions, type App } from './app.ts';
import { loadConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createLocalStorage } from './storage/media-storage.ts';
import { openTestDatabase } from './test/harness.ts';
import { testTmpDir } from './test/test-env.ts';

/**
 * The 500 path of the error handler: a bug answers a plain French 500 and the details go to
 * the log, never to the client. The failing routes are added by this test only.
 */
const secret = 'détail interne /srv/plateau/config secret=hunter2';
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let app: App;
let database: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(testTmpDir, 'data-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') });
  database = await openTestDatabase();
  app = await buildApp({
    config,
    database,
    storage: createLocalStorage(config.mediaDir),
    logger: { ...(loggerOptions('error') as object), stream: logStream },
    extraDeps: { mediaBinaries: null },
  });
  app.get('/api/test-only/bug', async () => {
    throw new Error(secret);
  });
  app.get('/api/test-only/bad-sql', async () => {
    await database.query('select * from table_that_does_not_exist');
    return { ok: true };
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const internalError = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'Erreur interne du serveur',
};

/** Asks for `url` and answers the response with the error lines logged meanwhile. */
const request = async (url: string) => {
  logLines.length = 0;
  const response = await app.inject({ url });
  const errors = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 50);
  return { response, errors };
};

describe('an unexpected error', () => {
  it('answers 500 with the generic body and logs the details', async () => {
    const { response, errors } = await request('/api/test-only/bug');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(internalError);
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('/srv/plateau');
    expect(response.body).not.toContain('internal-error.test');

    expect(errors).toHaveLength(1);
    const [logged] = errors;
    expect(logged).toMatchObject({ msg: 'unexpected error', err: { message: secret } });
    expect(logged.err.stack).toContain('internal-error.test.ts');
  });

  it('hides a database error the handler does not map', async () => {
    const { response, errors } = await request('/api/test-only/bad-sql');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(internalError);
    expect(response.body).not.toContain('table_that_does_not_exist');

    expect(errors).toHaveLength(1);
    expect(errors[0].err.message).toContain('table_that_does_not_exist');
  });
});
