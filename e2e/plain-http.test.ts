import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../scripts/network-test-helpers.ts';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { createLocalStorage } from '../apps/server/src/storage/media-storage.ts';
import { openTestDatabase } from '../apps/server/src/test/harness.ts';
import { testTmpDir } from '../apps/server/src/test/test-env.ts';

/**
 * A browser reaching Plateau by a host name over plain http (a LAN, no certificate) must get a
 * working page: no script silently upgraded to an https address nobody answers.
 * `plateau.test` is mapped to 127.0.0.1 inside Chromium, so the browser sees a real host name.
 */

const HOST = 'plateau.test';

let port: number;
let dataDir: string;
let database: DatabaseHandle;
let app: App;
let browser: Browser;

beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(path.join(testTmpDir, 'e2e-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: `http://${HOST}:${port}`,
  });
  database = await openTestDatabase();
  app = await buildApp({
    config,
    database,
    storage: createLocalStorage(config.mediaDir),
    extraDeps: { mediaBinaries: null },
  });
  await app.listen({ host: '127.0.0.1', port });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('loads the web app over plain http by host name', async () => {
  const page = await browser.newPage();
  const scripts: { url: string; status: number }[] = [];
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push({ url: response.url(), status: response.status() });
    }
  });
  page.on('requestfailed', (request) => failed.push(request.url()));

  // `load` waits for the page's module script: by then it has come, or failed.
  await page.goto(`http://${HOST}:${port}/`, { waitUntil: 'load' });
  expect(page.url()).toBe(`http://${HOST}:${port}/`);
  expect(failed).toEqual([]);
  // The entry script and the lazy chunks of the page, all from this origin over http.
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script).toEqual({
      url: expect.stringMatching(`^http://${HOST}:${port}/assets/.+\\.js$`),
      status: 200,
    });
  }

  // The shell renders (with its defaults when the site settings cannot be read).
  await page.getByRole('button', { name: 'Ouvrir le menu' }).waitFor();
  await page.getByRole('banner').getByRole('link', { name: 'Connexion' }).waitFor();
  expect(await page.locator('footer').innerText()).toContain('Version 1.4.0');
  await page.close();
});
