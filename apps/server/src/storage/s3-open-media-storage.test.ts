import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startupProblem } from '../startup.ts';
import { openTestDatabase } from '../test/harness.ts';
import { testTmpDir } from '../test/test-env.ts';
import { openMediaStorage } from './open-media-storage.ts';

const store = inject('objectStore');

describe.skipIf(!store)('MEDIA_STORAGE=s3 at start', () => {
  const dataDir = mkdtempSync(path.join(testTmpDir, 'open-s3-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const settings = (overrides: Record<string, string>) =>
    loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'x'.repeat(32),
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: store!.endpoint,
      S3_BUCKET: 'plateau-tests',
      S3_ACCESS_KEY_ID: store!.accessKeyId,
      S3_SECRET_ACCESS_KEY: store!.secretAccessKey,
      ...overrides,
    });

  /** The one line `npm start` prints when the storage cannot be opened. */
  const problemAtStart = async (overrides: Record<string, string>) => {
    const database = await openTestDatabase();
    try {
      await openMediaStorage(settings(overrides), database.db);
      return null;
    } catch (error) {
      return startupProblem(error) ?? `unexpected: ${String(error)}`;
    } finally {
      await database.close();
    }
  };

  it('opens the bucket, making it when missing', async () => {
    expect(await problemAtStart({ S3_BUCKET: `plateau-open-${Date.now()}` })).toBeNull();
  });

  it('names the keys when the store refuses them', async () => {
    const line = await problemAtStart({ S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    expect(line).toMatch(
      /^Configuration error: .*refused S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(line).not.toContain('not-the-secret');
    expect(line).not.toContain('\n');
  });

  it('names the endpoint when nothing answers there', async () => {
    const line = await problemAtStart({ S3_ENDPOINT: 'http://127.0.0.1:9' });
    expect(line).toMatch(/^Media storage unavailable: .*S3_ENDPOINT=http:\/\/127\.0\.0\.1:9/);
    expect(line).not.toContain('\n');
  });

  it('names a missing setting before trying anything', () => {
    expect(() => settings({ S3_BUCKET: '' })).toThrow(
      /S3_BUCKET is required when MEDIA_STORAGE=s3/,
    );
  });
});
