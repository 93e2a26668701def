import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectList, VideoList } from '@plateau/contract';
import { look, signIn, useBrowser } from '../support/browser.ts';
import { e2eContent } from '../support/e2e-content.ts';
import { apiAs, type ApiCall } from '../support/api.ts';
import { plateau } from '../support/plateau.ts';

const { visit } = useBrowser();

/** This file's own direct: a title nobody else uses, so its search finds it first. */
const TITLE = 'Quiz des réglages';
const EDITED_TITLE = 'Quiz des réglages — édition spéciale';
const LIVE_URL = 'https://live.example.org/quiz-reglages';
const dir = mkdtempSync(path.join(tmpdir(), 'plateau-directs-settings-'));
const posterFile = path.join(dir, 'affiche.png');
let directId = 0;

let api: ApiCall;

/** What the home page features now: read first, written back in a `finally`. */
interface HomeSettings {
  homeDisplay: number;
  currentDirect: number;
  trending: number[];
}

const readHomeSettings = async (): Promise<HomeSettings> => ({
  homeDisplay: (await api<{ homeDisplay: number }>('GET', 'homeDisplay')).homeDisplay,
  currentDirect: (await api<DirectList>('GET', 'directs/currentDirect')).directs[0]?.id ?? -1,
  trending: (await api<VideoList>('GET', 'videos/trending?page_size=5')).videos.map((v) => v.id),
});

/** Current direct first: it may switch a classic home to theme, which the next call undoes. */
const restoreHomeSettings = async (original: HomeSettings) => {
  await api('PUT', `currentDirect/${original.currentDirect}`);
  await api('PUT', `homeDisplay/${original.homeDisplay}`);
  for (let slot = 1; slot <= 5; slot += 1) {
    await api('PUT', `videos/trending/${slot}/${original.trending[slot - 1] ?? -1}`);
  }
};

beforeAll(async () => {
  ({ api } = await apiAs('e2e-geek'));
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720',
    '-frames:v',
    '1',
    '-y',
    posterFile,
  ]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Types in a search picker and takes the suggestion named `title`. */
const pick = async (
  page: Page,
  scope: ReturnType<Page['getByRole']>,
  label: string,
  title: string,
) => {
  await scope.getByLabel(label).fill(title);
  await page.getByRole('option', { name: title }).first().click();
};

/** The new order of 'A la une': the seeded trending videos (by their keys), shuffled. */
const NEW_TRENDING = ['archive-2', 'basket', 'ouverture', 'concert', 'archive-1'];
const titleOf = (key: string) => e2eContent.videos.find((video) => video.key === key)!.title;

describe('directs and settings, as the geek', () => {
  it('creates a direct with a poster and a live link, then sees it on its page', async () => {
    const page = await visit();
    await signIn(page, 'e2e-geek');
    await page.goto('/addDirect');
    const main = page.getByRole('main');
    const submit = main.getByRole('button', { name: 'Valider', exact: true });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await look(page, 'direct-ajout');

    await main.getByLabel('Titre').fill(TITLE);
    await main
      .getByLabel('Description')
      .fill('Le quiz annuel de l’association.\nEn direct du foyer.');
    await main.getByLabel('Lien du live').fill(LIVE_URL);
    await main.getByLabel('Promo', { exact: true }).fill('2027');
    await main.getByLabel('Poster', { exact: true }).setInputFiles(posterFile);
    await main.getByRole('button', { name: 'Valider & uploader' }).waitFor();
    await look(page, 'direct-ajout-rempli');

    await main.getByRole('button', { name: 'Valider & uploader' }).click();
    await page.getByText('Poster uploadé avec succès').waitFor();
    await page.waitForURL(/\/direct\?d=\d+$/);
    directId = Number(new URL(page.url()).searchParams.get('d'));
    await main.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await main.getByRole('img', { name: `Affiche de ${TITLE}` }).waitFor();
    expect(await main.getByRole('link', { name: 'REDIFF' }).getAttribute('href')).toBe(LIVE_URL);
    await look(page, 'direct-cree');
  }, 120_000);

  it('features it on /settings with the trending slots, sees the home, then puts all back', async () => {
    expect(directId).toBeGreaterThan(0);
    const page = await visit();
    await signIn(page, 'e2e-geek');
    const original = await readHomeSettings();
    try {
      await page.goto('/settings');
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Enregistrer', exact: true }).waitFor();
      await look(page, 'reglages');

      await pick(page, main, 'Rechercher un DT', TITLE);
      await main.getByText(TITLE).waitFor();
      await main.getByRole('combobox', { name: "Affichage de l'accueil" }).click();
      await page.getByRole('option', { name: 'DT en cours' }).click();
      for (const [index, key] of NEW_TRENDING.entries()) {
        const slot = main.getByRole('region', { name: `Emplacement ${index + 1}` });
        await pick(page, slot, 'Rechercher une vidéo', titleOf(key));
        await slot.getByText(titleOf(key)).waitFor();
      }
      await look(page, 'reglages-modifies');
      await main.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await page.getByText('Modifications enregistrées').waitFor();

      const saved = await readHomeSettings();
      expect(saved).toEqual({
        homeDisplay: 3,
        currentDirect: directId,
        trending: NEW_TRENDING.map((key) => plateau().videoIds[key]),
      });

      await page.goto('/');
      const live = main.getByRole('region', { name: 'DT en cours' });
      await live.getByRole('heading', { name: TITLE }).waitFor();
      await live.getByRole('link', { name: 'LIVE' }).waitFor();
      const trending = main.getByRole('region', { name: 'A la une' });
      await trending.getByRole('heading', { name: titleOf('basket'), exact: true }).waitFor();
      expect(await trending.getByRole('heading', { level: 3 }).allTextContents()).toEqual(
        NEW_TRENDING.map(titleOf),
      );
      await look(page, 'accueil-dt-en-cours');
    } finally {
      await restoreHomeSettings(original);
    }
    expect(await readHomeSettings()).toEqual(original);
  }, 120_000);

  it('edits the direct, then deletes it after confirming', async () => {
    expect(directId).toBeGreaterThan(0);
    const page = await visit();
    await signIn(page, 'e2e-geek');
    // The edit form in the day theme.
    await page.evaluate(() => localStorage.setItem('themeMode', '1'));
    await page.goto(`/direct?d=${directId}`);
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Modifier' }).click();
    await page.waitForURL(`**/editDirect/${directId}`);
    const title = main.getByLabel('Titre');
    await expect.poll(() => title.inputValue()).toBe(TITLE);
    expect(await main.getByLabel('Promo', { exact: true }).inputValue()).toBe('2027');
    await main.getByText('Poster actuel').waitFor();
    await look(page, 'direct-modification-jour');

    await title.fill(EDITED_TITLE);
    await main.getByRole('button', { name: 'Valider', exact: true }).click();
    await page.getByText('Direct modifié avec succès').waitFor();
    await main.getByRole('heading', { level: 1, name: EDITED_TITLE }).waitFor();

    await main.getByRole('link', { name: 'Modifier' }).click();
    await main.getByRole('button', { name: 'Supprimer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Etes-vous sûr de vouloir supprimer ce DT ?' });
    await dialog.waitFor();
    await look(page, 'direct-suppression');
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Direct supprimé avec succès').waitFor();
    await page.waitForURL('**/directs');
    await expect(api('GET', `directs/${directId}`)).rejects.toThrow(/: 404 /);
  }, 120_000);
});
