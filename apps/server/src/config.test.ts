import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { testTmpDir } from './test/test-env.ts';

mkdirSync(testTmpDir, { recursive: true });
const scratch = mkdtempSync(path.join(testTmpDir, 'config-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let dirs = 0;
const freshDir = () => path.join(scratch, `data-${++dirs}`);

describe('loadConfig', () => {
  it('has working defaults: port 8080, ./data, embedded database, a kept JWT secret', () => {
    const cwd = process.cwd();
    process.chdir(scratch);
    try {
      const config = loadConfig({});
      expect(config.port).toBe(8080);
      expect(config.dataDir).toBe(path.join(scratch, 'data'));
      expect(config.databaseUrl).toBeUndefined();
      expect(config.mediaDir).toBe(path.join(scratch, 'data', 'media'));
      expect(config.logLevel).toBe('info');
      expect(config.inProcessWorker).toBe(true);
      expect(config.loginRateLimit).toBe(10);
      expect(config.adminUsername).toBeUndefined();
      expect(config.shutdownGraceSeconds).toBe(10);
      expect(config.mediaAccessTtlSeconds).toBe(5);
      expect(config.mediaAccelRedirect).toBeUndefined();
      expect(config.pgliteSharedBuffersMb).toBeUndefined();
      expect(config.metricsToken).toBeUndefined();
      expect(config.workerMetricsPort).toBeUndefined();
    } finally {
      process.chdir(cwd);
    }
  });

  it('turns the live ingest on at 1935, told to encoders from PUBLIC_URL, and off with 0', () => {
    const live = loadConfig({ DATA_DIR: freshDir(), PUBLIC_URL: 'https://plateau.example' }).live;
    expect(live).toMatchObject({
      rtmpPort: 1935,
      rtmpPublicUrl: 'rtmp://plateau.example:1935/live',
      reconnectGraceSeconds: 180,
      ladderHeights: [480],
      dvrSeconds: 7200,
    });
    const custom = loadConfig({ DATA_DIR: freshDir(), RTMP_PORT: '0', LIVE_LADDER: '480, 720' });
    expect(custom.live.rtmpPort).toBe(0);
    expect(custom.live.ladderHeights).toEqual([720, 480]);
    expect(loadConfig({ DATA_DIR: freshDir(), LIVE_LADDER: '' }).live.ladderHeights).toEqual([]);
  });

  it('generates the JWT secret once into DATA_DIR and reuses it', () => {
    const dataDir = freshDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o077).toBe(0);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(Buffer.from(second.jwtSecret)).toEqual(Buffer.from(first.jwtSecret));
    const other = loadConfig({ DATA_DIR: freshDir() });
    expect(Buffer.from(other.jwtSecret)).not.toEqual(Buffer.from(first.jwtSecret));
    const fromEnv = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'y'.repeat(40) });
    expect(new TextDecoder().decode(fromEnv.jwtSecret)).toBe('y'.repeat(40));
  });

  it('reads a PostgreSQL DATABASE_URL and explicit values', () => {
    const config = loadConfig({
      DATA_DIR: freshDir(),
      PORT: '3000',
      DATABASE_URL: 'postgres://plateau@db:5432/plateau',
      ADMIN_USERNAME: 'regie',
      ADMIN_PASSWORD: 'mot-de-passe',
      LOG_LEVEL: 'warn',
      ENCODE_IN_PROCESS: 'false',
      MEDIA_ACCESS_TTL: '0',
      MEDIA_ACCEL_REDIRECT: '/_plateau/media/',
      PGLITE_SHARED_BUFFERS: '16',
      METRICS_TOKEN: 'Zm9vYmFyYmF6cXV4-._~+/==',
      WORKER_METRICS_PORT: '9464',
    });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: 'postgres://plateau@db:5432/plateau',
      adminUsername: 'regie',
      adminPassword: 'mot-de-passe',
      logLevel: 'warn',
      inProcessWorker: false,
      mediaAccessTtlSeconds: 0,
      mediaAccelRedirect: '/_plateau/media/',
      pgliteSharedBuffersMb: 16,
      metricsToken: 'Zm9vYmFyYmF6cXV4-._~+/==',
      workerMetricsPort: 9464,
    });
  });

  it('refuses a short or unsendable METRICS_TOKEN without repeating it', () => {
    for (const token of [
      'secret-15-chars',
      'seize caracteres',
      'quinze=caracteres',
      'é'.repeat(20),
    ]) {
      const load = () => loadConfig({ DATA_DIR: freshDir(), METRICS_TOKEN: token });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow('METRICS_TOKEN');
      expect(load).not.toThrow(token);
    }
    expect(() => loadConfig({ DATA_DIR: freshDir(), METRICS_TOKEN: '' })).not.toThrow();
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['ADMIN_PASSWORD', { ADMIN_USERNAME: 'regie' }],
    ['ADMIN_USERNAME', { ADMIN_PASSWORD: 'mot-de-passe' }],
    ['ADMIN_PASSWORD', { ADMIN_USERNAME: 'regie', ADMIN_PASSWORD: 'court' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['ENCODE_IN_PROCESS', { ENCODE_IN_PROCESS: 'maybe' }],
    ['JWT_SECRET', { JWT_SECRET: 'too-short' }],
    ['LOGIN_RATE_LIMIT', { LOGIN_RATE_LIMIT: '0' }],
    ['SHUTDOWN_GRACE', { SHUTDOWN_GRACE: '-1' }],
    ['SHUTDOWN_GRACE', { SHUTDOWN_GRACE: '601' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://example.org' }],
    ['MEDIA_ACCESS_TTL', { MEDIA_ACCESS_TTL: '61' }],
    ['MEDIA_ACCEL_REDIRECT', { MEDIA_ACCEL_REDIRECT: '/_media' }],
    ['MEDIA_ACCEL_REDIRECT', { MEDIA_ACCEL_REDIRECT: '/../etc/' }],
    ['PGLITE_SHARED_BUFFERS', { PGLITE_SHARED_BUFFERS: '0' }],
    ['RTMP_PORT', { RTMP_PORT: '1935x' }],
    ['RTMP_PUBLIC_URL', { RTMP_PUBLIC_URL: 'http://plateau.example/live' }],
    ['LIVE_LADDER', { LIVE_LADDER: '480p' }],
    ['LIVE_RECONNECT_GRACE', { LIVE_RECONNECT_GRACE: '0' }],
    ['LIVE_MAX_HOURS', { LIVE_MAX_HOURS: '49' }],
    ['WORKER_METRICS_PORT', { WORKER_METRICS_PORT: '0' }],
    ['WORKER_METRICS_PORT', { WORKER_METRICS_PORT: 'metrics' }],
  ])('refuses a bad %s with a ConfigError naming it', (name, env) => {
    const load = () => loadConfig({ DATA_DIR: freshDir(), ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(name);
  });
});

describe('src/main.ts', () => {
  it('prints one line naming PORT and exits 1 when PORT is bad', { timeout: 180_000 }, () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: 'abc', DATA_DIR: freshDir() };
    delete env.DATABASE_URL;
    const result = spawnSync(
      path.resolve(serverDir, '../../node_modules/.bin/tsx'),
      ['src/main.ts'],
      { cwd: serverDir, env, encoding: 'utf8', timeout: 120_000 },
    );
    expect(result.status).toBe(1);
    const lines = result.stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT/);
    expect(lines[0]).toContain('"abc"');
    expect(result.stdout).toBe('');
  });
});
