import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { look, signIn, useBrowser } from '../support/browser.ts';

const { visit } = useBrowser();

/** The geek's session token, for clean-up calls made behind the screen. */
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

it('creates an account that can sign in, then changes its role and deletes it', async () => {
  const page = await visit();
  await signIn(page, 'e2e-geek');
  const main = page.getByRole('main');
  const username = `compte-e2e-${Date.now()}`;
  const password = 'un-mot-de-passe-solide';

  await page.goto('/users');
  await main.getByRole('heading', { level: 2, name: 'membre', exact: true }).waitFor();
  await look(page, 'utilisateurs');

  await main.getByRole('button', { name: 'Créer un compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Créer un compte' });
  await dialog.getByLabel('Identifiant').fill(username);
  await dialog.getByLabel('Mot de passe').fill(password);
  await look(page, 'utilisateurs-creation');
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await page.getByText('Utilisateur créé avec succès').waitFor();
  const row = main.getByRole('listitem', { name: username });
  await row.waitFor();

  try {
    // A fresh visitor signs in with the new account.
    const newcomer = await visit();
    await newcomer.goto('/login');
    await newcomer.getByLabel('Identifiant').fill(username);
    await newcomer.getByLabel('Mot de passe').fill(password);
    await newcomer.getByRole('button', { name: 'Valider' }).click();
    await newcomer.getByText('Connexion reussie ! Bienvenue').waitFor();

    await main.getByLabel('Rechercher un utilisateur').fill(username);
    await row.getByRole('combobox', { name: /Rôle/ }).click();
    await page.getByRole('option', { name: 'Plateau' }).click();
    await page.getByText('Utilisateur modifié avec succès').waitFor();
    await look(page, 'utilisateurs-recherche');
    await page.reload();
    await row.waitFor();
    expect(await row.getByRole('combobox', { name: /Rôle/ }).textContent()).toBe('Plateau');

    await row.getByRole('button', { name: `Supprimer ${username}` }).click();
    await page
      .getByRole('dialog', {
        name: `Etes-vous sûr de vouloir supprimer le compte « ${username} » ?`,
      })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await page.getByText('Utilisateur supprimé avec succès').waitFor();
    await row.waitFor({ state: 'detached' });
  } finally {
    // Whatever failed above, the run's server does not keep the account.
    const users = await page.request.get('/api/users', {
      headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    });
    const left = ((await users.json()) as { users: { id: number; username: string }[] }).users;
    for (const user of left.filter((one) => one.username === username)) {
      await page.request.delete(`/api/users/${user.id}`, {
        headers: { Authorization: `Bearer ${await tokenOf(page)}` },
      });
    }
  }
}, 120_000);

it('creates, renames and deletes a category', async () => {
  const page = await visit();
  await signIn(page, 'e2e-geek');
  const main = page.getByRole('main');
  const stamp = Date.now();
  const name = `Catégorie e2e ${stamp}`;
  const renamed = `Rubrique e2e ${stamp}`;

  try {
    await page.goto('/categories');
    await main.getByRole('listitem', { name: 'Sport', exact: true }).waitFor();
    await main.getByLabel('Nouvelle catégorie').fill(name);
    await main.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByText('Catégorie créée avec succès').waitFor();
    await main.getByRole('listitem', { name }).waitFor();
    await look(page, 'categories');

    await main.getByRole('button', { name: `Renommer ${name}` }).click();
    await main.getByLabel('Nouveau nom').fill(renamed);
    await look(page, 'categories-renommage');
    await main.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Catégorie renommée avec succès').waitFor();
    await main.getByRole('listitem', { name: renamed }).waitFor();

    await main.getByRole('button', { name: `Supprimer ${renamed}` }).click();
    await page
      .getByRole('dialog', { name: /supprimer la catégorie/ })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await page.getByText('Catégorie supprimée avec succès').waitFor();
    await main.getByRole('listitem', { name: renamed }).waitFor({ state: 'detached' });
  } finally {
    // Other scenarios show the tag chips: none of ours may stay behind.
    const tags = (await (await page.request.get('/api/tags')).json()) as {
      id: number;
      name: string;
    }[];
    for (const tag of tags.filter((one) => [name, renamed].includes(one.name))) {
      await page.request.delete(`/api/tags/${tag.id}`, {
        headers: { Authorization: `Bearer ${await tokenOf(page)}` },
      });
    }
  }
}, 120_000);

it('shows the geek the site’s state, the videos’ format and the media storage included', async () => {
  const page = await visit();
  await signIn(page, 'e2e-geek');
  await page.goto('/system');
  const main = page.getByRole('main');
  const format = main.getByRole('region', { name: 'Format des vidéos' });
  // The seeded videos were encoded in the fragmented layout: none is left to convert.
  await format.getByText('terminée').waitFor();
  // The e2e site keeps its media on the disk, without a bucket.
  const media = main.getByRole('region', { name: 'Stockage des médias' });
  await media.getByText('non configuré').waitFor();
  await look(page, 'systeme');
  // The same page in the day theme (themeMode 1, as ten taps on the logo set it).
  await page.evaluate(() => localStorage.setItem('themeMode', '1'));
  await page.reload();
  await media.getByText('non configuré').waitFor();
  await look(page, 'systeme-jour');
  await page.evaluate(() => localStorage.removeItem('themeMode'));
});
