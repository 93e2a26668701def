import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { look, useBrowser } from '../support/browser.ts';

const { visit } = useBrowser();

it('shows the 404 page on an unknown address, with the way home', async () => {
  const page = await visit();
  await page.goto('/cette-page-n-existe-pas');
  const main = page.getByRole('main');
  await main.getByText('Erreur 404').waitFor();
  // The QR code of the site, for finding it again from a phone.
  await main.getByRole('img', { name: /QR code/i }).waitFor();
  await look(page, 'erreur-404');
  await main.getByRole('link', { name: "Retour a l'accueil" }).click();
  await page.waitForURL((url) => url.pathname === '/');
});

/** How light the page's background is, 0 (black) to 255 (white). */
const backgroundLightness = (page: Page) =>
  page.evaluate(() => {
    const [r = 0, g = 0, b = 0] = getComputedStyle(document.body)
      .backgroundColor.match(/\d+/g)!
      .map(Number);
    return (r + g + b) / 3;
  });

it('toggles the day theme with ten taps on the menu logo, and keeps it after reload', async () => {
  const page = await visit();
  await page.goto('/');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.waitFor();
  expect(await backgroundLightness(page)).toBeLessThan(100);

  const logo = menu.getByRole('button', { name: 'Plateau', exact: true });
  // Nine taps change nothing yet.
  for (let tap = 1; tap < 10; tap += 1) await logo.click();
  expect(await backgroundLightness(page)).toBeLessThan(100);
  await logo.click();
  await expect.poll(() => backgroundLightness(page)).toBeGreaterThan(200);
  // The notification bar says what happened (readable once the modal menu is closed).
  await page.keyboard.press('Escape');
  await page.getByRole('alert').filter({ hasText: /jour/i }).waitFor();
  await look(page, 'theme-jour');

  await page.reload();
  await page.getByRole('banner').waitFor();
  expect(await backgroundLightness(page)).toBeGreaterThan(200);
  await look(page, 'theme-jour-apres-rechargement');
});
