import { it } from 'vitest';
import { look, signIn, useBrowser } from '../support/browser.ts';
import { PLAYLIST_TITLES, TITLES } from '../support/e2e-content.ts';
import { plateau } from '../support/plateau.ts';

const { visit } = useBrowser();

it("adds another member's playlist to the library, then finds it in /playlists", async () => {
  const page = await visit();
  await signIn(page, 'spectateur');
  const main = page.getByRole('main');

  await page.goto('/playlists');
  await main.getByText("Il n'y a rien ici... Pour l'instant ?").waitFor();
  await look(page, 'playlists-vide');

  await page.goto('/featured');
  await main.getByText(PLAYLIST_TITLES.featured).first().waitFor();
  await look(page, 'playlists-featurees');

  await page.goto(`/playlist?pl=${plateau().playlistCodes.sport}`);
  await main.getByRole('heading', { level: 1, name: PLAYLIST_TITLES.sport }).waitFor();
  await main.getByRole('heading', { name: TITLES.basket, exact: true }).waitFor();
  await look(page, 'playlist');

  await main
    .getByRole('button', { name: /biblioth/i })
    .first()
    .click();
  await page.getByText('Playlist ajoutee a votre bibliotheque').waitFor();

  await page.goto('/playlists');
  await main.getByText(PLAYLIST_TITLES.sport).first().waitFor();
  await look(page, 'playlists-bibliotheque');
}, 120_000);
