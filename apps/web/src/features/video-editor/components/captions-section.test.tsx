import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Caption } from '@plateau/contract';
import { captionMaxBytes } from '@plateau/contract/constants';
import { signIn } from '../../../lib/session.ts';
import { bytesFile, fileOfBytes } from '../../../testing/files.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { makeToken } from '../../../testing/tokens.ts';
import { makeVideo } from '../../../testing/videos.ts';
import { serveEditor, type EditorServerOptions } from '../testing/editor-server.ts';

const video = makeVideo(31, { title: 'Le match de basket', privacy: 1, rungs: [480] });
const french: Caption = { language: 'fr', updatedAt: '2026-11-02T09:00:00.000Z' };
const SRT = '1\n00:00:01,000 --> 00:00:02,500\nÀ bientôt, élèves !\n';

const open = async (options: EditorServerOptions = {}) => {
  const calls = serveEditor({ video, ...options });
  signIn(makeToken({ role: 'plateau', gda_access: false }));
  renderApp(`/editVideo/${video.id}`);
  const section = await screen.findByRole('region', { name: 'Sous-titres' });
  await within(section).findByRole('button', { name: 'Ajouter des sous-titres' });
  return { calls, section, user: userEvent.setup() };
};

const pick = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), {
    target: { files: [file] },
  });

const srt = (name = 'match.srt', text = SRT) =>
  fileOfBytes(name, new TextEncoder().encode(text), 'application/x-subrip');

// jsdom's FormData turns Node's File into "[object File]", and Node's fetch reads jsdom's File
// as an empty blob: the page's FormData is Node's own here (the one its fetch reads), taken
// from a Response since jsdom hides the global. A browser has one of each: nothing to do there.
const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData())
  .constructor as typeof FormData;
beforeEach(() => vi.stubGlobal('FormData', NodeFormData));
afterEach(() => vi.unstubAllGlobals());

describe('/editVideo/{id}, Sous-titres', () => {
  it('lists the captions by French name, and offers the other languages, common ones first', async () => {
    const { section } = await open({
      captions: [french, { language: 'en', updatedAt: '2026-11-03T09:00:00.000Z' }],
    });
    const row = within(section).getByRole('listitem', { name: 'Français' });
    expect(within(row).getByText('Envoyés le 2 novembre 2026')).toBeVisible();
    expect(within(section).getByRole('listitem', { name: 'Anglais' })).toBeVisible();
    const names = within(within(section).getByLabelText('Langue'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names.slice(0, 6)).toEqual([
      'Espagnol',
      'Allemand',
      'Italien',
      'Portugais',
      'Arabe',
      'Chinois',
    ]);
    expect(names).toContain('Breton');
    expect(names).not.toContain('Français');
    expect(names).not.toContain('Anglais');
    // Inside the edit form: none of these buttons submits it.
    for (const button of within(section).getAllByRole('button')) {
      expect(button).toHaveAttribute('type', 'button');
    }
  });

  it('says when there are none', async () => {
    const { section } = await open();
    expect(within(section).getByText('Aucun sous-titre pour cette vidéo.')).toBeVisible();
    expect(within(section).getByLabelText('Langue')).toHaveValue('fr');
  });

  it('sends a chosen file at once as multipart, and shows the new row', async () => {
    const { calls, section, user } = await open({ captions: [french] });
    await user.selectOptions(within(section).getByLabelText('Langue'), 'Breton');
    pick('Fichier de sous-titres à ajouter', srt());
    expect(await screen.findByText('Sous-titres enregistrés')).toBeVisible();
    expect(await within(section).findByRole('listitem', { name: 'Breton' })).toBeVisible();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: 'media/captions/31/br',
        body: [{ field: 'caption_upload', name: 'match.srt', text: SRT }],
      },
    ]);
    // Breton is there now: the next free common language is offered.
    expect(within(section).getByLabelText('Langue')).toHaveValue('en');
  });

  it('replaces one language with a new file', async () => {
    const { calls, section } = await open({ captions: [french] });
    const row = within(section).getByRole('listitem', { name: 'Français' });
    expect(within(row).getByRole('button', { name: /^Remplacer/ })).toBeVisible();
    pick('Nouveau fichier de sous-titres Français', srt('v2.vtt', 'WEBVTT\n'));
    expect(await screen.findByText('Sous-titres enregistrés')).toBeVisible();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT media/captions/31/fr',
    ]);
  });

  it("shows the server's words when it refuses the file", async () => {
    const message = 'Fichier de sous-titres invalide : SRT ou WebVTT attendu';
    const { calls, section } = await open({ captionRefusal: { status: 400, message } });
    pick('Fichier de sous-titres à ajouter', srt('notes.srt', 'pas des sous-titres'));
    expect(await screen.findByText(message)).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(within(section).getByText('Aucun sous-titre pour cette vidéo.')).toBeVisible();
  });

  it('says our own words for any other failure, never raw text', async () => {
    await open({ captionRefusal: { status: 500, message: 'TypeError: boom at line 3' } });
    pick('Fichier de sous-titres à ajouter', srt());
    expect(await screen.findByText("Erreur pendant l'envoi des sous-titres")).toBeVisible();
    expect(screen.queryByText(/boom/)).toBeNull();
  });

  it('refuses a file over the limit before sending it', async () => {
    const { calls } = await open();
    pick('Fichier de sous-titres à ajouter', bytesFile('film.srt', captionMaxBytes + 1, ''));
    expect(
      await screen.findByText('Le fichier dépasse la taille maximale autorisée'),
    ).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('asks before removing, and removes only once confirmed', async () => {
    const { calls, section, user } = await open({ captions: [french] });
    const row = within(section).getByRole('listitem', { name: 'Français' });
    await user.click(within(row).getByRole('button', { name: /^Retirer/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Etes-vous sûr de vouloir retirer les sous-titres « Français » ?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(within(row).getByRole('button', { name: /^Retirer/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retirer' }),
    );
    expect(await screen.findByText('Sous-titres retirés')).toBeVisible();
    expect(await within(section).findByText('Aucun sous-titre pour cette vidéo.')).toBeVisible();
    expect(calls).toEqual([{ method: 'DELETE', path: 'media/captions/31/fr' }]);
  });

  it('waits while the form saves the video', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { section, user } = await open({ captions: [french] });
    server.use(
      http.put('*/api/videos/:id', async () => {
        await answered;
        return HttpResponse.json(video);
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() =>
      expect(
        within(section).getByRole('button', { name: 'Ajouter des sous-titres' }),
      ).toBeDisabled(),
    );
    expect(within(section).getByRole('button', { name: /^Retirer/ })).toBeDisabled();
    expect(within(section).getByRole('button', { name: /^Remplacer/ })).toBeDisabled();
    answer();
    expect(await screen.findByText('Vidéo modifiée avec succès')).toBeVisible();
  });
});
