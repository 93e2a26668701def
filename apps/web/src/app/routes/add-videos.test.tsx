import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveBulk } from '../../features/bulk-upload/testing/bulk-server.ts';
import { recordedMp4 } from '../../features/bulk-upload/testing/mp4-bytes.ts';
import { dayInParis } from '../../lib/dates.ts';
import { signIn } from '../../lib/session.ts';
import { bytesFile, fileOfBytes } from '../../testing/files.ts';
import { renderApp } from '../../testing/render.tsx';
import { tusFailure } from '../../testing/tus-server.ts';
import { makeToken } from '../../testing/tokens.ts';

afterEach(() => vi.restoreAllMocks());

const open = async () => {
  signIn(makeToken({ user: 7, role: 'plateau', gda_access: false }));
  const view = renderApp('/addVideos');
  const main = await screen.findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: 'Envoyer plusieurs vidéos' });
  return { ...view, main, user: userEvent.setup() };
};

const drop = (main: HTMLElement, ...files: File[]) =>
  fireEvent.change(within(main).getByLabelText('Vidéos', { selector: 'input' }), {
    target: { files },
  });

const row = (main: HTMLElement, name: string) => within(main).getByRole('listitem', { name });

const rowNames = (main: HTMLElement) =>
  within(main)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

const created = (calls: { method: string; path: string; body?: unknown }[]) =>
  calls
    .filter((call) => call.method === 'POST' && call.path === 'videos')
    .map((call) => (call.body as { title: string }).title);

/** Holds every PATCH of these files until `release` is called (uploads in flight). */
const holding = () => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { hold: () => gate, release: () => release() };
};

describe('/addVideos', () => {
  it('creates one pending video per file, titled and dated from the file, and sends them one at a time', async () => {
    const { calls } = serveBulk();
    const { main, user } = await open();
    await user.selectOptions(within(main).getByLabelText('Accès'), 'Plateau');
    await user.type(within(main).getByLabelText('Promo'), '2026');
    await user.click(await within(main).findByRole('button', { name: 'Sport' }));
    drop(
      main,
      fileOfBytes('Gala de printemps.mp4', recordedMp4(new Date('2026-03-14T20:15:00Z'))),
      bytesFile('Concert final.mp4', 3000),
      bytesFile('affiche.png', 10, 'image/png'),
    );
    expect(
      await screen.findByText('Un fichier laissé de côté : seuls les fichiers MP4 sont acceptés'),
    ).toBeVisible();
    expect(rowNames(main)).toEqual(['Gala de printemps.mp4', 'Concert final.mp4']);
    expect(
      await within(row(main, 'Gala de printemps.mp4')).findByText(/14 mars 2026/),
    ).toBeVisible();
    expect(within(row(main, 'Concert final.mp4')).getByText(/date du formulaire/)).toBeVisible();

    await user.click(within(main).getByRole('button', { name: 'Envoyer les 2 vidéos' }));
    expect(
      await within(main).findByText(/Les 2 vidéos sont envoyées : elles attendent/),
    ).toBeVisible();
    expect(within(main).getByRole('link', { name: 'Voir les vidéos en attente' })).toHaveAttribute(
      'href',
      '/pending',
    );
    const shared = { description: '', privacy: 2, promotion: '2026', directId: '-1', tagIds: [2] };
    // Each video is made when its turn comes: the second after the first file is in.
    expect(calls).toEqual([
      {
        method: 'POST',
        path: 'videos',
        body: { title: 'Gala de printemps', date: '2026-03-14', ...shared },
      },
      { method: 'POST', path: 'uploads', body: { videoId: '101' } },
      { method: 'PATCH', path: 'uploads' },
      {
        method: 'POST',
        path: 'videos',
        body: { title: 'Concert final', date: dayInParis(), ...shared },
      },
      { method: 'POST', path: 'uploads', body: { videoId: '102' } },
      { method: 'PATCH', path: 'uploads' },
    ]);
    expect(within(row(main, 'Concert final.mp4')).getByText('Terminée')).toBeVisible();
  });

  it('sends the files in the order the member sets', async () => {
    const { calls } = serveBulk();
    const { main, user } = await open();
    drop(main, bytesFile('a.mp4', 100), bytesFile('b.mp4', 100), bytesFile('c.mp4', 100));
    await user.click(within(row(main, 'c.mp4')).getByRole('button', { name: 'Monter' }));
    await user.click(within(row(main, 'c.mp4')).getByRole('button', { name: 'Monter' }));
    await user.click(within(row(main, 'a.mp4')).getByRole('button', { name: 'Descendre' }));
    expect(rowNames(main)).toEqual(['c.mp4', 'b.mp4', 'a.mp4']);
    // The first cannot go up, nor the last down.
    expect(within(row(main, 'c.mp4')).getByRole('button', { name: 'Monter' })).toBeDisabled();
    expect(within(row(main, 'a.mp4')).getByRole('button', { name: 'Descendre' })).toBeDisabled();
    await user.click(within(main).getByRole('button', { name: 'Envoyer les 3 vidéos' }));
    await within(main).findByText(/Les 3 vidéos sont envoyées/);
    expect(created(calls)).toEqual(['c', 'b', 'a']);
  });

  it('cancels a running upload (terminated, its video deleted) and a waiting file (never created)', async () => {
    const gate = holding();
    const { calls, tus } = serveBulk({ hold: gate.hold });
    const { main, user } = await open();
    drop(main, bytesFile('un.mp4', 500), bytesFile('deux.mp4', 500), bytesFile('trois.mp4', 500));
    await user.click(within(main).getByRole('button', { name: 'Envoyer les 3 vidéos' }));
    await waitFor(() => expect(tus.uploads.size).toBe(1));
    expect(within(row(main, 'un.mp4')).getByText('Envoi')).toBeVisible();

    await user.click(within(row(main, 'trois.mp4')).getByRole('button', { name: 'Annuler' }));
    await user.click(within(row(main, 'un.mp4')).getByRole('button', { name: 'Annuler' }));
    expect(within(row(main, 'un.mp4')).getByText('Annulée')).toBeVisible();
    expect(within(row(main, 'trois.mp4')).getByText('Annulée')).toBeVisible();
    await waitFor(() =>
      expect(calls).toEqual(
        expect.arrayContaining([
          { method: 'DELETE', path: 'uploads' },
          { method: 'DELETE', path: 'videos/101' },
        ]),
      ),
    );
    gate.release();
    await within(main).findByText(/La vidéo est envoyée/);
    expect(created(calls)).toEqual(['un', 'deux']);
    expect(within(row(main, 'deux.mp4')).getByText('Terminée')).toBeVisible();
  });

  it('sends two at a time when asked, pauses and resumes all', async () => {
    const gate = holding();
    const { calls, tus } = serveBulk({ hold: gate.hold });
    const { main, user } = await open();
    drop(main, bytesFile('a.mp4', 300), bytesFile('b.mp4', 300), bytesFile('c.mp4', 300));
    await user.click(within(main).getByRole('switch', { name: 'Deux envois à la fois' }));
    await user.click(within(main).getByRole('button', { name: 'Envoyer les 3 vidéos' }));
    await waitFor(() => expect(tus.uploads.size).toBe(2));
    expect(created(calls)).toEqual(['a', 'b']);

    await user.click(within(main).getByRole('button', { name: 'Tout mettre en pause' }));
    expect(['a.mp4', 'b.mp4', 'c.mp4'].map((name) => row(main, name).dataset.status)).toEqual([
      'paused',
      'paused',
      'paused',
    ]);
    gate.release();
    await user.click(within(main).getByRole('button', { name: 'Tout reprendre' }));
    await within(main).findByText(/Les 3 vidéos sont envoyées/);
    expect(created(calls)).toEqual(['a', 'b', 'c']);
  });

  it("shows a refused file's French reason, goes on with the next, and retries it into the same video", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let refusals = 1;
    const { calls } = serveBulk({
      finish: (upload) =>
        upload.metadata.videoId === '101' && refusals-- > 0
          ? tusFailure(400, "Le fichier n'est pas une vidéo MP4 lisible")
          : undefined,
    });
    const { main, user } = await open();
    drop(main, bytesFile('casse.mp4', 200), bytesFile('bonne.mp4', 200));
    await user.click(within(main).getByRole('button', { name: 'Envoyer les 2 vidéos' }));
    await waitFor(() => expect(within(row(main, 'bonne.mp4')).getByText('Terminée')).toBeVisible());
    const refused = row(main, 'casse.mp4');
    expect(within(refused).getByText('Erreur')).toBeVisible();
    expect(within(refused).getByText("Le fichier n'est pas une vidéo MP4 lisible")).toBeVisible();
    expect(within(main).getByText(/Un fichier n’a pas pu être envoyé/)).toBeVisible();
    expect(created(calls)).toEqual(['casse', 'bonne']);

    // Another try sends the file again to the video already made for it.
    await user.click(within(refused).getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(within(refused).getByText('Terminée')).toBeVisible());
    expect(created(calls)).toEqual(['casse', 'bonne']);
    expect(calls.filter((call) => call.path === 'uploads' && call.method === 'POST')).toEqual([
      { method: 'POST', path: 'uploads', body: { videoId: '101' } },
      { method: 'POST', path: 'uploads', body: { videoId: '102' } },
      { method: 'POST', path: 'uploads', body: { videoId: '101' } },
    ]);
  });

  it('asks before leaving while files are being sent', async () => {
    const gate = holding();
    serveBulk({ hold: gate.hold });
    const { main, user, router } = await open();
    drop(main, bytesFile('long.mp4', 500));
    await user.click(within(main).getByRole('button', { name: 'Envoyer la vidéo' }));
    await within(row(main, 'long.mp4')).findByText('Envoi');
    act(() => void router.navigate('/'));
    const dialog = await screen.findByRole('dialog', { name: 'Quitter la page ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rester' }));
    expect(router.state.location.pathname).toBe('/addVideos');
    gate.release();
    await within(main).findByText(/La vidéo est envoyée/);
  });
});
