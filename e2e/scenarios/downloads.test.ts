import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { look, signIn, useBrowser } from '../support/browser.ts';
import { TITLES } from '../support/e2e-content.ts';
import { plateau } from '../support/plateau.ts';

const { visit } = useBrowser();

const panel = (page: Page) => page.getByRole('region', { name: 'Téléchargements' });

/** Opens the basket video as a signed-in user and asks for its download from the video's menu. */
const downloadBasket = async (page: Page) => {
  await signIn(page, 'spectateur');
  await page.goto(`/video?v=${plateau().videoIds.basket}`);
  await page.locator('video').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Télécharger', exact: true }).click();
};

/** The bytes the server sends for that download (the same route, with the person's token). */
const serverBytes = async (page: Page) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await page.request.get(
    `/api/media/video/download/${plateau().videoIds.basket}/1080`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(answer.status()).toBe(200);
  return answer.body();
};

it('Chromium streams the download into the file chosen in the save dialog', async () => {
  const page = await visit();
  // The save dialog, answered at once: a file that records what is written into it.
  await page.addInitScript(() => {
    const saved = { name: '', bytes: 0, closed: false };
    Object.assign(window, { saved });
    Object.assign(window, {
      showSaveFilePicker: async (options: { suggestedName: string }) => {
        saved.name = options.suggestedName;
        return {
          createWritable: async () => ({
            write: async (chunk: Uint8Array) => void (saved.bytes += chunk.byteLength),
            close: async () => void (saved.closed = true),
            abort: async () => {},
          }),
        };
      },
    });
  });
  await downloadBasket(page);
  await panel(page).getByText('Téléchargement terminé').waitFor();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { saved: unknown }).saved))
    .toEqual({
      name: `${TITLES.basket}.mp4`,
      bytes: (await serverBytes(page)).byteLength,
      closed: true,
    });
  // Dismissed 3 s after completing, hidden 500 ms later.
  await panel(page).waitFor({ state: 'detached', timeout: 6000 });
}, 120_000);

it('without File System Access (Firefox, Safari) a small file is saved through a Blob', async () => {
  const page = await visit();
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  const downloading = page.waitForEvent('download');
  await downloadBasket(page);
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${TITLES.basket}.mp4`);
  const file = readFileSync((await download.path())!);
  expect(file.equals(await serverBytes(page))).toBe(true);
  await panel(page).getByText('Téléchargement terminé').waitFor();
  await panel(page).waitFor({ state: 'detached', timeout: 6000 });
}, 120_000);

it('a failed download stays 10 s as an error entry with a retry', async () => {
  const page = await visit();
  await page.addInitScript(() => {
    delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
  await page.route('**/api/media/video/download/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"panne"}' }),
  );
  await downloadBasket(page);
  const entry = panel(page).getByRole('listitem', { name: TITLES.basket });
  await entry.getByText('Échec du téléchargement').waitFor();
  // The retry replaces the entry, which fails again: still one entry. (Pressed at once: the
  // error entry leaves after 10 s, which screenshots on a loaded machine can outlast.)
  await entry.getByRole('button', { name: 'Réessayer' }).click();
  await entry.getByText('Échec du téléchargement').waitFor();
  expect(await panel(page).getByRole('listitem').count()).toBe(1);
  await look(page, 'telechargement-erreur');
}, 120_000);
