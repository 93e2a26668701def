import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChapterList } from '@plateau/contract';
import { keepInView, look, signIn, useBrowser } from '../support/browser.ts';
import { apiAs } from '../support/api.ts';
import { plateau } from '../support/plateau.ts';

const { visit } = useBrowser();

/** The edit page scrolled to the chapters, kept there when the viewport changes size. */
const keepSectionInView = (page: Page) =>
  keepInView(page, 'section[aria-labelledby="chapters-title"]', 'center');

afterAll(async () => {
  const { api } = await apiAs('membre');
  await api('PUT', `videos/${plateau().videoIds.interview}/chapters`, { chapters: [] });
});

describe('/editVideo/{id}, Chapitres', () => {
  it('names the parts of a video from its description, saved for everyone, in both themes', async () => {
    const id = plateau().videoIds.interview!;
    const page = await visit();
    await signIn(page, 'membre');
    await page.goto(`/editVideo/${id}`);
    const main = page.getByRole('main');
    const section = main.getByRole('region', { name: 'Chapitres' });
    await section.getByRole('button', { name: 'Ajouter un chapitre' }).waitFor();

    // YouTube's convention, typed into the description: read, not saved until asked.
    const description = main.getByLabel(/^Description/);
    await description.fill('Entretien du club.\n0:00 Accueil\n0:20 Questions\n0:45 Au revoir');
    await section.getByRole('button', { name: 'Importer depuis la description' }).click();
    await page.getByText('3 chapitres repris de la description').waitFor();
    await section.getByRole('button', { name: 'Enregistrer les chapitres' }).click();
    await page.getByText('Chapitres enregistrés').waitFor();

    const { api } = await apiAs('membre');
    expect(await api<ChapterList>('GET', `videos/${id}/chapters`)).toEqual({
      chapters: [
        { start: 0, title: 'Accueil' },
        { start: 20, title: 'Questions' },
        { start: 45, title: 'Au revoir' },
      ],
    });
    await keepSectionInView(page);
    await look(page, 'chapitres-edition');

    // A bad time is shown where it is, in French, and nothing is sent.
    await section.getByRole('button', { name: 'Ajouter un chapitre' }).click();
    await section.getByRole('listitem', { name: 'Chapitre 4' }).getByLabel('Début').fill('1:75');
    await section.getByRole('button', { name: 'Enregistrer les chapitres' }).click();
    await section.getByText('Début invalide (m:ss)').waitFor();
    await page.evaluate(() => localStorage.setItem('themeMode', '1'));
    await look(page, 'chapitres-erreur');
    await page.reload();
    await section.getByRole('listitem', { name: 'Chapitre 3' }).waitFor();
    await keepSectionInView(page);
    await look(page, 'chapitres-edition-jour');
  });
});
