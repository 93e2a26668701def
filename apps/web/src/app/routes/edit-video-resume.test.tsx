import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveEditor } from '../../features/video-editor/testing/editor-server.ts';
import { startResumableUpload } from '../../lib/resumable-upload/resumable-upload.ts';
import { storedUploads } from '../../lib/resumable-upload/stored-uploads.ts';
import { signIn } from '../../lib/session.ts';
import { bytesFile } from '../../testing/files.ts';
import { renderApp } from '../../testing/render.tsx';
import { serveTus } from '../../testing/tus-server.ts';
import { makeToken } from '../../testing/tokens.ts';
import { makeVideo } from '../../testing/videos.ts';

const raw = makeVideo(31, { title: 'Réunion de rentrée', processing: 1, rungs: [] });
const recording = () => bytesFile('reunion.mp4', 5000);

/**
 * A member's upload of video 31 that stopped at 2100 bytes of 5000 (a tab closed mid-way): the
 * server keeps it, this browser remembers it.
 */
const leaveUnfinished = async () => {
  signIn(makeToken({ user: 7, role: 'plateau' }));
  serveEditor({ video: raw });
  let patches = 0;
  const tus = serveTus({
    hold: () => (patches++ === 0 ? new Promise<void>(() => {}) : undefined),
  });
  const upload = await startResumableUpload({ videoId: 31, kind: 'video', file: recording() });
  await waitFor(() => expect(storedUploads()).toHaveLength(1));
  upload.stop();
  const created = [...tus.uploads.values()][0];
  if (created) created.offset = 2100;
  return tus;
};

const open = async () => {
  const view = renderApp('/editVideo/31');
  const main = await screen.findByRole('main');
  await within(main).findByDisplayValue(raw.title);
  return { ...view, main, user: userEvent.setup() };
};

const OFFER =
  'L’envoi de « reunion.mp4 » n’est pas terminé (42 %). Choisissez à nouveau ce fichier pour le reprendre là où il s’est arrêté.';

describe('/editVideo/{id} with an unfinished upload', () => {
  it('offers it with the percent the server holds, and the same file resumes from there', async () => {
    const tus = await leaveUnfinished();
    const { main, router } = await open();
    expect(await within(main).findByText(OFFER)).toBeVisible();

    fireEvent.change(within(main).getByLabelText('Reprendre l’envoi de reunion.mp4'), {
      target: { files: [recording()] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pending'));
    expect(await screen.findByText('Vidéo uploadée avec succès')).toBeVisible();
    // The HEAD of the offer, then tus-js-client's own, then only the 2900 bytes missing.
    expect(tus.calls.map((call) => [call.method, call.offset, call.bytes])).toEqual([
      ['POST', undefined, undefined],
      ['HEAD', undefined, undefined],
      ['HEAD', undefined, undefined],
      ['PATCH', 2100, 2900],
    ]);
    expect(storedUploads()).toEqual([]);
  });

  it('abandons it on the server and forgets it', async () => {
    const tus = await leaveUnfinished();
    const { main, user } = await open();
    await within(main).findByText(OFFER);
    await user.click(within(main).getByRole('button', { name: 'Abandonner cet envoi' }));
    expect(within(main).queryByText(OFFER)).toBeNull();
    await waitFor(() => expect(tus.calls.at(-1)?.method).toBe('DELETE'));
    expect(tus.uploads.size).toBe(0);
    expect(storedUploads()).toEqual([]);
  });

  it('takes another file as a new replacement, sent from its first byte', async () => {
    const tus = await leaveUnfinished();
    const { main, user, router } = await open();
    await within(main).findByText(OFFER);
    fireEvent.change(within(main).getByLabelText('Reprendre l’envoi de reunion.mp4'), {
      target: { files: [bytesFile('autre.mp4', 3000)] },
    });
    expect(
      await screen.findByText('Ce n’est pas le même fichier : il sera envoyé depuis le début'),
    ).toBeVisible();
    expect(within(main).getByText(/autre\.mp4/)).toBeVisible();
    await user.click(within(main).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pending'));
    const after = tus.calls.slice(2).map((call) => [call.method, call.offset, call.bytes]);
    // The old upload goes from the server; the new file starts at byte 0.
    expect(after).toEqual(
      expect.arrayContaining([
        ['DELETE', undefined, undefined],
        ['POST', undefined, undefined],
        ['PATCH', 0, 3000],
      ]),
    );
    expect(after).toHaveLength(3);
  });

  it("never offers another person's upload", async () => {
    await leaveUnfinished();
    // Someone else signs in on this computer.
    signIn(makeToken({ user: 9, role: 'plateau', username: 'louis' }));
    const { main } = await open();
    expect(within(main).getByRole('button', { name: 'Valider' })).toBeVisible();
    expect(within(main).queryByText(/n’est pas terminé/)).toBeNull();
    expect(storedUploads(7)).toEqual([]);
  });
});
