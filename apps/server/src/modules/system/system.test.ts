import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATEAU_VERSION } from '../../backup/backup-source.ts';
import { writeLastBackup } from '../../backup/last-backup.ts';
import { videos } from '../../db/schema.ts';
import { testDatabaseKind, useTestApp, type TestUser } from '../../test/harness.ts';

const ctx = useTestApp();

let geek: TestUser;
let member: TestUser;

beforeAll(async () => {
  geek = await ctx.createUser('geek');
  member = await ctx.createUser('plateau');
});

const status = async (headers: Record<string, string> = geek.auth) => {
  const response = await ctx.app.inject({ url: '/api/system', headers });
  return { status: response.statusCode, body: response.json() };
};

describe('GET /api/system', () => {
  it('answers 401 to a visitor and 403 to a member or a user', async () => {
    expect((await status({})).status).toBe(401);
    expect((await status(member.auth)).status).toBe(403);
    const user = await ctx.createUser('user');
    expect((await status(user.auth)).status).toBe(403);
  });

  it('shows a geek the version, uptime, database, disk, queue, backup and health', async () => {
    // 3000 bytes of media the walk counts.
    await mkdir(path.join(ctx.config.mediaDir, 'videos', '1'), { recursive: true });
    await writeFile(path.join(ctx.config.mediaDir, 'videos', '1', '240.mp4'), Buffer.alloc(3000));
    const { status: code, body } = await status();
    expect(code).toBe(200);
    expect(body.version).toBe(PLATEAU_VERSION);
    expect(body.database).toBe(testDatabaseKind);
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    const started = Date.parse(body.startedAt);
    expect(started).toBeLessThanOrEqual(Date.now());
    expect(Math.abs(Date.now() - body.uptimeSeconds * 1000 - started)).toBeLessThan(5000);
    expect(body.storage.usedBytes).toBe(3000);
    expect(body.storage.totalBytes).toBeGreaterThan(0);
    expect(body.storage.freeBytes).toBeGreaterThan(0);
    expect(body.storage.freeBytes).toBeLessThanOrEqual(body.storage.totalBytes);
    expect(body.encodes).toEqual({ waiting: 0, active: 0, failed: 0, failedVideos: [] });
    expect(body.lastBackup).toBeNull();
    // No bucket: every folder is on the disk, and no move can run.
    expect(body.mediaStorage).toEqual({
      newMedia: 'local',
      bucket: false,
      foldersOnDisk: 1,
      foldersInBucket: 0,
      running: false,
      waiting: false,
      target: null,
      lastError: null,
    });
    expect(body.health).toEqual({
      database: 'ok',
      queue: 'ok',
      // The test machines have ffmpeg (.ci/run installs Debian's).
      ffmpeg: 'ok',
    });
  });

  it('lists a failed encode, and a retry through POST /api/encode/:id queues it again', async () => {
    const [row] = await ctx.database.db
      .insert(videos)
      .values({ title: 'Gala raté', processing: 1, encodingError: 'ffmpeg a échoué (code 1)' })
      .returning({ id: videos.id });
    const id = row!.id;
    const before = (await status()).body.encodes;
    expect(before).toMatchObject({ waiting: 0, failed: 1 });
    expect(before.failedVideos).toEqual([
      { id, title: 'Gala raté', error: 'ffmpeg a échoué (code 1)', failedAt: null },
    ]);

    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/encode/${id}`,
      headers: geek.auth,
    });
    expect(retry.statusCode).toBe(200);
    expect((await status()).body.encodes).toEqual({
      waiting: 1,
      active: 0,
      failed: 0,
      failedVideos: [],
    });
    const [video] = await ctx.database.db
      .select({ processing: videos.processing, error: videos.encodingError })
      .from(videos)
      .where(eq(videos.id, id));
    expect(video).toEqual({ processing: 2, error: null });
  });

  it('shows the last backup recorded by npm run backup', async () => {
    const backup = {
      folder: '/srv/sauvegardes/plateau-2025-03-01',
      createdAt: '2025-03-01T02:00:00.000Z',
      files: 1234,
      bytes: 5_000_000_000,
      verified: { at: '2025-03-01T03:00:00.000Z', intact: true },
    };
    await writeLastBackup(ctx.dataDir, backup);
    expect((await status()).body.lastBackup).toEqual(backup);
    await writeLastBackup(ctx.dataDir, { ...backup, verified: null });
    expect((await status()).body.lastBackup).toEqual({ ...backup, verified: null });
  });
});
