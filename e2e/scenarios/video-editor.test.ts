import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@plateau/contract';
import { clipArgs } from '../../apps/server/src/cli/demo/demo-media.ts';
import { look, signIn, useBrowser } from '../support/browser.ts';
import { DIRECT_TITLES, TAGS, TITLES } from '../support/e2e-content.ts';
import { apiAs, type ApiCall } from '../support/api.ts';
import { expectVideoPlays } from '../support/watch.ts';
import { plateau } from '../support/plateau.ts';

const { visit } = useBrowser();

/** A real MP4 (long enough for the upload to be seen going) and a real JPEG, made here. */
const dir = mkdtempSync(path.join(tmpdir(), 'plateau-video-editor-'));
const clip = path.join(dir, 'gala-final.mp4');
const picture = path.join(dir, 'gala-final.jpg');
/** Videos this file creates, deleted after it: the pending queue is shared with other files. */
const created: number[] = [];
const run = randomBytes(3).toString('hex');
let token = '';

let api: ApiCall;

const videoOf = async (id: number) =>
  (await api<{ videos: Video[] }>('GET', `videos/${id}`)).videos[0]!;

beforeAll(async () => {
  ({ api, token } = await apiAs('membre'));
  execFileSync(
    'ffmpeg',
    clipArgs(
      { picture: { source: 'testsrc2' }, width: 1280, height: 720, seconds: 6, tone: 440 },
      clip,
    ),
  );
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'smptebars=size=640x360', '-frames:v', '1', picture],
  ]);
}, 120_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  for (const id of created) await api('DELETE', `videos/${id}`).catch(() => {});
});

/** The id `POST videos` answers when the form's Valider is clicked. */
const createdId = async (page: Page, submit: () => Promise<void>) => {
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/videos') && response.request().method() === 'POST',
  );
  await submit();
  const { id } = (await (await answer).json()) as Video;
  created.push(id);
  return id;
};

/** The hidden file input of a drop zone, as the 'Choisir un fichier' button opens it. */
const fileInput = (page: Page, label: string) =>
  page.locator(`input[type="file"][aria-label="${label}"]`);

describe('/addVideo', () => {
  it('uploads a real MP4 and JPEG with progress; encoded from /pending, a user watches it', async () => {
    const page = await visit();
    await signIn(page, 'membre');
    await page.goto('/addVideo');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Ajouter une video' }).waitFor();
    await main.getByRole('button', { name: TAGS.sport }).waitFor();
    expect(await main.getByRole('button', { name: 'Valider' }).isDisabled()).toBe(true);
    await look(page, 'ajout-video-vide');

    const title = `Gala — le final ${run}`;
    await main.getByLabel(/^Titre/).fill(title);
    await main.getByLabel('Description').fill('Le bouquet final du gala.\nFilmé depuis la régie.');
    // Plateau offers the GDA-only box; CS, the access kept, lets a user watch it at the end.
    await main.getByLabel('Accès').selectOption({ label: 'Plateau' });
    await main.getByLabel('Réservée au GDA').waitFor();
    await main.getByLabel('Accès').selectOption({ label: 'CS' });
    expect(await main.getByLabel('Réservée au GDA').count()).toBe(0);
    // Long ago: once published it sorts last in the lists other files read meanwhile.
    await main.getByLabel('Date').fill('2001-06-01');
    await main.getByLabel('Promo').pressSequentially('P2026');
    expect(await main.getByLabel('Promo').inputValue()).toBe('2026');
    await main.getByRole('button', { name: TAGS.gala }).click();
    await main.getByLabel('Direct associé').pressSequentially('printemps');
    await page.getByRole('option', { name: new RegExp(DIRECT_TITLES.passe) }).click();
    await main.getByText(`Direct choisi : n°${plateau().directIds.passe}`).waitFor();
    await fileInput(page, 'Vidéo').setInputFiles(clip);
    await fileInput(page, 'Miniature').setInputFiles(picture);
    await main.getByAltText('Aperçu : Miniature').waitFor();
    await look(page, 'ajout-video-rempli');

    // A slow uplink, so the progress can be seen between 0 and 100.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    const id = await createdId(page, () => main.getByRole('button', { name: 'Valider' }).click());
    const progress = page.getByRole('progressbar', { name: "Progression de l'upload" });
    await progress.waitFor();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.getByText('Upload en cours, veuillez ne pas quitter cette page...').waitFor();
    await look(page, 'ajout-video-upload');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await page.waitForURL('**/pending', { timeout: 60_000 });
    await page.getByText('Miniature uploadée avec succès').waitFor();
    const video = await videoOf(id);
    expect(video).toMatchObject({
      title,
      privacy: 1,
      gpaRestricted: false,
      promotion: 2026,
      directId: plateau().directIds.passe,
      processing: 1,
    });
    expect(video.rungs).toEqual([]);
    const thumbnail = await fetch(`${plateau().baseUrl}/api/media/thumbnail/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');

    // Found on /pending, encoded and published from there.
    const waiting = page.getByRole('article', { name: title });
    await waiting.getByRole('button', { name: 'Encoder et publier' }).click();
    await waiting.getByText('Encodage en cours...').waitFor();
    await waiting.waitFor({ state: 'detached', timeout: 150_000 });
    expect((await videoOf(id)).processing).toBe(3);

    const viewer = await visit();
    await signIn(viewer, 'spectateur');
    await expectVideoPlays(viewer, id, title);
    await api('DELETE', `videos/${id}`);
  }, 300_000);

  it("says 'Erreur pendant l'upload' for a broken MP4, and the video stays editable", async () => {
    const page = await visit();
    await signIn(page, 'membre');
    await page.goto('/addVideo');
    const main = page.getByRole('main');
    const title = `Vidéo cassée ${run}`;
    await main.getByLabel(/^Titre/).fill(title);
    await fileInput(page, 'Vidéo').setInputFiles({
      name: 'cassee.mp4',
      mimeType: 'video/mp4',
      buffer: randomBytes(64 * 1024),
    });
    const id = await createdId(page, () => main.getByRole('button', { name: 'Valider' }).click());
    await page.getByText("Erreur pendant l'upload").waitFor();
    await page.waitForURL(`**/editVideo/${id}`);
    await main.getByRole('heading', { level: 1, name: 'Modifier la vidéo' }).waitFor();
    expect(await main.getByLabel(/^Titre/).inputValue()).toBe(title);
    await main.getByText("Aucune vidéo n'a encore été envoyée.").waitFor();
    expect((await videoOf(id)).processing).toBe(0);
    await look(page, 'edition-video-apres-echec');
  }, 120_000);

  it('sends a signed-in user who is not a member to /login', async () => {
    const page = await visit();
    await signIn(page, 'spectateur');
    await page.goto('/addVideo');
    await page.waitForURL('**/login');
  });
});

describe('/editVideo/{id}', () => {
  it('saves access, tags and the linked direct, and shows them again after a reload', async () => {
    const video = await api<Video>('POST', 'videos', {
      title: `Répétition ${run}`,
      description: '',
      privacy: 1,
      date: '2026-02-01',
      promotion: '-1',
      directId: '-1',
      tagIds: [],
    });
    created.push(video.id);
    const page = await visit();
    await signIn(page, 'membre');
    await page.goto(`/editVideo/${video.id}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Modifier la vidéo' }).waitFor();
    expect(await main.getByLabel(/^Titre/).inputValue()).toBe(video.title);

    await main.getByLabel('Accès').selectOption({ label: 'Plateau' });
    await main.getByRole('button', { name: TAGS.concert }).click();
    await main.getByLabel('Direct associé').pressSequentially('associations');
    await page.getByRole('option', { name: new RegExp(DIRECT_TITLES.enCours) }).click();
    await main.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Vidéo modifiée avec succès').waitFor();
    // Not published (nothing uploaded yet): the pending queue.
    await page.waitForURL('**/pending');

    await page.goto(`/editVideo/${video.id}`);
    await page.reload();
    await main.getByRole('heading', { level: 1, name: 'Modifier la vidéo' }).waitFor();
    expect(await main.getByLabel('Accès').inputValue()).toBe('2');
    await main.getByRole('button', { name: TAGS.concert, pressed: true }).waitFor();
    await main.getByText(`Direct choisi : n°${plateau().directIds['en-cours']}`).waitFor();
    expect(await main.getByLabel('Direct associé').inputValue()).toBe(DIRECT_TITLES.enCours);
    await look(page, 'edition-video-membre');
  }, 120_000);

  it("shows a geek the 'Mettre à la une' slots of a published video, in both themes", async () => {
    const page = await visit();
    await signIn(page, 'e2e-geek');
    await page.goto(`/editVideo/${plateau().videoIds.concert}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2, name: 'Mettre à la une' }).waitFor();
    expect(await main.getByLabel(/^Titre/).inputValue()).toBe(TITLES.concert);
    await main.getByRole('button', { name: /^Emplacement 1\b/ }).waitFor();
    expect(await main.getByRole('button', { name: /^Emplacement \d/ }).count()).toBe(5);
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    await look(page, 'edition-video-geek');
    await main.getByRole('heading', { level: 2, name: 'Mettre à la une' }).scrollIntoViewIfNeeded();
    await look(page, 'edition-video-geek-a-la-une');

    await page.evaluate(() => localStorage.setItem('themeMode', '1'));
    await page.reload();
    await main.getByRole('heading', { level: 2, name: 'Mettre à la une' }).waitFor();
    await main.getByRole('heading', { level: 2, name: 'Mettre à la une' }).scrollIntoViewIfNeeded();
    await look(page, 'edition-video-geek-jour');
  }, 120_000);
});
