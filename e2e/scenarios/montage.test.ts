import { execFileSync } from 'node:child_process';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterList, TrimStatus, Video } from '@plateau/contract';
import { clipArgs } from '../../apps/server/src/cli/demo/demo-media.ts';
import { keepInView, look, signIn, useBrowser } from '../support/browser.ts';
import { apiAs, type ApiCall } from '../support/api.ts';
import { plateau } from '../support/plateau.ts';

const { visit } = useBrowser();

/**
 * « Montage » (issue 34) on a video of its own: 20 s of a test pattern with its sound, encoded
 * for real into two rungs, cut by the worker, undone. Deleted after the file.
 */
const TITLE = 'Gala — captation';
let id = 0;
let api: ApiCall;
let token = '';
const dir = mkdtempSync(path.join(tmpdir(), 'plateau-montage-'));

beforeAll(async () => {
  ({ api, token } = await apiAs('membre'));
  const clip = path.join(dir, 'gala.mp4');
  execFileSync(
    'ffmpeg',
    clipArgs(
      { picture: { source: 'testsrc2' }, width: 854, height: 480, seconds: 20, tone: 440 },
      clip,
    ),
  );
  const created = await api<Video>('POST', 'videos', {
    title: TITLE,
    description: '',
    privacy: 2,
    gpa_restricted: false,
    date: '2026-05-01',
    promotion: '-1',
    directId: '-1',
    tagIds: [],
  });
  id = created.id;
  const upload = new FormData();
  upload.append('video_upload', await openAsBlob(clip), 'gala.mp4');
  await api('POST', `media/video/${id}`, upload);
  await api('POST', `encode/${id}`);
  const deadline = Date.now() + 170_000;
  while ((await api<{ videos: Video[] }>('GET', `videos/${id}`)).videos[0]?.processing !== 3) {
    if (Date.now() > deadline) throw new Error('the clip was not encoded in time');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}, 180_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (!id) return;
  await api('DELETE', `media/video/${id}`).catch(() => {});
  await api('DELETE', `videos/${id}`).catch(() => {});
});

/** How long the video lasts as adaptive players see it: its 240 rung's playlist. */
const playlistSeconds = async (video = id) => {
  const response = await fetch(
    `${plateau().baseUrl}/api/media/hls/${video}/240.m3u8?token=${encodeURIComponent(token)}`,
  );
  const text = await response.text();
  return [...text.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
};

/** The edit page at « Montage », kept in view when the viewport changes size (look()). */
const openMontage = async (page: Page) => {
  await page.goto(`/editVideo/${id}`);
  const section = page.getByRole('main').getByRole('region', { name: 'Montage' });
  await section.getByRole('list', { name: 'Parties gardées' }).waitFor();
  await keepInView(page, 'section[aria-labelledby="trim-title"]');
  return section;
};

describe('/editVideo/{id}, Montage', () => {
  it('names three acts, cuts the start and a passage, plays across the cut and jumps between the acts, then undoes it', async () => {
    const page = await visit();
    await signIn(page, 'membre');
    const section = await openMontage(page);

    // Three acts named from the description first (YouTube's convention), saved.
    const main = page.getByRole('main');
    await main
      .getByLabel(/^Description/)
      .fill('La captation.\n0:00 Accueil\n0:10 Acte I\n0:16 Acte II');
    const chapters = main.getByRole('region', { name: 'Chapitres' });
    await chapters.getByRole('button', { name: 'Importer depuis la description' }).click();
    await chapters.getByRole('button', { name: 'Enregistrer les chapitres' }).click();
    await page.getByText('Chapitres enregistrés').first().waitFor();
    await section.scrollIntoViewIfNeeded();

    // The start: typed. A passage: 5 s taken out where the playhead is, moved by the keyboard.
    const first = section.getByRole('listitem', { name: 'Partie 1' });
    await first.getByLabel('Début').fill('0:03');
    await first.getByLabel('Début').press('Enter');
    await section.getByRole('slider', { name: 'Tête de lecture' }).focus();
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('ArrowRight');
    await section.getByRole('button', { name: 'Retirer un passage' }).click();
    await expect.poll(() => section.getByRole('listitem').count()).toBe(2);
    await section.getByText('Durée après montage : 0:12').waitFor();
    await look(page, 'montage-edition');

    await section.getByRole('button', { name: 'Appliquer le montage' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Appliquer le montage' }).click();
    // Said by the notification and on the section itself.
    await section
      .getByText('Montage appliqué : les spectateurs voient la nouvelle version.')
      .waitFor({ timeout: 150_000 });
    const done = await api<TrimStatus>('GET', `videos/${id}/trim`);
    expect(done.state).toBe('done');
    expect(done.keep).toEqual([
      { start: 3, end: 9 },
      { start: 14, end: expect.closeTo(20, 0) },
    ]);
    expect(await playlistSeconds()).toBeCloseTo(12, 0);
    await section.getByRole('button', { name: 'Annuler le montage' }).waitFor();
    // The section now shows the cut: its preview and timeline last 12 s.
    await section.getByText(/^0:00 \/ 0:12/).waitFor();
    await look(page, 'montage-applique');

    // The watch page plays the cut version through the cut (6 s in), without stalling.
    await page.goto(`/video?v=${id}`);
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
    await page.evaluate(() => {
      const video = document.querySelector('video')!;
      video.muted = true;
      video.currentTime = 5.2;
      return video.play();
    });
    await page.waitForFunction(() => document.querySelector('video')!.currentTime > 7, null, {
      timeout: 30_000,
    });
    expect(await page.evaluate(() => document.querySelector('video')!.duration)).toBeCloseTo(12, 0);

    // The acts followed the cut: Acte I began in the removed passage, so where it resumes.
    const { chapters: moved } = await api<ChapterList>('GET', `videos/${id}/chapters`);
    expect(moved.map((chapter) => chapter.title)).toEqual(['Accueil', 'Acte I', 'Acte II']);
    expect(moved.map((chapter) => chapter.start)).toEqual([
      0,
      expect.closeTo(6.08, 2),
      expect.closeTo(8.08, 2),
    ]);
    await page.evaluate(() => document.querySelector('video')!.pause());
    await page.evaluate(() => (document.querySelector('video')!.currentTime = 1));
    await page.getByRole('button', { name: 'Chapitres : Accueil' }).waitFor();
    await page.keyboard.press('Control+ArrowRight');
    await page.getByRole('button', { name: 'Chapitres : Acte I' }).waitFor();
    await page.keyboard.press('Control+ArrowRight');
    await page.getByRole('button', { name: 'Chapitres : Acte II' }).waitFor();

    // « Annuler le montage »: the whole video again, for everyone.
    const again = await openMontage(page);
    await again.getByRole('button', { name: 'Annuler le montage' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler le montage' }).click();
    await page.getByText('Montage annulé : la version d’avant est de retour.').first().waitFor();
    expect((await api<TrimStatus>('GET', `videos/${id}/trim`)).state).toBe('none');
    expect(
      (await api<ChapterList>('GET', `videos/${id}/chapters`)).chapters.map((c) => c.start),
    ).toEqual([0, 10, 16]);
    expect(await playlistSeconds()).toBeCloseTo(20, 0);
    // Four looks, a cut job and its undo: 45 s alone, past 120 s in a full run (twice on CI).
  }, 300_000);

  it('plans the cut of a REDIFF still in /pending, made by its encode before it is published', async () => {
    const pending = await api<Video>('POST', 'videos', {
      title: 'REDIFF à monter',
      description: '',
      privacy: 2,
      gpa_restricted: false,
      date: '2026-05-02',
      promotion: '-1',
      directId: '-1',
      tagIds: [],
    });
    try {
      const upload = new FormData();
      upload.append('video_upload', await openAsBlob(path.join(dir, 'gala.mp4')), 'gala.mp4');
      await api('POST', `media/video/${pending.id}`, upload);
      const page = await visit();
      await signIn(page, 'membre');
      // This one in the light theme (the first scenario's pages are dark).
      await page.evaluate(() => localStorage.setItem('themeMode', '1'));
      await page.goto(`/editVideo/${pending.id}`);
      const section = page.getByRole('main').getByRole('region', { name: 'Montage' });
      const part = section.getByRole('listitem', { name: 'Partie 1' });
      await part.getByLabel('Début').fill('0:02');
      await part.getByLabel('Début').press('Enter');
      await part.getByLabel('Fin').fill('0:08');
      await part.getByLabel('Fin').press('Enter');
      await section.getByText('Durée après montage : 0:06').waitFor();
      await section.getByRole('button', { name: 'Appliquer le montage' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Appliquer le montage' }).click();
      await section.getByText('Montage prévu : l’encodage de la vidéo le fera').waitFor();
      await keepInView(page, 'section[aria-labelledby="trim-title"]');
      await look(page, 'montage-avant-encodage-clair');

      // « Encoder et publier »: published already cut, 6 s long.
      await api('POST', `encode/${pending.id}`);
      await expect
        .poll(async () => (await api<TrimStatus>('GET', `videos/${pending.id}/trim`)).state, {
          timeout: 90_000,
          interval: 1000,
        })
        .toBe('done');
      const video = (await api<{ videos: Video[] }>('GET', `videos/${pending.id}`)).videos[0]!;
      expect(video.processing).toBe(3);
      expect(await playlistSeconds(pending.id)).toBeCloseTo(6, 0);
    } finally {
      await api('DELETE', `media/video/${pending.id}`).catch(() => {});
      await api('DELETE', `videos/${pending.id}`).catch(() => {});
    }
    // An upload, a look and an encode with its cut: 113 s on a loaded CI run.
  }, 240_000);
});
