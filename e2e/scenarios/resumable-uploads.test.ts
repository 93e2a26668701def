import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@plateau/contract';
import { clipArgs } from '../../apps/server/src/cli/demo/demo-media.ts';
import { signIn, useBrowser } from '../support/browser.ts';
import { apiAs, type ApiCall } from '../support/api.ts';
import { plateau } from '../support/plateau.ts';

/**
 * Uploads that survive the school's Wi-Fi, in Chromium against a real Plateau: a 300 MB video
 * cut off the network mid-way, and one interrupted by a reload, both finish from where the
 * server stopped, not from zero; the stored file is the source, byte for byte.
 */
const { visit } = useBrowser();
const dir = mkdtempSync(path.join(tmpdir(), 'plateau-resumable-'));
const big = path.join(dir, 'soiree-complete.mp4');
const BIG_BYTES = 300 * 1000 * 1000;
const created: number[] = [];
const run = randomBytes(3).toString('hex');
let api: ApiCall;
let token = '';
let bigMd5 = '';

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

beforeAll(async () => {
  ({ api, token } = await apiAs('membre'));
  // A real MP4 (the server probes it) carrying 300 MB: the clip, then filler after its boxes.
  execFileSync(
    'ffmpeg',
    clipArgs(
      { picture: { source: 'testsrc2' }, width: 640, height: 360, seconds: 2, tone: 440 },
      big,
    ),
  );
  const block = randomBytes(1024 * 1024);
  while (statSync(big).size + block.length <= BIG_BYTES) appendFileSync(big, block);
  appendFileSync(big, block.subarray(0, BIG_BYTES - statSync(big).size));
  bigMd5 = md5(readFileSync(big));
}, 120_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  for (const id of created) await api('DELETE', `videos/${id}`).catch(() => {});
});

const newVideo = async (title: string) => {
  const video = await api<Video>('POST', 'videos', {
    title: `${title} ${run}`,
    date: '2001-01-01',
  });
  created.push(video.id);
  return video.id;
};

/** The offsets of every PATCH the page sends to the resumable uploads, in order. */
const patchOffsets = (page: Page) => {
  const offsets: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/uploads/')) {
      offsets.push(Number(request.headers()['upload-offset']));
    }
  });
  return offsets;
};

const throttle = (cdp: CDPSession, conditions: { offline?: boolean; upload?: number }) =>
  cdp.send('Network.emulateNetworkConditions', {
    offline: conditions.offline ?? false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: conditions.upload ?? -1,
  });

const percentShown = async (page: Page) =>
  Number(
    await page
      .getByRole('progressbar', { name: "Progression de l'upload" })
      .getAttribute('aria-valuenow'),
  );

/** The raw file the server stored for the video, fetched as a member and hashed. */
const storedMd5 = async (id: number) => {
  const answer = await fetch(`${plateau().baseUrl}/api/media/video/${id}/0`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status).toBe(200);
  return md5(Buffer.from(await answer.arrayBuffer()));
};

const startReplacement = async (page: Page, id: number) => {
  await page.goto(`/editVideo/${id}`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name: 'Modifier la vidéo' }).waitFor();
  await page.locator('input[type="file"][aria-label="Remplacer la vidéo"]').setInputFiles(big);
  await main.getByRole('button', { name: 'Valider' }).click();
  await page.getByRole('progressbar', { name: "Progression de l'upload" }).waitFor();
};

describe('a resumable upload in the browser', () => {
  it('rides out a network cut mid-way and completes without starting again', async () => {
    const id = await newVideo('Coupure réseau');
    const page = await visit();
    await signIn(page, 'membre');
    const offsets = patchOffsets(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // About 10 s for the whole file: long enough to cut it in the middle.
    await throttle(cdp, { upload: 30 * 1000 * 1000 });
    await startReplacement(page, id);
    await expect.poll(() => percentShown(page), { timeout: 60_000 }).toBeGreaterThan(30);

    await throttle(cdp, { offline: true, upload: 30 * 1000 * 1000 });
    await page.getByText('Connexion perdue : l’envoi reprendra dès le retour du réseau').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await throttle(cdp, { upload: 30 * 1000 * 1000 });

    await page.waitForURL('**/pending', { timeout: 120_000 });
    await page.getByText('Vidéo uploadée avec succès').waitFor();
    // One PATCH from 0, then the resumed one from where the server stopped: never 0 again.
    expect(offsets[0]).toBe(0);
    expect(offsets.length).toBeGreaterThan(1);
    expect(offsets.slice(1).every((offset) => offset > BIG_BYTES * 0.2)).toBe(true);
    const video = (await api<{ videos: Video[] }>('GET', `videos/${id}`)).videos[0]!;
    expect(video.processing).toBe(1);
    expect(await storedMd5(id)).toBe(bigMd5);
  }, 240_000);

  it('after a reload, offers the unfinished upload and resumes it from the same file', async () => {
    const id = await newVideo('Rechargement');
    const page = await visit();
    await signIn(page, 'membre');
    const offsets = patchOffsets(page);
    let creations = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/uploads')) creations += 1;
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await throttle(cdp, { upload: 20 * 1000 * 1000 });
    await startReplacement(page, id);
    await expect.poll(() => percentShown(page), { timeout: 60_000 }).toBeGreaterThan(25);

    // The page asks before leaving mid-upload; the person insists.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await throttle(cdp, {});
    const main = page.getByRole('main');
    await main
      .getByText(/^L’envoi de «\s?soiree-complete\.mp4\s?» n’est pas terminé \(\d+/)
      .waitFor();
    await page
      .locator('input[type="file"][aria-label="Reprendre l’envoi de soiree-complete.mp4"]')
      .setInputFiles(big);

    await page.waitForURL('**/pending', { timeout: 120_000 });
    expect(creations).toBe(1);
    expect(offsets[0]).toBe(0);
    expect(offsets.at(-1)).toBeGreaterThan(BIG_BYTES * 0.2);
    expect(await storedMd5(id)).toBe(bigMd5);
  }, 240_000);

  it('sends a queue of three recordings in order, one cancelled on the way', async () => {
    const names = [1, 2, 3].map((n) => `match-${n}-${run}.mp4`);
    const files = names.map((name) => path.join(dir, name));
    for (const file of files) {
      execFileSync(
        'ffmpeg',
        clipArgs(
          { picture: { source: 'testsrc2' }, width: 640, height: 360, seconds: 2, tone: 330 },
          file,
        ),
      );
      appendFileSync(file, randomBytes(12 * 1000 * 1000));
    }
    const page = await visit();
    await signIn(page, 'membre');
    const createdTitles: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('/api/videos') && response.request().method() === 'POST') {
        const video = (await response.json()) as Video;
        created.push(video.id);
        createdTitles.push(video.title);
      }
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // About 1.5 s a file: the second can be cancelled while the first goes.
    await throttle(cdp, { upload: 8 * 1000 * 1000 });
    await page.goto('/addVideos');
    await page.locator('input[type="file"][aria-label="Vidéos"]').setInputFiles(files);
    const queue = page.getByRole('region', { name: 'File d’envoi' });
    const row = (n: number) => queue.getByRole('listitem', { name: names[n - 1] });
    await row(3).waitFor();
    await page.getByRole('button', { name: 'Envoyer les 3 vidéos' }).click();
    await row(2).getByRole('button', { name: 'Annuler' }).click();
    await expect.poll(() => row(2).getAttribute('data-status')).toBe('cancelled');

    await expect.poll(() => row(3).getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    expect(await row(1).getAttribute('data-status')).toBe('done');
    await page.getByRole('link', { name: 'Voir les vidéos en attente' }).waitFor();
    // In the queue's order, titled after the files; nothing made for the cancelled one.
    expect(createdTitles).toEqual([`match-1-${run}`, `match-3-${run}`]);
    const pending = await Promise.all(
      created
        .slice(-2)
        .map(async (id) => (await api<{ videos: Video[] }>('GET', `videos/${id}`)).videos[0]!),
    );
    expect(pending.map((video) => video.processing)).toEqual([1, 1]);
  }, 180_000);
});
