import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.ts';
import { look, settle, signIn, useBrowser } from '../support/browser.ts';
import { TITLES } from '../support/e2e-content.ts';
import { plateau } from '../support/plateau.ts';

/**
 * The school library's computers: students sign in one after another, in the same tab or in
 * another tab of the same browser. What only the previous person could see (a members-only
 * title in her history and likes) must never enter the page for the next one, not even while
 * the next one's answers are on their way over a slow Wi-Fi.
 */
const { visit } = useBrowser();
const secret = TITLES.coulisses;
const ANSWER_DELAY_MS = 3000;

/** The member watched and liked the members-only video: it is in her history and her likes. */
const memberWatchedTheSecret = async () => {
  const { api } = await apiAs('membre');
  const id = plateau().videoIds.coulisses!;
  await api('PUT', `videos/history/${id}`);
  await api('PUT', `videos/like/${id}`);
};

/**
 * From now on, records every time `text` is in the document: a MutationObserver on the whole
 * page, so even a frame drawn and replaced at once is caught. Read with `seenSince`.
 */
const watchFor = async (page: Page, text: string) => {
  await page.evaluate((needle) => {
    const seen: string[] = [];
    const look = (when: string) => {
      if (document.body.textContent?.includes(needle)) seen.push(when);
    };
    look('au départ');
    new MutationObserver(() => look(location.pathname)).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    (window as unknown as { seenSecret: string[] }).seenSecret = seen;
  }, text);
};
const seenSince = (page: Page) =>
  page.evaluate(() => (window as unknown as { seenSecret: string[] }).seenSecret);

/** The bearer tokens the page's calls to the API carry, from now on. */
const recordTokens = (page: Page) => {
  const tokens: string[] = [];
  page.on('request', (request: Request) => {
    const authorization = request.headers().authorization;
    if (request.url().includes('/api/') && authorization) tokens.push(authorization.slice(7));
  });
  return tokens;
};

/** The personal pages answer late, as on the school's Wi-Fi. */
const slowPersonalLists = (page: Page) =>
  page.route(/\/api\/videos\/(history|liked)\b/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ANSWER_DELAY_MS));
    await route.continue().catch(() => {});
  });

const openMenuItem = async (page: Page, label: string) => {
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByText(label).click();
};

describe('a shared computer', () => {
  it('shows the next student nothing of the previous one, in the same tab', async () => {
    await memberWatchedTheSecret();
    const page = await visit();
    await signIn(page, 'membre');
    const memberToken = await page.evaluate(() => localStorage.getItem('token'));
    // Her own lists first (a loaded CI once took over 30 s here: each step waits on its own).
    const main = page.getByRole('main');
    await openMenuItem(page, 'Historique');
    await main.getByRole('heading', { name: 'Mon historique' }).waitFor();
    await main.getByRole('heading', { name: secret, exact: true }).waitFor({ timeout: 60_000 });
    await openMenuItem(page, 'Vidéos likées');
    await main.getByRole('heading', { name: 'Mes videos likees' }).waitFor();
    await main.getByRole('heading', { name: secret, exact: true }).waitFor({ timeout: 60_000 });

    // She leaves with the header's Déconnexion.
    await page.getByRole('banner').getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await watchFor(page, secret);
    const tokens = recordTokens(page);
    await slowPersonalLists(page);

    // The next student signs in on the same tab, without reloading it.
    await page.getByRole('banner').getByRole('link', { name: 'Connexion' }).click();
    const { password } = plateau().accounts.spectateur!;
    await page.getByLabel('Identifiant').fill('spectateur');
    await page.getByLabel('Mot de passe').fill(password);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Connexion reussie ! Bienvenue').waitFor();
    // Sent home, not to the page the member had open.
    await page.waitForURL((url) => url.pathname === '/');

    await openMenuItem(page, 'Historique');
    await main.getByRole('heading', { name: 'Mon historique' }).waitFor();
    // Her list would show here while his answer is held back: wait for his answer.
    await page.waitForResponse(/\/api\/videos\/history\b/, { timeout: ANSWER_DELAY_MS + 10_000 });
    await settle(page);
    await openMenuItem(page, 'Vidéos likées');
    await main.getByRole('heading', { name: 'Mes videos likees' }).waitFor();
    await page.waitForResponse(/\/api\/videos\/liked\b/, { timeout: ANSWER_DELAY_MS + 10_000 });
    await settle(page);
    await look(page, 'poste-partage-suivant');

    expect(await seenSince(page)).toEqual([]);
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens).not.toContain(memberToken);
  }, 120_000);

  it('signs every tab out at once, and the other tab calls nothing with her token', async () => {
    await memberWatchedTheSecret();
    const first = await visit();
    await signIn(first, 'membre');
    const memberToken = await first.evaluate(() => localStorage.getItem('token'));
    const second = await first.context().newPage();
    await second.goto('/history');
    const main = second.getByRole('main');
    await main.getByRole('heading', { name: secret, exact: true }).waitFor();
    // Her page's own calls (its thumbnails, as they come into view) end before she leaves.
    await settle(second);
    const tokens = recordTokens(second);

    await first.getByRole('banner').getByRole('button', { name: 'Déconnexion' }).click();

    // The other tab follows without a reload: signed out, her list gone, the login page.
    await second.waitForURL((url) => url.pathname === '/login');
    await second.getByLabel('Identifiant').waitFor();
    await watchFor(second, secret);
    // Whatever the person does next in that tab goes out without her token.
    await second.getByRole('button', { name: 'Retour' }).click();
    await second.waitForURL((url) => url.pathname === '/');
    await second
      .getByRole('main')
      .getByRole('heading', { name: TITLES.ouverture })
      .first()
      .waitFor();

    expect(await seenSince(second)).toEqual([]);
    expect(tokens).not.toContain(memberToken);
  }, 120_000);
});
