import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { look, signIn, useBrowser } from '../support/browser.ts';
import { DIRECT_TITLES, TITLES } from '../support/e2e-content.ts';
import { plateau } from '../support/plateau.ts';

const { visit } = useBrowser();

const title = (page: Page, name: string) =>
  page.getByRole('main').getByRole('heading', { level: 1, name, exact: true });

/** The link to a neighbouring direct: it names the direct it leads to. */
const neighbour = (page: Page, name: string) =>
  page.getByRole('main').getByRole('link', { name: new RegExp(name) });

it('lists the directs, opens one and walks to its previous and next ones', async () => {
  const page = await visit();
  await signIn(page, 'spectateur');
  await page.goto('/directs');
  const main = page.getByRole('main');
  await main.getByText('Tous nos DT').waitFor();
  for (const name of Object.values(DIRECT_TITLES)) await main.getByText(name).first().waitFor();
  await look(page, 'directs');

  await page.goto(`/direct?d=${plateau().directIds.passe}`);
  await title(page, DIRECT_TITLES.passe).waitFor();
  // Its videos.
  await main.getByRole('heading', { name: TITLES.ouverture, exact: true }).waitFor();
  expect(await main.getByRole('heading', { name: TITLES.concert, exact: true }).count()).toBe(0);
  await look(page, 'direct');

  await neighbour(page, DIRECT_TITLES.ancien).click();
  await title(page, DIRECT_TITLES.ancien).waitFor();
  expect(page.url()).toMatch(new RegExp(`/direct\\?d=${plateau().directIds.ancien}$`));
  await look(page, 'direct-precedent');

  await neighbour(page, DIRECT_TITLES.passe).click();
  await title(page, DIRECT_TITLES.passe).waitFor();
  await neighbour(page, DIRECT_TITLES.enCours).click();
  await title(page, DIRECT_TITLES.enCours).waitFor();
  expect(page.url()).toMatch(new RegExp(`/direct\\?d=${plateau().directIds['en-cours']}$`));
  await main.getByRole('heading', { name: TITLES.interview, exact: true }).waitFor();
  // The upcoming one follows today's.
  await neighbour(page, DIRECT_TITLES.aVenir).waitFor();
  await look(page, 'direct-suivant');
}, 120_000);
