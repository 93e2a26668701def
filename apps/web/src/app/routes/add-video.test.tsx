import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fileOf,
  makeDirect,
  serveEditor,
} from '../../features/video-editor/testing/editor-server.ts';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { makeToken } from '../../testing/tokens.ts';
import { tusFailure } from '../../testing/tus-server.ts';

const DISK_FULL = 'Espace disque insuffisant sur le serveur, envoi refusé. Prévenez un geek.';

const open = async (token = makeToken({ role: 'plateau', gda_access: false })) => {
  signIn(token);
  const view = renderApp('/addVideo');
  const main = await screen.findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: 'Ajouter une video' });
  return { ...view, main, user: userEvent.setup() };
};

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

const pick = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), {
    target: { files: [file] },
  });

describe('/addVideo', () => {
  it('offers a member CS and Plateau, CS by default, and a geek all four', async () => {
    const { main, unmount } = await open();
    const access = within(main).getByLabelText('Accès');
    expect(optionsOf(access)).toEqual(['CS', 'Plateau']);
    expect(access).toHaveValue('1');
    unmount();

    const geek = await open(makeToken({ role: 'geek' }));
    expect(optionsOf(within(geek.main).getByLabelText('Accès'))).toEqual([
      'Publique',
      'CS',
      'Plateau',
      'Archivée',
    ]);
  });

  it('shows the GDA-only box only with GDA access and Plateau access', async () => {
    serveEditor();
    const { main, user, unmount } = await open(makeToken({ role: 'plateau', gda_access: true }));
    const access = within(main).getByLabelText('Accès');
    expect(within(main).queryByLabelText('Réservée au GDA')).toBeNull();
    await user.selectOptions(access, 'Plateau');
    // MUI draws the box over a transparent native checkbox: it is there, unticked.
    expect(within(main).getByRole('checkbox', { name: 'Réservée au GDA' })).not.toBeChecked();
    await user.selectOptions(access, 'CS');
    expect(within(main).queryByLabelText('Réservée au GDA')).toBeNull();
    unmount();

    const without = await open(makeToken({ role: 'plateau', gda_access: false }));
    await user.selectOptions(within(without.main).getByLabelText('Accès'), 'Plateau');
    expect(within(without.main).queryByLabelText('Réservée au GDA')).toBeNull();
  });

  it('keeps Valider disabled while the title is blank, and the promotion to digits', async () => {
    serveEditor();
    const { main, user } = await open();
    const valider = within(main).getByRole('button', { name: 'Valider' });
    expect(valider).toBeDisabled();
    await user.type(within(main).getByLabelText(/Titre/), '   ');
    expect(valider).toBeDisabled();
    await user.type(within(main).getByLabelText(/Titre/), 'Gala');
    expect(valider).toBeEnabled();

    const promo = within(main).getByLabelText('Promo');
    await user.type(promo, 'P2o2-6x');
    expect(promo).toHaveValue('226');
  });

  it('takes only an MP4 as video and a PNG or JPEG as thumbnail', async () => {
    serveEditor();
    const { main } = await open();
    pick('Vidéo', fileOf('affiche.png', 'image/png'));
    expect(await screen.findByText('Seuls les fichiers MP4 sont acceptés')).toBeVisible();
    expect(within(main).queryByText(/affiche\.png/)).toBeNull();
    pick('Vidéo', fileOf('gala.mp4', 'video/mp4'));
    expect(within(main).getByText(/gala\.mp4/)).toBeVisible();

    pick('Miniature', fileOf('gala.mov', 'video/quicktime'));
    expect(await screen.findByText('Seules les images PNG ou JPEG sont acceptées')).toBeVisible();
    pick('Miniature', fileOf('gala.jpg', 'image/jpeg'));
    expect(within(main).getByText(/gala\.jpg/)).toBeVisible();
  });

  it('creates the video, uploads the file then the thumbnail, and goes to /pending', async () => {
    const calls = serveEditor({ directs: [makeDirect(5, 'Gala de printemps')] });
    const { main, user, router } = await open();
    await user.click(within(main).getByLabelText(/Titre/));
    await user.paste('  Gala — le final  ');
    await user.click(within(main).getByLabelText('Description'));
    await user.paste('Le bouquet final.');
    await user.selectOptions(within(main).getByLabelText('Accès'), 'Plateau');
    await user.clear(within(main).getByLabelText('Date'));
    await user.type(within(main).getByLabelText('Date'), '2026-03-14');
    await user.type(within(main).getByLabelText('Promo'), '2026');
    await user.click(await within(main).findByRole('button', { name: 'Sport' }));

    await user.type(within(main).getByLabelText('Direct associé'), 'printemps');
    await user.click(await screen.findByRole('option', { name: /Gala de printemps/ }));
    expect(within(main).getByText('Direct choisi : n°5')).toBeVisible();

    pick('Vidéo', fileOf('gala.mp4', 'video/mp4'));
    pick('Miniature', fileOf('gala.png', 'image/png'));
    await user.click(within(main).getByRole('button', { name: 'Valider' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pending'));
    expect(await screen.findByText('Miniature uploadée avec succès')).toBeVisible();
    const changes = calls.filter((call) => !call.path.startsWith('directs/search'));
    expect(changes).toEqual([
      {
        method: 'POST',
        path: 'videos',
        body: {
          title: 'Gala — le final',
          description: 'Le bouquet final.',
          privacy: 2,
          date: '2026-03-14',
          promotion: '2026',
          directId: '5',
          tagIds: [2],
        },
      },
      // The video file as a resumable upload, for this video; the thumbnail in one request.
      {
        method: 'POST',
        path: 'uploads',
        body: { videoId: '31', kind: 'video', filename: 'gala.mp4', filetype: 'video/mp4' },
      },
      { method: 'PATCH', path: 'uploads' },
      { method: 'POST', path: 'media/thumbnail/31' },
    ]);
    // Three suggestions at most were asked for, by what was typed.
    expect(calls.find((call) => call.path.startsWith('directs/search'))?.path).toBe(
      'directs/search/printemps',
    );
  });

  it('sends -1 for no promotion and no direct, and stops with its message when creation fails', async () => {
    const calls = serveEditor({ createStatus: 500 });
    const { main, user, router } = await open();
    await user.type(within(main).getByLabelText(/Titre/), 'Interview');
    await user.click(within(main).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Erreur pendant la création de la video')).toBeVisible();
    expect(calls[0]?.body).toMatchObject({ promotion: '-1', directId: '-1', privacy: 1 });
    expect(router.state.location.pathname).toBe('/addVideo');
    expect(within(main).getByLabelText(/Titre/)).toHaveValue('Interview');
    expect(within(main).getByRole('button', { name: 'Valider' })).toBeEnabled();
  });

  it('says that the server has no disk space left when the upload is refused at its start (507), sending no byte', async () => {
    const calls = serveEditor({
      tus: { create: () => tusFailure(507, DISK_FULL) },
    });
    const { main, user, router } = await open();
    await user.type(within(main).getByLabelText(/Titre/), 'Gala de fin d’année');
    pick('Vidéo', fileOf('gala.mp4', 'video/mp4'));
    pick('Miniature', fileOf('gala.png', 'image/png'));
    await user.click(within(main).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(`Erreur pendant l'upload : ${DISK_FULL}`)).toBeVisible();
    // The video exists: its edit page is where the member tries again once a geek made room.
    await waitFor(() => expect(router.state.location.pathname).toBe('/editVideo/31'));
    // Asked once, not tried again, no byte sent, no thumbnail either.
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST videos',
      'POST uploads',
    ]);
  });

  it("says 'Erreur pendant l'upload' with the server's reason and opens the new video's edit page when the upload fails", async () => {
    const calls = serveEditor({ videoUploadStatus: 400 });
    const { main, user, router } = await open();
    await user.type(within(main).getByLabelText(/Titre/), 'Vidéo cassée');
    pick('Vidéo', fileOf('casse.mp4', 'video/mp4'));
    pick('Miniature', fileOf('casse.png', 'image/png'));
    await user.click(within(main).getByRole('button', { name: 'Valider' }));
    expect(
      await screen.findByText(
        "Erreur pendant l'upload : Le fichier n'est pas une vidéo MP4 lisible",
      ),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/editVideo/31'));
    // The thumbnail waits for a working video: nothing more was sent.
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST videos',
      'POST uploads',
      'PATCH uploads',
    ]);
  });
});
