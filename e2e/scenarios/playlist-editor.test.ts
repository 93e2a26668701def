import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { look, signIn, useBrowser } from '../support/browser.ts';
import { TITLES } from '../support/e2e-content.ts';
import { plateau } from '../support/plateau.ts';

const { visit } = useBrowser();

/** The three published videos `membre` adds, in the order they are added. */
const PICKS = ['basket', 'interview', 'concert'] as const;

/** Adds the video to the playlist from its watch page, as a member does. */
const addFromWatchPage = async (page: Page, videoId: number, playlistTitle: string) => {
  await page.goto(`/video?v=${videoId}`);
  await page.getByRole('main').getByRole('button', { name: 'Ajouter à une playlist' }).click();
  const added = page.waitForResponse(
    (response) => response.url().includes('/addVideo/') && response.request().method() === 'PUT',
  );
  await page.getByRole('menuitem', { name: playlistTitle }).click();
  expect((await added).ok()).toBe(true);
  await page.getByText('Video ajoutee avec succes').waitFor();
};

/** Carries `from` by its handle onto `onto` with the mouse, in small steps as a hand does. */
const drag = async (page: Page, from: Locator, onto: Locator) => {
  await onto.scrollIntoViewIfNeeded();
  const start = (await from.boundingBox())!;
  const end = (await onto.boundingBox())!;
  const x = start.x + start.width / 2;
  await page.mouse.move(x, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, start.y + start.height / 2 - 8, { steps: 4 });
  await page.mouse.move(x, end.y + end.height / 2 - 4, { steps: 20 });
  await page.mouse.up();
};

const titlesIn = (list: Locator) => list.getByRole('heading', { level: 3 }).allTextContents();

it('creates a playlist, fills it from the watch page, reorders it by dragging', async () => {
  const page = await visit();
  await signIn(page, 'membre');
  const main = page.getByRole('main');
  const title = `Ordre de passage ${Date.now()}`;

  await page.goto('/addPlaylist');
  await main.getByLabel('Titre').fill(title);
  await main.getByLabel('Description').fill('Les vidéos dans l’ordre de la soirée.');
  await look(page, 'playlist-creation');
  await main.getByRole('button', { name: 'Valider' }).click();
  await page.getByText('Playlist créée avec succès').waitFor();
  await page.waitForURL('**/playlist?pl=*');
  const code = new URL(page.url()).searchParams.get('pl')!;
  await main.getByRole('heading', { level: 1, name: title }).waitFor();

  for (const key of PICKS) await addFromWatchPage(page, plateau().videoIds[key]!, title);

  await page.goto(`/editPlaylist/${code}`);
  const list = main.getByRole('region', { name: 'Vidéos de la playlist' });
  const handle = (videoTitle: string) =>
    list.getByRole('button', { name: `Déplacer « ${videoTitle} »` });
  await handle(TITLES.concert).waitFor();
  expect(await titlesIn(list)).toEqual([TITLES.basket, TITLES.interview, TITLES.concert]);
  await look(page, 'playlist-edition');

  // The last one goes first: dropped on the first row's handle.
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/reorderVideos') && response.request().method() === 'PUT',
  );
  await drag(page, handle(TITLES.concert), handle(TITLES.basket));
  const answer = await saved;
  expect(answer.ok()).toBe(true);
  expect(answer.request().postDataJSON()).toEqual([
    plateau().videoIds.concert,
    plateau().videoIds.basket,
    plateau().videoIds.interview,
  ]);
  expect(await titlesIn(list)).toEqual([TITLES.concert, TITLES.basket, TITLES.interview]);

  await page.goto(`/playlist?pl=${code}`);
  await page.reload();
  await main.getByRole('heading', { level: 3, name: TITLES.concert }).waitFor();
  expect(await titlesIn(main)).toEqual([TITLES.concert, TITLES.basket, TITLES.interview]);

  // The day theme, on the editor.
  await page.evaluate(() => localStorage.setItem('themeMode', '1'));
  await page.goto(`/editPlaylist/${code}`);
  await handle(TITLES.concert).waitFor();
  await look(page, 'playlist-edition-jour');

  await main.getByRole('button', { name: 'Supprimer' }).click();
  await look(page, 'playlist-suppression');
  await page
    .getByRole('dialog', { name: 'Etes-vous sûr de vouloir supprimer cette playlist ?' })
    .getByRole('button', { name: 'Supprimer' })
    .click();
  await page.getByText('Playlist supprimée avec succès').waitFor();
  await page.waitForURL('**/playlists');
}, 180_000);
