import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Chapter } from '@plateau/contract';
import { signIn } from '../../../lib/session.ts';
import { renderApp } from '../../../testing/render.tsx';
import { makeToken } from '../../../testing/tokens.ts';
import { makeVideo } from '../../../testing/videos.ts';
import { formatChapterTime, parseChapterTime } from '../chapter-times.ts';
import { serveEditor, type EditorServerOptions } from '../testing/editor-server.ts';
import { chapterMessages } from './chapters-section.tsx';

const DESCRIPTION = 'Le gala 2026.\n0:00 Accueil\n4:30 Acte I\n1:02:03 Acte II';
const video = makeVideo(31, { title: 'Gala', description: DESCRIPTION, privacy: 1, rungs: [480] });
const acts: Chapter[] = [
  { start: 0, title: 'Accueil' },
  { start: 95.25, title: 'Acte I' },
];

const open = async (options: EditorServerOptions = {}) => {
  const calls = serveEditor({ video, ...options });
  signIn(makeToken({ role: 'plateau', gda_access: false }));
  renderApp(`/editVideo/${video.id}`);
  const section = await screen.findByRole('region', { name: 'Chapitres' });
  await within(section).findByRole('button', { name: 'Ajouter un chapitre' });
  return { calls, section, user: userEvent.setup() };
};

const rowValues = (section: HTMLElement) =>
  within(section)
    .queryAllByRole('listitem')
    .map((row) => [
      (within(row).getByLabelText('Début') as HTMLInputElement).value,
      (within(row).getByLabelText('Titre') as HTMLInputElement).value,
    ]);

describe('chapter times', () => {
  it('reads m:ss, h:mm:ss and milliseconds, and writes them back alike', () => {
    expect(parseChapterTime('4:30')).toBe(270);
    expect(parseChapterTime('1:02:03')).toBe(3723);
    expect(parseChapterTime('1:35.25')).toBe(95.25);
    expect(parseChapterTime('75:00')).toBe(4500);
    for (const bad of ['', '4:60', '4', 'abc', '1:60:00']) expect(parseChapterTime(bad)).toBeNull();
    expect(formatChapterTime(95.25)).toBe('1:35.250');
    expect(formatChapterTime(3723)).toBe('1:02:03');
    expect(parseChapterTime(formatChapterTime(754.5))).toBe(754.5);
  });
});

describe('/editVideo/{id}, Chapitres', () => {
  it('shows the chapters, and saves them edited, added and removed, together', async () => {
    const { calls, section, user } = await open({ chapters: acts });
    expect(rowValues(section)).toEqual([
      ['0:00', 'Accueil'],
      ['1:35.250', 'Acte I'],
    ]);
    const save = within(section).getByRole('button', { name: 'Enregistrer les chapitres' });
    expect(save).toBeDisabled();

    await user.click(within(section).getByRole('button', { name: 'Ajouter un chapitre' }));
    const third = within(section).getByRole('listitem', { name: 'Chapitre 3' });
    // A minute after the last one, to be adjusted.
    expect((within(third).getByLabelText('Début') as HTMLInputElement).value).toBe('2:35.250');
    await user.clear(within(third).getByLabelText('Début'));
    await user.type(within(third).getByLabelText('Début'), '12:34');
    await user.type(within(third).getByLabelText('Titre'), 'Acte II');
    await user.click(within(section).getByRole('button', { name: 'Retirer le chapitre 1' }));
    await user.click(save);

    expect(await screen.findByText(chapterMessages.saved)).toBeVisible();
    expect(calls.filter((call) => call.path === 'videos/31/chapters')).toEqual([
      {
        method: 'PUT',
        path: 'videos/31/chapters',
        body: {
          chapters: [
            { start: 95.25, title: 'Acte I' },
            { start: 754, title: 'Acte II' },
          ],
        },
      },
    ]);
    expect(rowValues(section)).toEqual([
      ['1:35.250', 'Acte I'],
      ['12:34', 'Acte II'],
    ]);
    expect(save).toBeDisabled();
    // Inside the edit form: none of these buttons submits it.
    for (const button of within(section).getAllByRole('button')) {
      expect(button).toHaveAttribute('type', 'button');
    }
  });

  it('adds a chapter where the preview was paused', async () => {
    const { section, user } = await open({ chapters: acts });
    const preview = screen.getByLabelText('Aperçu : Gala') as HTMLVideoElement;
    Object.defineProperty(preview, 'currentTime', { configurable: true, value: 312.5 });
    await user.click(within(section).getByRole('button', { name: 'Ajouter un chapitre' }));
    expect(rowValues(section)[2]).toEqual(['5:12.500', '']);
  });

  it('imports the description’s chapters, then saves them', async () => {
    const { calls, section, user } = await open();
    expect(within(section).getByText('Aucun chapitre pour cette vidéo.')).toBeVisible();
    await user.click(
      within(section).getByRole('button', { name: 'Importer depuis la description' }),
    );
    expect(await screen.findByText(chapterMessages.imported(3))).toBeVisible();
    expect(rowValues(section)).toEqual([
      ['0:00', 'Accueil'],
      ['4:30', 'Acte I'],
      ['1:02:03', 'Acte II'],
    ]);
    await user.click(within(section).getByRole('button', { name: 'Enregistrer les chapitres' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === 'videos/31/chapters')).toBe(true),
    );
  });

  it('says when the description has no chapters, and marks bad rows instead of sending', async () => {
    const { calls, section, user } = await open();
    const description = screen.getByLabelText(/^Description/);
    await user.clear(description);
    await user.type(description, 'Rendez-vous à 20:30 devant la salle');
    await user.click(
      within(section).getByRole('button', { name: 'Importer depuis la description' }),
    );
    expect(await screen.findByText(chapterMessages.noneInDescription)).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Ajouter un chapitre' }));
    const row = within(section).getByRole('listitem', { name: 'Chapitre 1' });
    await user.clear(within(row).getByLabelText('Début'));
    await user.type(within(row).getByLabelText('Début'), '4:75');
    await user.click(within(section).getByRole('button', { name: 'Enregistrer les chapitres' }));
    expect(await screen.findByText(chapterMessages.check)).toBeVisible();
    expect(within(row).getByText(chapterMessages.badTime)).toBeVisible();
    expect(within(row).getByText(chapterMessages.noTitle)).toBeVisible();
    expect(calls.some((call) => call.path === 'videos/31/chapters')).toBe(false);
  });

  it('shows the server’s French refusal and keeps the draft', async () => {
    const { section, user } = await open({
      chapters: acts,
      chapterRefusal: { status: 400, message: 'Deux chapitres commencent au même moment' },
    });
    const row = within(section).getByRole('listitem', { name: 'Chapitre 2' });
    await user.clear(within(row).getByLabelText('Début'));
    await user.type(within(row).getByLabelText('Début'), '0:00');
    await user.click(within(section).getByRole('button', { name: 'Enregistrer les chapitres' }));
    expect(await screen.findByText('Deux chapitres commencent au même moment')).toBeVisible();
    expect(rowValues(section)[1]).toEqual(['0:00', 'Acte I']);
  });
});
