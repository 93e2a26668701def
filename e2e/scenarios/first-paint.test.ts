import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';

const { visit } = useBrowser();

/** The first draw is 0.99 (the last tagline), every later one 0.01 (the first). */
const rigDraws = (page: Page) =>
  page.addInitScript(() => {
    let draws = 0;
    Math.random = () => (draws++ === 0 ? 0.99 : 0.01);
  });

/** The page as it is before the app's code runs: every script of the build held back. */
const holdScripts = (page: Page) => page.route('**/assets/*.js', (route) => route.abort());

it("draws the visitor's landing hero before any script, then the app keeps its tagline", async () => {
  const before = await visit();
  await rigDraws(before);
  await holdScripts(before);
  await before.goto('/');
  const firstPaint = before.locator('#first-paint');
  await expect.poll(() => firstPaint.isVisible()).toBe(true);
  const taglines = firstPaint.locator('.fp-tagline');
  const count = await taglines.count();
  expect(count).toBeGreaterThan(1);
  expect(await firstPaint.locator('.fp-tagline:visible').count()).toBe(1);
  const drawn = await taglines.last().textContent();
  expect(await taglines.last().isVisible()).toBe(true);

  const after = await visit();
  await rigDraws(after);
  await after.goto('/');
  await after.getByRole('heading', { level: 1, name: drawn!, exact: true }).waitFor();
  expect(await after.locator('#first-paint').count()).toBe(0);
});

it('draws no landing hero on another page or for someone signed in', async () => {
  const visitor = await visit();
  await holdScripts(visitor);
  await visitor.goto('/videos');
  expect(await visitor.locator('#first-paint').count()).toBe(0);

  const signedIn = await visit();
  await signedIn.addInitScript(() => localStorage.setItem('token', 'any'));
  await holdScripts(signedIn);
  await signedIn.goto('/');
  expect(await signedIn.locator('#first-paint').count()).toBe(0);
});
