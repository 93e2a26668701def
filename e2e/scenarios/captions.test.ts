import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { look, signIn, useBrowser } from '../support/browser.ts';
import { apiAs, type ApiCall } from '../support/api.ts';
import { TITLES } from '../support/e2e-content.ts';
import { plateau } from '../support/plateau.ts';

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
  }, 60_000);
});
