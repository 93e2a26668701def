import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, look } from '../support/browser.ts';
import { startSsoPlateau, type SsoPlateau } from '../support/sso-plateau.ts';

const SSO_BUTTON = "Connexion avec le compte de l'école";

let plateau: SsoPlateau;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [plateau, browser] = await Promise.all([startSsoPlateau(), launchChromium()]);
}, 240_000);
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});
afterAll(async () => {
  await browser?.close();
  await plateau?.close();
});

/** A student with a fresh browser, on this Plateau with single sign-on. */
const student = async (): Promise<Page> => {
  const context = await browser.newContext({
    baseURL: plateau.baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'fr-FR',
  });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  return context.newPage();
};

/** The provider's own login page (oidc-provider's), on its own site. */
const atProvider = async (page: Page) => {
  await page.waitForURL((url) => url.origin === plateau.provider.issuer);
  await page.locator('input[name="login"]').waitFor();
};

const buttonHeight = async (page: Page) =>
  (await page.getByRole('button', { name: SSO_BUTTON }).boundingBox())!.height;

describe('single sign-on with the school account', () => {
  it('from a CS video, signs in at the provider and comes back to that video as a user', async () => {
    const page = await student();
    const videoPath = `/video?v=${plateau.videoId}`;
    await page.goto(videoPath);
    // A visitor cannot watch it: the app asks them to sign in, remembering the video.
    await page.getByText('Veuillez vous connecter').waitFor();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: SSO_BUTTON }).waitFor();
    await look(page, 'sso-connexion');

    await page.getByRole('button', { name: SSO_BUTTON }).click();
    await atProvider(page);
    await page.locator('input[name="login"]').fill('camille.eleve');
    await page.locator('input[name="password"]').fill('mot-de-passe-de-l-ecole');
    await page.getByRole('button', { name: 'Sign-in' }).click();

    await page.waitForURL((url) => `${url.pathname}${url.search}` === videoPath);
    await page.getByRole('heading', { name: 'Soirée des assos' }).waitFor();
    await page.getByRole('button', { name: 'Déconnexion' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const payload = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({ role: 'user', username: 'camille.eleve', gda_access: false });
    await look(page, 'sso-video-connecte');
  });

  it("cancelled at the provider: 'Erreur de connexion...', back on /login, a bigger button", async () => {
    const page = await student();
    await page.goto('/login');
    const before = await buttonHeight(page);
    await page.getByRole('button', { name: SSO_BUTTON }).click();
    await atProvider(page);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();

    await page.getByText('Erreur de connexion...').waitFor();
    await page.waitForURL('**/login');
    await expect.poll(() => buttonHeight(page)).toBeGreaterThan(before);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await look(page, 'sso-erreur');
  });

  it('a geek links their own account on Utilisateurs, then signs in with the school account', async () => {
    const page = await student();
    await page.goto('/login');
    await page.getByLabel('Identifiant').fill(plateau.geek.username);
    await page.getByLabel('Mot de passe').fill(plateau.geek.password);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Connexion reussie ! Bienvenue').waitFor();

    await page.goto('/users');
    const me = page.getByRole('listitem', { name: plateau.geek.username });
    await me
      .getByRole('button', { name: `Lier ${plateau.geek.username} au compte de l'école` })
      .click();
    const dialog = page.getByRole('dialog', { name: "Lier au compte de l'école" });
    await dialog.getByLabel(/Identifiant chez le fournisseur/).fill('direction.asso');
    await look(page, 'sso-utilisateurs-lier');
    await dialog.getByRole('button', { name: 'Lier' }).click();
    await page.getByText("Compte de l'école lié avec succès").waitFor();
    await me.getByText("Compte de l'école : direction.asso").waitFor();
    await look(page, 'sso-utilisateurs');

    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.goto('/login');
    await page.getByRole('button', { name: SSO_BUTTON }).click();
    await atProvider(page);
    await page.locator('input[name="login"]').fill('direction.asso');
    await page.locator('input[name="password"]').fill('mot-de-passe-de-l-ecole');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    // Back where the app was when the geek signed out (/users, or the home page).
    await page.waitForURL(
      (url) =>
        url.origin === plateau.baseUrl && !['/auth/callback', '/login'].includes(url.pathname),
    );
    await page.getByRole('button', { name: 'Déconnexion' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const payload = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({ role: 'geek', username: plateau.geek.username });
  });
});
