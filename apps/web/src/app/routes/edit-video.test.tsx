import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Video } from '@plateau/contract';
import {
  fileOf,
  makeDirect,
  serveEditor,
} from '../../features/video-editor/testing/editor-server.ts';
import { storedUploads } from '../../lib/resumable-upload/stored-uploads.ts';
import { signIn } from '../../lib/session.ts';
import { renderApp } from '../../testing/render.tsx';
import { server } from '../../testing/server.ts';
import { makeToken } from '../../testing/tokens.ts';
import { tusFailure } from '../../testing/tus-server.ts';
import { makeVideo } from '../../testing/videos.ts';

const DISK_FULL = 'Espace disque insuffisant sur le serveur, envoi refusé. Prévenez un geek.';

const published = makeVideo(31, {
  title: 'Le match de basket',
  description: 'Demi-finale.',
  date: '2026-03-14T18:30:00.000Z',
  promotion: 2025,
  privacy: 1,
  directId: 5,
  tagIds: [2],
  processing: 3,
  rungs: [480, 240],
});

const open = async (video: Video, role: 'plateau' | 'geek' = 'plateau') => {
  signIn(makeToken({ role, gda_access: false }));
  const view = renderApp(`/editVideo/${video.id}`);
  const main = await screen.findByRole('main');
  await within(main).findByDisplayValue(video.title);
  return { ...view, main, user: userEvent.setup() };
};

const pick = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), {
    target: { files: [file] },
  });

describe('/editVideo/{id}', () => {
  it('fills the form from the video and previews its best rendition', async () => {
    serveEditor({ video: published, directs: [makeDirect(5, 'Tournoi de basket')] });
    const { main } = await open(published);
    expect(within(main).getByLabelText('Description')).toHaveValue('Demi-finale.');
    expect(within(main).getByLabelText('Date')).toHaveValue('2026-03-14');
    expect(within(main).getByLabelText('Promo')).toHaveValue('2025');
    expect(within(main).getByLabelText('Accès')).toHaveValue('1');
    expect(within(main).getByText('Direct choisi : n°5')).toBeVisible();
    expect(await within(main).findByDisplayValue('Tournoi de basket')).toBeVisible();
    expect(await within(main).findByRole('button', { name: 'Sport', pressed: true })).toBeVisible();
    expect(within(main).getByLabelText('Aperçu : Le match de basket')).toHaveAttribute(
      'src',
      expect.stringMatching(/^\/api\/media\/video\/31\/480\?v=0&token=/),
    );
    // Members only get 'Mettre à la une' when they are geeks.
    expect(within(main).queryByRole('heading', { name: 'Mettre à la une' })).toBeNull();
  });

  it('previews the raw upload of a video not yet published', async () => {
    const raw = { ...published, processing: 1, rungs: [] };
    serveEditor({ video: raw });
    const { main } = await open(raw);
    expect(within(main).getByLabelText('Aperçu : Le match de basket')).toHaveAttribute(
      'src',
      expect.stringMatching(/^\/api\/media\/video\/31\/0\?token=/),
    );
  });

  it("does not let a member change a public video's access, and says why", async () => {
    const publicVideo = { ...published, privacy: 0 };
    serveEditor({ video: publicVideo });
    const { main } = await open(publicVideo);
    const access = within(main).getByLabelText('Accès');
    expect(access).toBeDisabled();
    expect(access).toHaveValue('0');
    expect(
      within(main).getByText("Seul un geek peut changer l'accès d'une vidéo publique"),
    ).toBeVisible();
  });

  it('saves the fields and opens the watch page of a published video', async () => {
    const calls = serveEditor({ video: published, directs: [makeDirect(5, 'Tournoi')] });
    const { main, user, router } = await open(published);
    const title = within(main).getByLabelText(/Titre/);
    await user.clear(title);
    expect(within(main).getByRole('button', { name: 'Valider' })).toBeDisabled();
    await user.paste('La finale');
    await user.selectOptions(within(main).getByLabelText('Accès'), 'Plateau');
    await user.clear(within(main).getByLabelText('Promo'));
    // The clear button shows once the field has the focus (always on a touch screen).
    await user.click(within(main).getByLabelText('Direct associé'));
    await user.click(within(main).getByRole('button', { name: 'Retirer le direct' }));
    await user.click(within(main).getByRole('button', { name: 'Concert' }));
    await user.click(within(main).getByRole('button', { name: 'Valider' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/video'));
    expect(router.state.location.search).toBe('?v=31');
    expect(await screen.findByText('Vidéo modifiée avec succès')).toBeVisible();
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: 'videos/31',
        body: {
          title: 'La finale',
          description: 'Demi-finale.',
          privacy: 2,
          date: '2026-03-14T18:30:00.000Z',
          promotion: -1,
          direct_id: -1,
          tagIds: [2, 3],
        },
      },
    ]);
  });

  it('sends a replacement video and a thumbnail, then goes to /pending', async () => {
    const calls = serveEditor({ video: published });
    const { main, user, router } = await open(published);
    pick('Remplacer la vidéo', fileOf('nouvelle.mp4', 'video/mp4'));
    pick('Miniature', fileOf('nouvelle.png', 'image/png'));
    await user.click(within(main).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pending'));
    expect(await screen.findByText('Miniature modifiee avec succes')).toBeVisible();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT videos/31',
      'POST uploads',
      'PATCH uploads',
      'POST media/thumbnail/31',
    ]);
  });

  it('asks before leaving while the upload runs, and finishes it when the member stays', async () => {
    let finish = () => {};
    const answered = new Promise<void>((resolve) => (finish = resolve));
    serveEditor({ video: published, tus: { hold: () => answered } });
    const { main, user, router } = await open(published);
    pick('Remplacer la vidéo', fileOf('nouvelle.mp4', 'video/mp4'));
    await user.click(within(main).getByRole('button', { name: 'Valider' }));
    expect(
      await screen.findByText('Upload en cours, veuillez ne pas quitter cette page...'),
    ).toBeVisible();
    expect(screen.getByRole('progressbar', { name: "Progression de l'upload" })).toBeVisible();

    // The back button, or a link of the menu.
    act(() => void router.navigate('/'));
    const dialog = await screen.findByRole('dialog', { name: 'Quitter la page ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rester' }));
    expect(router.state.location.pathname).toBe('/editVideo/31');

    finish();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pending'));
    expect(await screen.findByText('Vidéo uploadée avec succès')).toBeVisible();
  });

  it('lets the member leave anyway, with no error message about the stopped upload', async () => {
    // An upload that never ends by itself.
    serveEditor({ video: published, tus: { hold: () => new Promise<void>(() => {}) } });
    const { main, user, router } = await open(published);
    pick('Remplacer la vidéo', fileOf('nouvelle.mp4', 'video/mp4'));
    await user.click(within(main).getByRole('button', { name: 'Valider' }));
    await screen.findByRole('progressbar', { name: "Progression de l'upload" });
    act(() => void router.navigate('/'));
    const dialog = await screen.findByRole('dialog', { name: 'Quitter la page ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Quitter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText(/Erreur pendant un upload/)).toBeNull();
    // Stopped, not given up: the edit page will offer to resume it.
    expect(storedUploads()).toMatchObject([{ videoId: 31, fileName: 'nouvelle.mp4' }]);
  });

  it('stays on the page when an upload fails, and a retry sends only what is missing', async () => {
    const first = serveEditor({ video: published, thumbnailUploadStatus: 400 });
    const { main, user, router } = await open(published);
    pick('Remplacer la vidéo', fileOf('nouvelle.mp4', 'video/mp4'));
    pick('Miniature', fileOf('nouvelle.png', 'image/png'));
    await user.click(within(main).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText("Une erreur s'est produite...")).toBeVisible();
    expect(router.state.location.pathname).toBe('/editVideo/31');
    expect(first.map((call) => call.path)).toEqual([
      'videos/31',
      'uploads',
      'uploads',
      'media/thumbnail/31',
    ]);

    // The replacement arrived: the server now holds the video as raw (processing 1).
    const retry = serveEditor({ video: { ...published, processing: 1 } });
    await user.click(within(main).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pending'));
    expect(retry.map((call) => call.path)).toEqual(['videos/31', 'media/thumbnail/31']);
  });

  it('says so when the save fails, and stays', async () => {
    serveEditor({ video: published, updateStatus: 500 });
    const { main, user, router } = await open(published);
    await user.click(within(main).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Erreur pendant la modification de la vidéo')).toBeVisible();
    expect(router.state.location.pathname).toBe('/editVideo/31');
  });

  it('lets a geek put a published video in a trending slot', async () => {
    const calls = serveEditor({
      video: published,
      trending: [makeVideo(8, { title: 'Gala — Ouverture', trendingSlot: 1 })],
    });
    const { main, user } = await open(published, 'geek');
    const picker = within(main).getByRole('region', { name: 'Mettre à la une' });
    expect(
      await within(picker).findByRole('button', { name: /^Emplacement 1 ?: Gala — Ouverture$/ }),
    ).toBeVisible();
    await user.click(within(picker).getByRole('button', { name: /^Emplacement 3 ?: Libre$/ }));
    expect(await screen.findByText('Vidéo mise à la une avec succès')).toBeVisible();
    expect(calls.map((call) => call.path)).toEqual(['videos/trending/3/31']);
  });

  it("says 'Erreur pendant la modification...' when the slot cannot be changed", async () => {
    serveEditor({ video: published });
    server.use(
      http.put('*/api/videos/trending/:slot/:id', () =>
        HttpResponse.json({ message: 'Panne' }, { status: 500 }),
      ),
    );
    const { main, user } = await open(published, 'geek');
    const picker = within(main).getByRole('region', { name: 'Mettre à la une' });
    await user.click(
      await within(picker).findByRole('button', { name: /^Emplacement 2 ?: Libre$/ }),
    );
    expect(await screen.findByText('Erreur pendant la modification...')).toBeVisible();
  });

  it("says 'Erreur pendant un upload...' and the server's reason when the replacement is refused, and stays", async () => {
    serveEditor({ video: published, videoUploadStatus: 400 });
    const { main, user, router } = await open(published);
    pick('Remplacer la vidéo', fileOf('nouvelle.mp4', 'video/mp4'));
    await user.click(within(main).getByRole('button', { name: 'Valider' }));
    expect(
      await screen.findByText(
        "Erreur pendant un upload... Le fichier n'est pas une vidéo MP4 lisible",
      ),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/editVideo/31');
  });

  it('says that the server has no disk space left when the replacement is refused (507), and stays', async () => {
    const calls = serveEditor({
      video: published,
      tus: { create: () => tusFailure(507, DISK_FULL) },
    });
    const { main, user, router } = await open(published);
    pick('Remplacer la vidéo', fileOf('nouvelle.mp4', 'video/mp4'));
    await user.click(within(main).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(`Erreur pendant un upload... ${DISK_FULL}`)).toBeVisible();
    expect(router.state.location.pathname).toBe('/editVideo/31');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT videos/31',
      'POST uploads',
    ]);
  });

  // Its own test: each opens the whole edit page, which a loaded CI run took over 25 s to do twice.
  it('says it too when a thumbnail (one multipart request) is refused for lack of disk space', async () => {
    serveEditor({ video: published });
    server.use(
      http.post('*/api/media/thumbnail/:id', () =>
        HttpResponse.json(
          { statusCode: 507, error: 'Insufficient Storage', message: DISK_FULL },
          { status: 507 },
        ),
      ),
    );
    const { main, user } = await open(published);
    pick('Miniature', fileOf('nouvelle.png', 'image/png'));
    await user.click(within(main).getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(`Une erreur s'est produite... ${DISK_FULL}`)).toBeVisible();
  });

  it("leaves with the watch page's message when the video does not exist", async () => {
    serveEditor({ video: published });
    signIn(makeToken({ role: 'plateau' }));
    const { router } = renderApp('/editVideo/999');
    expect(await screen.findByText("Cette video n'est pas accessible")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
