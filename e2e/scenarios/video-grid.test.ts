import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { look, signIn, useBrowser } from '../support/browser.ts';
import { ARCHIVE_COUNT, TAGS, TITLES } from '../support/e2e-content.ts';

const { visit } = useBrowser();

/** The archive's n-th video, as its card titles it (e2e-content.ts). */
const archiveTitle = (n: number) => new RegExp(`— extrait ${String(n).padStart(2, '0')}$`);

const card = (page: Page, title: string | RegExp) =>
  page.getByRole('main').getByRole('heading', { name: title });

/** 'Page x / y' (above and below the grid: the first one is enough). */
const pageLabel = (page: Page, label: string) =>
  page.getByRole('main').getByText(label, { exact: true }).first();

/** A tag chip of the filter: a toggle a person presses, whatever its exact role. */
const tagChip = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('main').getByRole('checkbox', { name, exact: true }))
    .or(page.getByRole('main').getByRole('option', { name, exact: true }));

it('browses /videos, filters by two tags, pages with the browser buttons', async () => {
  const page = await visit();
  await signIn(page, 'spectateur');
  await page.goto('/videos');
  // 53 videos for a signed-in user: two pages of 48, newest first.
  await pageLabel(page, 'Page 1 / 2').waitFor();
  await card(page, TITLES.basket).waitFor();
  await card(page, TITLES.concert).waitFor();
  expect(await card(page, TITLES.coulisses).count()).toBe(0);
  await look(page, 'videos');

  // The funnel shows the tag chips; Soirée and Gala together keep the videos carrying both.
  await page.getByRole('main').getByRole('button', { name: /filtr/i }).first().click();
  await tagChip(page, TAGS.soiree).first().click();
  await tagChip(page, TAGS.gala).first().click();
  await card(page, TITLES.basket).waitFor({ state: 'detached' });
  await card(page, TITLES.interview).waitFor({ state: 'detached' });
  await card(page, TITLES.concert).waitFor({ state: 'detached' });
  await card(page, TITLES.ouverture).waitFor();
  await pageLabel(page, 'Page 1 / 2').waitFor();
  await look(page, 'videos-filtre-deux-tags');
  const firstPage = page.url();
  expect(new URL(firstPage).search).not.toBe('');

  // Page 2 of the filter: only the oldest archive video is left.
  await page.getByRole('button', { name: 'Page suivante' }).first().click();
  await pageLabel(page, 'Page 2 / 2').waitFor();
  await card(page, archiveTitle(ARCHIVE_COUNT)).waitFor();
  expect(await card(page, archiveTitle(ARCHIVE_COUNT - 1)).count()).toBe(0);
  await look(page, 'videos-filtre-page-2');
  const secondPage = page.url();
  expect(new URL(secondPage).searchParams.get('page')).toBe('2');

  await page.goBack();
  await pageLabel(page, 'Page 1 / 2').waitFor();
  expect(page.url()).toBe(firstPage);
  await card(page, TITLES.ouverture).waitFor();
  expect(await card(page, TITLES.concert).count()).toBe(0);

  await page.goForward();
  await pageLabel(page, 'Page 2 / 2').waitFor();
  expect(page.url()).toBe(secondPage);
  await card(page, archiveTitle(ARCHIVE_COUNT)).waitFor();

  // A reload keeps the page and the tags: the URL carries them.
  await page.reload();
  await pageLabel(page, 'Page 2 / 2').waitFor();
  await card(page, archiveTitle(ARCHIVE_COUNT)).waitFor();
  expect(await card(page, archiveTitle(ARCHIVE_COUNT - 1)).count()).toBe(0);
}, 120_000);
