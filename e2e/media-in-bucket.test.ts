import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@plateau/contract';
import { clipArgs } from '../apps/server/src/cli/demo/demo-media.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { openTestDatabase } from '../apps/server/src/test/harness.ts';
import { testTmpDir } from '../apps/server/src/test/test-env.ts';
import { look, signInWith, useBrowser } from './support/browser.ts';
import { startObjectStore } from './support/object-store.ts';
import { servePlateau, type ServedPlateau } from './support/serve-plateau.ts';
import { expectVideoPlays, mediaState, subtitleTracks } from './support/watch.ts';

/**
 * A student cannot tell where the bytes come from: with every medium in a bucket of a real
 * object store (OpenStack Swift), a browser watches as from the disk, in both S3_DELIVERY
 * modes (Plateau streams the bytes, or sends the browser to a presigned URL of the store), and
 * a visitor gets no URL to a video reserved to signed-in people. The store runs on its own port
 * and directory: the server-s3 project may start or stop the default one meanwhile.
 */
const store = await startObjectStore(8580, '/tmp/plateau-object-store-e2e');

const GEEK = { username: 'e2e-bucket-geek', password: randomBytes(12).toString('base64url') };
const PUBLIC_TITLE = 'Mire dans le seau';
const CS_TITLE = 'Coulisses dans le seau';
/** One cue over the whole clip: whatever the time the player is paused at, it shows. */
const CUE = 'Bonjour depuis le seau !';
const VTT = `WEBVTT\n\n00:00:00.000 --> 00:00:06.000\n${CUE}\n`;

const { visit } = useBrowser();
const run = promisify(execFile);
const workDir = mkdtempSync(path.join(testTmpDir, 'e2e-bucket-'));
const dataDir = path.join(workDir, 'data');
let database: DatabaseHandle;
let served: ServedPlateau | undefined;
const ids = { open: 0, cs: 0 };

/** The same DATA_DIR, database, bucket and prefix for both modes: only S3_DELIVERY changes. */
const env = {
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
  ADMIN_USERNAME: GEEK.username,
  ADMIN_PASSWORD: GEEK.password,
  LOGIN_RATE_LIMIT: '1000',
  ENCODE_CONCURRENCY: '2',
  // No live here: the ingest's default port may be another run's.
  RTMP_PORT: '0',
  MEDIA_STORAGE: 's3',
  S3_ENDPOINT: store?.endpoint ?? '',
  S3_REGION: store?.region ?? '',
  S3_BUCKET: 'plateau-e2e',
  S3_ACCESS_KEY_ID: store?.accessKeyId ?? '',
  S3_SECRET_ACCESS_KEY: store?.secretAccessKey ?? '',
  S3_PREFIX: `e2e-${randomUUID()}`,
};

/** Plateau restarted with `delivery`; the database outlives it (closed after the file). */
const serveIn = async (delivery: 'proxy' | 'redirect') => {
  await served?.close();
  served = await servePlateau({
    config: loadConfig({ ...env, S3_DELIVERY: delivery }),
    database: { ...database, close: async () => {} },
    port: 0,
  });
  return served.baseUrl;
};

const apiCall = async <T>(token: string, method: string, route: string, body?: object) => {
  const answer = await fetch(`${served!.baseUrl}/api/${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body && !(body instanceof FormData) && { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body && JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${route}: ${answer.status} ${await answer.text()}`);
  const text = await answer.text();
  return (text ? JSON.parse(text) : undefined) as T;
};

/** A video made through the API from `clip`, encoded for real into the bucket. */
const publish = async (token: string, clip: string, title: string, privacy: number) => {
  const { id } = await apiCall<Video>(token, 'POST', 'videos', {
    title,
    description: '',
    privacy,
    gpa_restricted: false,
    date: '2026-01-01',
    promotion: '-1',
    directId: '-1',
    tagIds: [],
  });
  const upload = new FormData();
  upload.append('video_upload', await openAsBlob(clip), 'mire.mp4');
  await apiCall(token, 'POST', `media/video/${id}`, upload);
  await apiCall(token, 'POST', `encode/${id}`);
  return id;
};

const encoded = async (token: string, id: number) => {
  const deadline = Date.now() + 60_000;
  while (
    (await apiCall<{ videos: Video[] }>(token, 'GET', `videos/${id}`)).videos[0]?.processing !== 3
  ) {
    if (Date.now() > deadline) throw new Error(`video ${id} was not encoded in time`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

beforeAll(async () => {
  if (!store) return;
  database = await openTestDatabase();
  const baseUrl = await serveIn('proxy');
  // 5 s of 480p: two rungs (480, 240) and a storyboard, encoded in a few seconds.
  const clip = path.join(workDir, 'mire.mp4');
  const mire = { source: 'testsrc2' } as const;
  const args = clipArgs({ picture: mire, width: 854, height: 480, seconds: 5, tone: 440 }, clip);
  await run(served!.binaries.ffmpeg, args);
  const form = new FormData();
  form.append('username', GEEK.username);
  form.append('password', GEEK.password);
  const signed = await fetch(`${baseUrl}/api/token`, { method: 'POST', body: form });
  const { accessToken: token } = (await signed.json()) as { accessToken: string };
  ids.open = await publish(token, clip, PUBLIC_TITLE, 0);
  // CS: for signed-in people only.
  ids.cs = await publish(token, clip, CS_TITLE, 1);
  const caption = new FormData();
  caption.append('caption_upload', new Blob([VTT]), 'mire.vtt');
  await apiCall(token, 'PUT', `media/captions/${ids.open}/fr`, caption);
  await encoded(token, ids.open);
  await encoded(token, ids.cs);
}, 90_000);

afterAll(async () => {
  await served?.close();
  await database?.close();
  await store?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/** Every URL the page asks for, redirects included. */
const recordRequests = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
};
const fromStore = (urls: string[]) => urls.filter((url) => url.startsWith(`${store!.endpoint}/`));

/** Playing, and its time moves on. */
const expectAdvancing = async (page: Page) => {
  await expect
    .poll(async () => {
      const now = await mediaState(page);
      return !now.paused && now.readyState >= 3;
    })
    .toBe(true);
  const first = (await mediaState(page)).currentTime;
  await expect.poll(async () => (await mediaState(page)).currentTime).toBeGreaterThan(first + 0.3);
};

describe.skipIf(!store).each(['proxy', 'redirect'] as const)('S3_DELIVERY=%s', (delivery) => {
  let baseURL = '';
  beforeAll(async () => {
    baseURL = await serveIn(delivery);
  }, 30_000);

  it('plays in Auto and at a fixed rung, with captions and seek previews', async () => {
    const page = await visit({ baseURL });
    const requests = recordRequests(page);
    await signInWith(page, GEEK.username, GEEK.password);
    // Auto: hls.js reads the renditions' byte ranges, from the store itself in redirect mode.
    await expectVideoPlays(page, ids.open, PUBLIC_TITLE);
    expect((await mediaState(page)).src).toMatch(/^blob:/);
    expect((await mediaState(page)).readyState).toBeGreaterThanOrEqual(2);

    await page.getByRole('button', { name: /^Qualité : Auto/ }).click();
    const menu = page.getByRole('menu', { name: 'Qualité' });
    expect((await menu.getByRole('menuitem').allTextContents()).slice(1)).toEqual(['480p', '240p']);
    await menu.getByRole('menuitem', { name: '240p', exact: true }).click();
    await expect
      .poll(async () => (await mediaState(page)).src)
      .toContain(`/media/video/${ids.open}/240?v=0&token=`);
    // Five seconds go fast: the rung plays again from the start.
    await page.evaluate(() => {
      const video = document.querySelector('video')!;
      video.currentTime = 0;
      return video.play();
    });
    await expectAdvancing(page);

    // Paused at 2 s, the rung's frame saves as a PNG (a canvas a store's bytes must not taint).
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.evaluate(() => {
      document.querySelector('video')!.currentTime = 2;
    });
    await page.locator('video').click({ button: 'right' });
    const saved = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: "Télécharger l'image" }).click();
    expect((await saved).suggestedFilename()).toBe('2.00.png');
    // Hovering the bar shows a storyboard tile, whose sprite loads through Plateau's URL.
    const bar = page.getByRole('slider', { name: 'Position de lecture' });
    const hoverBar = async () => {
      const { x, y, width, height } = (await bar.boundingBox())!;
      await page.mouse.move(x + width / 2 - 5, y + height / 2);
      await page.mouse.move(x + width / 2, y + height / 2, { steps: 2 });
    };
    const preview = page.getByTestId('seek-preview');
    await expect
      .poll(async () => {
        await hoverBar();
        return preview.getAttribute('data-shown');
      })
      .toBe('true');
    const tile = page.getByTestId('seek-preview-tile');
    await tile.waitFor();
    const image = await tile.evaluate((element) => getComputedStyle(element).backgroundImage);
    const sprite = /^url\("(.+)"\)$/.exec(image)?.[1] ?? '';
    expect(new URL(sprite).pathname).toBe(`/api/media/storyboard/${ids.open}.jpg`);
    const natural = await page.evaluate(
      (src) =>
        new Promise<number>((resolve, reject) => {
          const loaded = new Image();
          loaded.onload = () => resolve(loaded.naturalWidth);
          loaded.onerror = () => reject(new Error(`${src} did not load`));
          loaded.src = src;
        }),
      sprite,
    );
    expect(natural).toBeGreaterThan(0);

    // The French cue shows.
    await page.getByRole('button', { name: 'Sous-titres : Désactivés' }).click();
    await page
      .getByRole('menu', { name: 'Sous-titres' })
      .getByRole('menuitem', { name: 'Français' })
      .click();
    await expect.poll(async () => (await subtitleTracks(page))[0]?.active).toEqual([CUE]);

    // The bytes came from the store exactly when the mode says so; captions never do.
    const stored = fromStore(requests);
    if (delivery === 'proxy') expect(stored).toEqual([]);
    else {
      expect(stored.some((url) => url.includes(`/videos/${ids.open}/`))).toBe(true);
      expect(stored.filter((url) => url.includes('/captions/'))).toEqual([]);
    }
    await look(page, `seau-${delivery}-lecteur`, hoverBar);
  }, 60_000);

  it('plays the CS video to a signed-in person, and keeps a visitor out with no store URL', async () => {
    const member = await visit({ baseURL });
    await signInWith(member, GEEK.username, GEEK.password);
    await expectVideoPlays(member, ids.cs, CS_TITLE);

    const page = await visit({ baseURL });
    const requests = recordRequests(page);
    await page.goto(`/video?v=${ids.cs}`);
    await page.getByText('Veuillez vous connecter').waitFor();
    await page.waitForURL('**/login');
    expect(fromStore(requests)).toEqual([]);
    // Asked straight, the media answer 401 and never a redirect.
    for (const route of [`video/${ids.cs}/240`, `hls/${ids.cs}/master.m3u8`]) {
      const answer = await fetch(`${baseURL}/api/media/${route}`, { redirect: 'manual' });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('location')).toBeNull();
    }
  }, 60_000);
});
