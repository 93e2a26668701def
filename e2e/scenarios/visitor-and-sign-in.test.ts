import { describe, expect, it } from 'vitest';
import { look, useBrowser } from '../support/browser.ts';
import { DIRECT_TITLES, TITLES } from '../support/e2e-content.ts';
import { plateau } from '../support/plateau.ts';

/** The six answers to wrong credentials (spec section 8, Login), one drawn at random. */
const WRONG_CREDENTIALS = [
  'Identifiants incorrects',
  "On se connaît ? Non, j'ai dû confondre",
  'You shall not pass !!',
  "Ca arrive à tout le monde d'oublier des mots de passe...",
  'On bougera pas tant que les identifiants sont pas bons.',
  "Une erreur attendue s'est produite...",
];

const { visit } = useBrowser();

describe('a visitor', () => {
  it('sees the public videos only on /', async () => {
    const page = await visit();
    await page.goto('/');
    const main = page.getByRole('main');
    // The newest public videos; the non-public ones are newer still, so they would lead.
    await main.getByRole('heading', { name: TITLES.concert, exact: true }).waitFor();
    await main.getByRole('heading', { name: TITLES.ouverture, exact: true }).waitFor();
    for (const hidden of [TITLES.basket, TITLES.interview, TITLES.coulisses]) {
      expect(await main.getByText(hidden).count(), hidden).toBe(0);
    }
    // The hero's own Connexion button (a link or a button, as long as a person can press it).
    await main
      .getByRole('link', { name: 'Connexion' })
      .or(main.getByRole('button', { name: 'Connexion' }))
      .first()
      .waitFor();
    await look(page, 'accueil-visiteur');
    // Below the hero: the public videos themselves.
    await main.getByRole('heading', { name: TITLES.concert, exact: true }).scrollIntoViewIfNeeded();
    await look(page, 'accueil-visiteur-videos');
  });

  it('signs in on /login: empty form, wrong password, then welcome', async () => {
    const page = await visit();
    const { username, password } = plateau().accounts.spectateur!;
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Connexion' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Valider' }).waitFor();
    await look(page, 'connexion');

    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Veuillez renseinger un identifiant et un mot de passe').waitFor();
    await look(page, 'connexion-formulaire-vide');

    await page.getByLabel('Identifiant').fill(username);
    await page.getByLabel('Mot de passe').fill(`${password}-faux`);
    await page.getByRole('button', { name: 'Valider' }).click();
    const refusal = page.getByText(new RegExp(WRONG_CREDENTIALS.map(escape).join('|')));
    await refusal.waitFor();
    expect(WRONG_CREDENTIALS).toContain((await refusal.textContent())?.trim());
    expect(page.url()).toMatch(/\/login$/);
    await look(page, 'connexion-refusee');

    await page.getByLabel('Mot de passe').fill(password);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Connexion reussie ! Bienvenue').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    // The signed-in home: latest videos (non-public ones included now) and latest directs.
    const main = page.getByRole('main');
    // Home display 3: the current direct, with its LIVE button (it has a live link).
    await main
      .getByText(/DT en cours/i)
      .first()
      .waitFor();
    await main.getByRole('heading', { name: DIRECT_TITLES.enCours }).first().waitFor();
    await main.getByRole('link', { name: /LIVE/ }).first().waitFor();
    await main.getByText('A la une').waitFor();
    await main.getByText('Nos dernieres videos').waitFor();
    await main.getByText('Nos derniers DT').waitFor();
    await main.getByRole('heading', { name: TITLES.basket, exact: true }).first().waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Déconnexion' }).waitFor();
    await look(page, 'accueil-connecte');
  }, 120_000);
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
