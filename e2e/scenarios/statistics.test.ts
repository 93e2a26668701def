import { spawn } from 'node:child_process';
import type { Page } from 'playwright-core';
import type {
  Direct,
  DirectBroadcast,
  DirectStatistics,
  Video,
  VideoStatistics,
} from '@plateau/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdMachine, MACHINE_WAIT_MS } from '../../apps/server/src/test/machine-lock.ts';
import { apiAs, type ApiCall } from '../support/api.ts';
import { look, signIn, useBrowser } from '../support/browser.ts';
import { plateau } from '../support/plateau.ts';
import { expectVideoPlays } from '../support/watch.ts';

/**
 * « Statistiques » from end to end: what a person plays in Chromium moves the figures a member
 * reads; a direct broadcast into Plateau with three viewers shows them on its statistics page
 * while it runs, and its peak after; the school's report prints on one A4 page.
 */
const { visit } = useBrowser();

/** Debian's Chromium as it names itself, with a word of its own: another browser to the server. */
const OWN_BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 ' +
  'Safari/537.36 Plateau-statistics-e2e';

/** The site's day now (Europe/Paris, the default TIME_ZONE). */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });

const videoViews = async (api: ApiCall, id: number) =>
  (await api<VideoStatistics>('GET', `stats/videos/${id}?from=${today()}&to=${today()}`)).totals
    .views;

describe('Statistiques', () => {
  it('a video played in the browser moves its numbers, read by a member on its page and the site’s', async () => {
    const member = await apiAs('membre');
    const id = plateau().videoIds['archive-7']!;
    const [video] = (await member.api<{ videos: Video[] }>('GET', `videos/${id}`)).videos;
    const before = await videoViews(member.api, id);

    // A visitor watches the whole (short) video: the player reports it as it ends. A browser of
    // its own: the other files' visitors, playing beside it, share one address and one browser,
    // and so the server's flood limit for one visitor (20 heartbeats, then one every 2 s).
    const viewer = await visit({ userAgent: OWN_BROWSER });
    await expectVideoPlays(viewer, id, video!.title);
    await viewer.waitForFunction(() => document.querySelector('video')?.ended === true, null, {
      timeout: 30_000,
    });
    // Written every few seconds.
    await expect
      .poll(() => videoViews(member.api, id), { timeout: 40_000, interval: 1000 })
      .toBeGreaterThanOrEqual(before + 1);

    // The member reads it on the video's statistics page.
    const page = await visit();
    await signIn(page, 'membre');
    await page.goto(`/statistics/video/${id}?period=7d`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Statistiques de la vidéo' }).waitFor();
    const views = main.getByRole('list', { name: 'Chiffres de la vidéo' }).getByRole('listitem', {
      name: 'Vues',
    });
    await expect.poll(() => views.textContent()).toMatch(/^Vues\d/);
    const shown = Number(
      (await views.textContent())!.match(/^Vues([\d\u202f ]+)/)![1]!.replace(/\D/g, ''),
    );
    expect(shown).toBeGreaterThanOrEqual(before + 1);
    await look(page, 'statistiques-video');

    // The site's page, in both themes, its audience as a table too.
    await page.goto('/statistics?period=30d');
    await main.getByRole('heading', { name: 'Statistiques', exact: true }).waitFor();
    await main.getByRole('heading', { name: 'Vidéos les plus vues' }).waitFor();
    await look(page, 'statistiques-site');
    await main
      .getByRole('group', { name: 'Affichage : Audience par jour' })
      .getByRole('button', { name: 'Tableau' })
      .click();
    const table = main
      .getByRole('region', { name: 'Tableau : Audience par jour' })
      .getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThan(30);
    // Its CSV, as a person downloads it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: 'Exporter en CSV : Audience par jour' }).click(),
    ]);
    const csv = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      });
    });
    expect(csv.split('\n').length).toBeGreaterThan(30);
    await page.evaluate(() => localStorage.setItem('themeMode', '1'));
    await page.reload();
    await main.getByRole('heading', { name: 'Vidéos les plus vues' }).waitFor();
    await look(page, 'statistiques-site-jour');
  }, 120_000);

  it('the year’s report prints on one A4 page', async () => {
    const page = await visit();
    await signIn(page, 'membre');
    await page.goto('/statistics?period=year');
    await page.getByRole('main').getByRole('link', { name: 'Imprimer' }).click();
    await page.waitForURL(/\/statistics\/report\?/);
    await page.getByRole('heading', { name: 'Chiffres clés' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    // Each page of a PDF is one `/Type /Page` object (`/Pages` is their tree).
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(1);
    await page.emulateMedia({ media: 'screen' });
    await look(page, 'statistiques-rapport');
  }, 60_000);
});

describe('Statistiques of a direct', () => {
  let releaseMachine: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    releaseMachine = await holdMachine('live');
  }, MACHINE_WAIT_MS);
  afterAll(() => releaseMachine?.());

  it('counts three viewers of a broadcast test pattern while it runs, and keeps its peak after', async () => {
    const geek = await apiAs('e2e-geek');
    const current =
      (await geek.api<{ directs: Direct[] }>('GET', 'currentDirect')).directs[0]?.id ?? -1;
    const direct = await geek.api<Direct>('POST', 'directs', {
      title: 'Gala des statistiques',
      privacy: 1,
      date: '2001-05-17T20:00:00Z',
    });
    const { streamKey } = await geek.api<DirectBroadcast>('PUT', `directs/${direct.id}/broadcast`, {
      enabled: true,
    });
    const encoder = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine'],
        ...['-t', '150', '-c:v', 'libx264', '-preset', 'veryfast', '-g', '60', '-c:a', 'aac'],
        ...['-f', 'flv', `rtmp://127.0.0.1:${plateau().rtmpPort}/live/${streamKey}`],
      ],
      { stdio: 'ignore' },
    );
    const stopped = new Promise((resolve) => encoder.once('exit', resolve));
    try {
      // Three students and members watch, each with their account.
      const viewers: Page[] = [];
      for (const account of ['spectateur', 'membre', 'e2e-geek']) {
        const viewer = await visit();
        await signIn(viewer, account);
        await viewer.goto(`/direct?d=${direct.id}`);
        await viewer.getByTestId('live-badge').waitFor({ timeout: 45_000 });
        viewers.push(viewer);
      }
      const page = await visit();
      await signIn(page, 'membre');
      await page.goto(`/statistics/direct/${direct.id}`);
      const now = page.getByRole('region', { name: 'Spectateurs en ce moment' });
      await expect
        .poll(() => now.textContent(), { timeout: 40_000, interval: 1000 })
        .toMatch(/Spectateurs en ce moment3Mis/);
      // The chart follows every 10 s: a sample with the three of them.
      await expect
        .poll(
          async () =>
            (await geek.api<DirectStatistics>('GET', `stats/directs/${direct.id}`)).lives[0]?.peak
              ?.viewers,
          { timeout: 30_000, interval: 2000 },
        )
        .toBe(3);
      await page
        .getByText(/^Pic : 3 spectateurs à \d\d:\d\d$/)
        .first()
        .waitFor({ timeout: 15_000 });
      await look(page, 'statistiques-direct-en-cours');
      // Each of them watched more than 10 s: three unique viewers of this live.
      await expect
        .poll(
          async () =>
            (await geek.api<DirectStatistics>('GET', `stats/directs/${direct.id}`)).lives[0]
              ?.uniqueViewers,
          { timeout: 40_000, interval: 2000 },
        )
        .toBe(3);

      // Over: its curve, its peak, its viewers stay.
      await geek.api('POST', `directs/${direct.id}/live/end`);
      await expect
        .poll(() => page.getByRole('region', { name: 'Spectateurs en ce moment' }).count(), {
          timeout: 30_000,
        })
        .toBe(0);
      await page
        .getByText(/^Pic : 3 spectateurs à \d\d:\d\d$/)
        .first()
        .waitFor();
      const stats = await geek.api<DirectStatistics>('GET', `stats/directs/${direct.id}`);
      expect(stats.lives[0]).toMatchObject({ uniqueViewers: 3, peak: { viewers: 3 } });
      await look(page, 'statistiques-direct-apres');
    } finally {
      encoder.kill('SIGKILL');
      await stopped;
      await geek.api('PUT', `currentDirect/${current}`);
    }
  }, 240_000);
});
