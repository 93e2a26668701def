import { mkdtempSync, rmSync } from 'node:fs';
import { copyFile, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Processing } from '@plateau/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { unreferencedMedia, videos } from '../../db/schema.ts';
import { locateMediaBinaries } from '../../media-tools/binaries.ts';
import { mediaKeys, type MediaStorage } from '../../storage/media-storage.ts';
import { openMediaStorage } from '../../storage/open-media-storage.ts';
import { clipsDir, makeClip } from '../../test/clips.ts';
import { createTestUser, openTestDatabase } from '../../test/harness.ts';
import { startStoreProxy, type StoreProxy } from '../../test/store-proxy.ts';
import { bucketKeys, rawKeyOf } from '../../test/stored-media.ts';
import { testTmpDir } from '../../test/test-env.ts';
import { emptyTestPrefix, testMediaEnv } from '../../test/test-media.ts';
import { createMediaService, type MediaService } from './media.service.ts';
import { PNG_BYTES, upload } from './media.test-helpers.ts';

/**
 * A new original travels to the bucket before its row records it: while a 2 GB commit is in
 * progress (held by a relay in front of the store, as a slow link would), the site answers its
 * lists, its media and even the same video's other writes, on both databases (PGlite's one
 * connection included). Before, the commit ran inside the transaction holding the video's row
 * lock, and PGlite's every request waited behind it.
 */
const TWO_GB = 2 ** 31;

/** A playable MP4 (moov first) followed by a sparse `free` box up to `size` bytes. */
const bigOriginal = async (file: string, size: number) => {
  const clip = await readFile(await makeClip(clipsDir, '360p'));
  const handle = await open(file, 'w');
  try {
    const box = Buffer.alloc(8);
    box.writeUInt32BE(size - clip.length, 0);
    box.write('free', 4, 'latin1');
    await handle.write(Buffer.concat([clip, box]));
    await handle.truncate(size);
  } finally {
    await handle.close();
  }
};

interface Site {
  database: DatabaseHandle;
  config: Config;
  storage: MediaStorage;
  app: App;
  media: MediaService;
  auth: Record<string, string>;
}

describe.each(['pglite', 'postgres'] as const)('a long commit to the bucket on %s', (kind) => {
  let proxy: StoreProxy;
  let site: Site;
  let dataDir: string;
  let published: number;

  beforeAll(async () => {
    const env = testMediaEnv();
    if (!env.S3_ENDPOINT) return;
    proxy = await startStoreProxy(env.S3_ENDPOINT);
    dataDir = mkdtempSync(path.join(testTmpDir, 'data-long-commit-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'x'.repeat(64),
      LOG_LEVEL: 'silent',
      ...env,
      S3_ENDPOINT: proxy.endpoint,
    });
    const database = await openTestDatabase(kind);
    const storage = await openMediaStorage(config, database.db);
    const app = await buildApp({ config, database, storage });
    await app.ready();
    const mediaBinaries = await locateMediaBinaries({});
    const media = createMediaService({ db: database.db, storage, mediaBinaries });
    const member = await createTestUser(database.db, config, 'plateau');
    site = { database, config, storage, app, media, auth: member.auth };
    // A published video with a thumbnail in the bucket: what the home page lists and shows.
    const [row] = await database.db
      .insert(videos)
      .values({ title: 'Gala', privacy: 0, processing: Processing.Published, rungs: [240] })
      .returning({ id: videos.id });
    published = row!.id;
    const thumbnail = await storage.writeTemp(Readable.from([PNG_BYTES]));
    await storage.commit(thumbnail, mediaKeys.thumbnail(published));
    await database.db.update(videos).set({ hasThumbnail: true }).where(eq(videos.id, published));
  }, 120_000);

  afterAll(async () => {
    await proxy?.start();
    await site?.app.close();
    await site?.database.close();
    if (site) await emptyTestPrefix(site.config);
    await proxy?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const newVideo = async () => {
    const [row] = await site.database.db
      .insert(videos)
      .values({ title: 'Soirée', privacy: 1 })
      .returning({ id: videos.id });
    return row!.id;
  };

  /** The requests a student and a member make meanwhile, all answered. */
  const siteAnswers = async (uploading: number) => {
    const list = await site.app.inject({ url: '/api/videos?limit=10' });
    expect(list.statusCode).toBe(200);
    expect(list.json().videos.map((video: { id: number }) => video.id)).toContain(published);
    const thumbnail = await site.app.inject({ url: `/api/media/thumbnail/${published}` });
    expect(thumbnail.statusCode).toBe(200);
    // The same video's row: its thumbnail is recorded while its original still travels.
    const own = await upload(site, `/api/media/thumbnail/${uploading}`, site.auth, [
      { field: 'thumbnail_upload', content: PNG_BYTES, filename: 'vignette.png' },
    ]);
    expect(own.statusCode, own.body).toBe(200);
  };

  it('answers the site while 2 GB travel, and a cut commit changes nothing', async (ctx) => {
    if (!site) return ctx.skip();
    const id = await newVideo();
    const temp = await site.storage.tempPath('.mp4');
    await bigOriginal(temp, TWO_GB);
    const held = proxy.holdRequests(/(PUT|POST) \S*\/raw-\d+\.mp4/);
    let settled = false;
    const storing = site.media.storeUpload('video', id, temp).finally(() => {
      settled = true;
    });
    storing.catch(() => undefined);
    await expect.poll(() => held.held(), { timeout: 30_000 }).toBeGreaterThan(0);

    await siteAnswers(id);
    expect(settled).toBe(false);
    const [row] = await site.database.db.select().from(videos).where(eq(videos.id, id));
    expect(row!.processing).toBe(Processing.NoUpload);

    // The link to the store goes down mid-way: nothing is recorded, nothing stays.
    await proxy.stop();
    await expect(storing).rejects.toThrow();
    held.release();
    await proxy.start();
    const [after] = await site.database.db.select().from(videos).where(eq(videos.id, id));
    expect(after).toMatchObject({ processing: Processing.NoUpload, rawVersion: 0 });
    expect(await site.database.db.select().from(unreferencedMedia)).toEqual([]);
    expect(
      (await bucketKeys(site.config, `videos/${id}/`)).filter((k) => k.includes('raw')),
    ).toEqual([]);
  });

  it('records the new original once stored, and removes the one it replaces', async (ctx) => {
    if (!site) return ctx.skip();
    const id = await newVideo();
    const clip = await makeClip(clipsDir, '360p');
    const first = await site.storage.tempPath('.mp4');
    await copyFile(clip, first);
    await site.media.storeUpload('video', id, first);
    const firstKey = await rawKeyOf(site.database.db, id);

    const second = await site.storage.tempPath('.mp4');
    await copyFile(clip, second);
    const held = proxy.holdRequests(/(PUT|POST) \S*\/raw-\d+\.mp4/);
    const storing = site.media.storeUpload('video', id, second);
    await expect.poll(() => held.held(), { timeout: 30_000 }).toBeGreaterThan(0);
    await siteAnswers(id);
    // Until the new file is stored, the row names the old one, which is still there.
    expect(await rawKeyOf(site.database.db, id)).toBe(firstKey);
    expect(await site.storage.stat(firstKey)).not.toBeNull();
    held.release();
    await storing;

    const secondKey = await rawKeyOf(site.database.db, id);
    expect(secondKey).not.toBe(firstKey);
    const raws = (await bucketKeys(site.config, `videos/${id}/`)).filter((k) => k.includes('raw'));
    expect(raws).toEqual([secondKey]);
    expect(await site.database.db.select().from(unreferencedMedia)).toEqual([]);
  });
});
