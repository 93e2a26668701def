import { expect, it } from 'vitest';
import { look, signIn, useBrowser } from '../support/browser.ts';
import { DIRECT_TITLES, TITLES } from '../support/e2e-content.ts';
import { plateau } from '../support/plateau.ts';

const { visit } = useBrowser();

it('searches from the header: a suggestion of the dropdown, then Enter', async () => {
  const page = await visit();
  await signIn(page, 'spectateur');
  // A plain field until first used, then the suggestions box (combobox): both say 'Rechercher'.
  const box = page.getByRole('banner').getByPlaceholder('Rechercher');

  // As you type: videos and directs whose title matches.
  await box.fill('basket');
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: new RegExp(TITLES.basket) }).waitFor();
  await listbox.getByRole('option', { name: new RegExp(DIRECT_TITLES.ancien) }).waitFor();
  expect(await listbox.getByRole('option', { name: new RegExp(TITLES.concert) }).count()).toBe(0);
  await look(page, 'recherche-suggestions');

  await listbox.getByRole('option', { name: new RegExp(DIRECT_TITLES.ancien) }).click();
  await page.waitForURL(`**/direct?d=${plateau().directIds.ancien}`);
  await page
    .getByRole('main')
    .getByRole('heading', { level: 1, name: DIRECT_TITLES.ancien })
    .waitFor();

  // Enter opens the search page of the text typed.
  await box.fill('basket');
  await box.press('Enter');
  await page.waitForURL('**/search/basket');
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: TITLES.basket, exact: true }).waitFor();
  expect(await main.getByRole('heading', { name: TITLES.concert, exact: true }).count()).toBe(0);
  await look(page, 'recherche-resultats');
}, 120_000);
