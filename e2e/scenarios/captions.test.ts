import { execFileSync } from 'node:child_process';
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@plateau/contract';
import { clipArgs } from '../../apps/server/src/cli/demo/demo-media.ts';
import { look, shoot, signIn, SIZES, takingScreenshots, useBrowser } from '../support/browser.ts';
import { apiAs, type ApiCall } from '../support/api.ts';
import { TITLES } from '../support/e2e-content.ts';
import { plateau } from '../support/plateau.ts';
import { subtitleTracks } from '../support/watch.ts';

const { visit } = useBrowser();

/** An SRT as a French teacher's tool writes it: accents, markup, and a script to be dropped. */
const SRT = [
  '1',
  '00:00:01,000 --> 00:00:02,500',
  '<i>Bienvenue</i> à l’interview, élèves !<script>alert("xss")</script>',
  '',
  '2',
  '00:00:03,000 --> 00:00:04,000 X1:10 X2:20 Y1:10 Y2:20',
  'Questions &amp; réponses',
  '',
].join('\r\n');

const dir = mkdtempSync(path.join(tmpdir(), 'plateau-captions-'));
const file = path.join(dir, 'interview.srt');
let api: ApiCall;
let token = '';

beforeAll(async () => {
  ({ api, token } = await apiAs('membre'));
  writeFileSync(file, SRT);
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  // The seeded video is shared with other files: it leaves as it came.
  await api('DELETE', `media/captions/${plateau().videoIds.interview}/fr`).catch(() => {});
});

/**
 * look() pictures the page at 1280 then 360 px wide, where the section lies much lower: it is
 * brought back to the middle of the screen whenever the window changes size.
 */
const keepSectionInView = (page: Page) =>
  page.evaluate(() => {
    const keep = () =>
      document
        .querySelector('section[aria-labelledby="captions-title"]')
        ?.scrollIntoView({ block: 'center' });
    keep();
    window.addEventListener('resize', keep);
  });

describe('/editVideo/{id}, Sous-titres', () => {
  it('adds French captions from an SRT, kept as clean WebVTT, in both themes', async () => {
    const id = plateau().videoIds.interview!;
    const page = await visit();
    await signIn(page, 'membre');
    await page.goto(`/editVideo/${id}`);
    const main = page.getByRole('main');
    const section = main.getByRole('region', { name: 'Sous-titres' });
    await section.getByText('Aucun sous-titre pour cette vidéo.').waitFor();
    expect(await main.getByLabel(/^Titre/).inputValue()).toBe(TITLES.interview);

    await section.getByLabel('Langue').selectOption({ label: 'Français' });
    await section
      .locator('input[type="file"][aria-label="Fichier de sous-titres à ajouter"]')
      .setInputFiles(file);
    await page.getByText('Sous-titres enregistrés').waitFor();
    const row = section.getByRole('listitem', { name: 'Français' });
    await row.getByRole('button', { name: /^Remplacer/ }).waitFor();
    // French is taken: the select moves on to the next common language.
    expect(await section.getByLabel('Langue').inputValue()).toBe('en');

    const answer = await fetch(`${plateau().baseUrl}/api/media/captions/${id}/fr.vtt`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await answer.text()).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:02.500',
        'Bienvenue à l’interview, élèves !',
        '',
        '00:00:03.000 --> 00:00:04.000',
        'Questions &amp; réponses',
        '',
      ].join('\n'),
    );

    await keepSectionInView(page);
    await look(page, 'sous-titres-edition');

    // « Retirer » asks first; the question is what the screenshot shows.
    await row.getByRole('button', { name: /^Retirer/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Etes-vous sûr de vouloir retirer les sous-titres « Français » ?')
      .waitFor();
    await look(page, 'sous-titres-retrait');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.evaluate(() => localStorage.setItem('themeMode', '1'));
    await page.reload();
    await row.waitFor();
    await keepSectionInView(page);
    await look(page, 'sous-titres-edition-jour');
  }, 120_000);

  it("fits beside a geek's 'Mettre à la une'", async () => {
    const page = await visit();
    await signIn(page, 'e2e-geek');
    await page.goto(`/editVideo/${plateau().videoIds.interview}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: /^Emplacement 1\b/ }).waitFor();
    const section = main.getByRole('region', { name: 'Sous-titres' });
    await section.getByRole('button', { name: 'Ajouter des sous-titres' }).waitFor();
    await keepSectionInView(page);
    await look(page, 'sous-titres-et-a-la-une');
  });
});

/**
 * The seeded clips last 1 s: the player's captions need a longer video. Made here, for members
 * (privacy 1), encoded for real, deleted after the file.
 */
const WATCH_TITLE = 'Mire sous-titrée';
const WATCH_SRT = [
  '1',
  '00:00:01,000 --> 00:00:08,000',
  '<i>Bienvenue</i> à l’interview, élèves !<script>alert("xss")</script>',
  '',
  '2',
  '00:00:08,500 --> 00:00:09,500',
  'Questions & réponses',
  '',
].join('\r\n');
let watchId = 0;

const encodeWatchClip = async () => {
  const clip = path.join(dir, 'mire.mp4');
  execFileSync(
    'ffmpeg',
    clipArgs(
      { picture: { source: 'testsrc2' }, width: 640, height: 360, seconds: 10, tone: 440 },
      clip,
    ),
  );
  const created = await api<Video>('POST', 'videos', {
    title: WATCH_TITLE,
    description: '',
    privacy: 1,
    gpa_restricted: false,
    date: '2026-01-01',
    promotion: '-1',
    directId: '-1',
    tagIds: [],
  });
  watchId = created.id;
  const upload = new FormData();
  upload.append('video_upload', await openAsBlob(clip), 'mire.mp4');
  await api('POST', `media/video/${watchId}`, upload);
  await api('POST', `encode/${watchId}`);
  const deadline = Date.now() + 110_000;
  while ((await api<{ videos: Video[] }>('GET', `videos/${watchId}`)).videos[0]?.processing !== 3) {
    if (Date.now() > deadline) throw new Error('the clip was not encoded in time');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const form = new FormData();
  form.append('caption_upload', new Blob([WATCH_SRT]), 'mire.srt');
  await api('PUT', `media/captions/${watchId}/fr`, form);
};

/** How far the cues rise above the bottom (the control bar's height while it shows), in px. */
const lift = (page: Page) =>
  page.evaluate(() =>
    Number.parseFloat(document.querySelector('video')!.style.getPropertyValue('--caption-lift')),
  );

describe('/video?v={id}, Sous-titres in the player', () => {
  beforeAll(encodeWatchClip, 120_000);
  afterAll(async () => {
    if (!watchId) return;
    await api('DELETE', `media/video/${watchId}`).catch(() => {});
    await api('DELETE', `videos/${watchId}`).catch(() => {});
  });

  it('shows the chosen language’s cues as text, above the bar while it shows', async () => {
    const page = await visit();
    await signIn(page, 'membre');
    await page.goto(`/video?v=${watchId}&at=2`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: WATCH_TITLE }).waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
    // Off by default; the only subtitle tracks are ours (hls.js, in Auto, adds none).
    const button = page.getByRole('button', { name: 'Sous-titres : Désactivés' });
    await button.click();
    const menu = page.getByRole('menu', { name: 'Sous-titres' });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Désactivés', 'Français']);
    await menu.getByRole('menuitem', { name: 'Français' }).click();
    await page.getByRole('button', { name: 'Sous-titres : Français' }).waitFor();

    // Paused at 2 s, the bar shown: the cue is active, as plain text, lifted above the bar.
    await expect.poll(async () => (await subtitleTracks(page))[0]?.active.length).toBe(1);
    const [track] = await subtitleTracks(page);
    expect(await subtitleTracks(page)).toHaveLength(1);
    expect(track).toMatchObject({
      kind: 'subtitles',
      language: 'fr',
      label: 'Français',
      mode: 'showing',
    });
    expect(track!.active).toEqual(['Bienvenue à l’interview, élèves !']);
    expect(await lift(page)).toBeGreaterThan(40);

    await page.mouse.move(0, 0);
    if (takingScreenshots) {
      // The player itself, scrolled into view, at both sizes.
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.locator('video').scrollIntoViewIfNeeded();
        await shoot(page, `sous-titres-lecteur-video-${size.width}x${size.height}`);
      }
      await page.setViewportSize(SIZES[0]);
    }
    await look(page, 'sous-titres-lecteur');

    // Playing, the bar goes after a few idle seconds: the cue goes back to the bottom.
    await page.getByRole('button', { name: 'Lecture' }).click();
    await page.mouse.move(0, 0);
    const controls = page.getByTestId('player-controls');
    await expect.poll(() => controls.getAttribute('data-shown'), { timeout: 6000 }).toBe('false');
    await expect.poll(() => lift(page)).toBe(0);
    expect((await subtitleTracks(page))[0]!.active).toHaveLength(1);
    await shoot(page, 'sous-titres-lecteur-sans-barre-1280x800');
  });

  it('remembers the language at the next video, and « Désactivés » turns them off', async () => {
    const page = await visit();
    await signIn(page, 'membre');
    await page.goto(`/video?v=${watchId}`);
    const button = page.getByRole('button', { name: 'Sous-titres : Désactivés' });
    await button.click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Sous-titres : Français' }).click();
    await expect.poll(async () => (await subtitleTracks(page))[0]?.mode).toBe('showing');
    await page.getByRole('menuitem', { name: 'Désactivés' }).click();
    await expect.poll(async () => (await subtitleTracks(page))[0]?.mode).toBe('disabled');
    await button.waitFor();
  });
});
