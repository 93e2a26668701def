import { randomBytes } from 'node:crypto';
import type { FastifyLoggerOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openTestDatabase, useTestApp } from '../../test/harness.ts';
import { metricsAccess } from './metrics-access.ts';
import { bearer, METRICS_TOKEN, scrape, valueOf } from './metrics.test-support.ts';

// No METRICS_TOKEN, bound to every address (the default HOST): /metrics is off.
const ctx = useTestApp();
const opened: App[] = [];
afterAll(async () => {
  for (const app of opened) await app.close();
});

/** Every line an app's logger writes, as the process would print them. */
const lines: string[] = [];

/** Another app on the file's database (or the one given), with these settings. */
const appWith = async (env: Record<string, string>, database = ctx.database) => {
  const config = loadConfig({
    DATA_DIR: ctx.dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...env,
  });
  const options = loggerOptions('trace') as FastifyLoggerOptions;
  const app = await buildApp({
    config,
    database,
    storage: ctx.storage,
    logger: { ...options, stream: { write: (line: string) => lines.push(line) } },
    extraDeps: { mediaBinaries: null },
  });
  opened.push(app);
  return app;
};

const metrics = (app: App, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({ url: '/metrics', headers, ...(remoteAddress && { remoteAddress }) });

describe('who may read /metrics', () => {
  it('nobody without METRICS_TOKEN on a public address: a 404 like an unknown path', async () => {
    const unknown = await ctx.app.inject({ url: '/api/inconnu' });
    for (const headers of [{}, bearer]) {
      const response = await metrics(ctx.app, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
  });

  it('anyone on this machine when bound to loopback, never through a proxy', async () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      expect(metricsAccess({ host, metricsToken: undefined })).toBe('loopback');
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'plateau.example'])
      expect(metricsAccess({ host, metricsToken: undefined })).toBe('off');
    const app = await appWith({ HOST: '127.0.0.1' });
    expect(await scrape(app, {})).toMatch(/^plateau_storage_free_bytes \d+$/m);
    // nginx on the same machine relays the world's requests to 127.0.0.1, saying so.
    const relayedHeaders: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ];
    for (const relayed of relayedHeaders) {
      expect((await metrics(app, relayed)).statusCode).toBe(404);
    }
    expect((await metrics(app, {}, '203.0.113.9')).statusCode).toBe(404);
  });

  it('only the holder of METRICS_TOKEN once it is set, even on loopback', async () => {
    const app = await appWith({ HOST: '127.0.0.1', METRICS_TOKEN });
    expect((await metrics(app)).statusCode).toBe(401);
    expect((await metrics(app, bearer, '203.0.113.9')).statusCode).toBe(200);
    // Behind a proxy, the token is what lets a scraper through.
    expect((await metrics(app, { ...bearer, 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(
      200,
    );
  });

  it('never logs the token, sent right or wrong', async () => {
    const app = await appWith({ METRICS_TOKEN });
    expect((await metrics(app, bearer)).statusCode).toBe(200);
    expect((await metrics(app, { authorization: `Bearer ${METRICS_TOKEN}-faux` })).statusCode).toBe(
      401,
    );
    expect(lines.join('')).toMatch(/"url":"\/metrics"/);
    expect(lines.join('')).not.toContain(METRICS_TOKEN);
  });

  it('still answers with the database gone, its readings empty rather than false', async () => {
    const database = await openTestDatabase();
    const app = await appWith({ METRICS_TOKEN }, database);
    await database.close();
    const text = await scrape(app);
    // No value at all rather than a made-up 0 (no waiting encode, an empty queue...).
    expect(text).toMatch(/^# TYPE plateau_encode_jobs gauge$/m);
    expect(text).not.toMatch(/^plateau_encode_jobs\{/m);
    expect(valueOf(text, 'plateau_scrape_errors_total', { reading: 'encode_queue' })).toBe(1);
    // What does not need the database is still there.
    expect(valueOf(text, 'plateau_storage_free_bytes')).toBeGreaterThan(0);
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(lines.join('')).toMatch(/metrics: encode_queue unreadable/);
  });
});
