import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TrimStatus } from '@plateau/contract';
import { signIn } from '../../../../lib/session.ts';
import { renderApp } from '../../../../testing/render.tsx';
import { server } from '../../../../testing/server.ts';
import { makeToken } from '../../../../testing/tokens.ts';
import { makeVideo } from '../../../../testing/videos.ts';
import { NO_TRIM, serveEditor, type EditorServerOptions } from '../../testing/editor-server.ts';
import { applyMessages } from './trim-apply.tsx';
import { rangeMessages } from './trim-ranges.tsx';
import { statusMessages } from './trim-status.tsx';

const video = makeVideo(31, { title: 'Gala', privacy: 1, rungs: [720, 240] });
const DONE: TrimStatus = {
  state: 'done',
  keep: [{ start: 30, end: 290 }],
  progress: null,
  error: null,
  undoUntil: '2099-12-04T22:10:00Z',
};

/** The preview has read the video's length, as a browser does once its header is there. */
const loadPreview = (seconds: number) => {
  const preview = screen.getByLabelText('Aperçu du montage : Gala') as HTMLVideoElement;
  Object.defineProperty(preview, 'duration', { configurable: true, get: () => seconds });
  fireEvent.loadedMetadata(preview);
  return preview;
};

const open = async (options: EditorServerOptions = {}) => {
  const calls = serveEditor({ video, ...options });
  signIn(makeToken({ role: 'plateau', gda_access: false }));
  renderApp(`/editVideo/${video.id}`);
  const section = await screen.findByRole('region', { name: 'Montage' });
  await within(section).findByLabelText('Aperçu du montage : Gala');
  const preview = loadPreview(300);
  await within(section).findByRole('list', { name: 'Parties gardées' });
  return { calls, section, preview, user: userEvent.setup() };
};

const ranges = (section: HTMLElement) =>
  within(section)
    .getAllByRole('listitem')
    .map((row) => [
      (within(row).getByLabelText('Début') as HTMLInputElement).value,
      (within(row).getByLabelText('Fin') as HTMLInputElement).value,
    ]);

/** The dialog has gone: the page behind it is reachable again. */
const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

const trimCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith('videos/31/trim'));

describe('/editVideo/{id}, Montage', () => {
  it('previews the smallest rendition and keeps the whole video until a time is typed', async () => {
    const { calls, section, preview, user } = await open();
    expect(preview.getAttribute('src')).toMatch(/\/api\/media\/video\/31\/240\?v=0&token=/);
    expect(ranges(section)).toEqual([['0:00', '5:00']]);
    expect(within(section).getByText('Durée après montage : 5:00')).toBeVisible();
    expect(within(section).getByText('Le montage ne retire rien')).toBeVisible();
    const apply = within(section).getByRole('button', { name: 'Appliquer le montage' });
    expect(apply).toBeDisabled();

    const start = within(section).getByLabelText('Début');
    await user.clear(start);
    await user.type(start, '0:30{Enter}');
    const end = within(section).getByLabelText('Fin');
    await user.clear(end);
    await user.type(end, '4:50.5');
    await user.tab();
    expect(ranges(section)).toEqual([['0:30', '4:50.500']]);
    expect(within(section).getByText('Durée après montage : 4:20.500')).toBeVisible();
    expect(within(section).getByText('Retiré : 0:39.500')).toBeVisible();
    // Enter took the time: the edit form around it was not sent.
    expect(calls.filter((call) => call.path === 'videos/31')).toEqual([]);
    expect(apply).toBeEnabled();

    await user.clear(end);
    await user.type(end, '4:75{Enter}');
    expect(within(section).getByText(rangeMessages.badTime)).toBeVisible();
    await user.clear(end);
    await user.type(end, '0:10{Enter}');
    expect(within(section).getByText('Entre 0:30.033 et 5:00')).toBeVisible();
    expect(within(section).getByText('Durée après montage : 4:20.500')).toBeVisible();
  });

  it('sets in and out at the playhead with I and O, stepping by seconds and frames', async () => {
    const { section, user } = await open();
    const playhead = within(section).getByRole('slider', { name: 'Tête de lecture' });
    playhead.focus();
    await user.keyboard('{ArrowRight>3/}.');
    expect(playhead).toHaveAttribute('aria-valuetext', '3,033 s');
    await user.keyboard('i');
    await user.keyboard('{ArrowRight>10/},,');
    expect(playhead).toHaveAttribute('aria-valuetext', '12,967 s');
    await user.keyboard('o');
    expect(ranges(section)).toEqual([['0:03.033', '0:12.967']]);
    expect(within(section).getByText('Durée après montage : 0:09.934')).toBeVisible();
    expect(within(section).getByTestId('trim-time')).toHaveTextContent('0:12.967 / 5:00');
  });

  it('moves a handle with the keys once reached by Tab', async () => {
    const { section, user } = await open();
    within(section).getByRole('slider', { name: 'Tête de lecture' }).focus();
    await user.tab();
    const start = within(section).getByRole('slider', { name: 'Début de la partie 1' });
    expect(start).toHaveFocus();
    await user.tab();
    const end = within(section).getByRole('slider', { name: 'Fin de la partie 1' });
    expect(end).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft},');
    expect(end).toHaveAttribute('aria-valuetext', '4 min 57,967 s');
    expect(ranges(section)).toEqual([['0:00', '4:57.967']]);
    // The playhead followed the handle, and the arrows moved the handle, not the playhead twice.
    expect(within(section).getByTestId('trim-time')).toHaveTextContent('4:57.967 / 5:00');
    await user.keyboard('{End}');
    expect(end).toHaveAttribute('aria-valuetext', '5 min 0 s');
  });

  it('removes a passage at the playhead, and applies both parts after confirming', async () => {
    const { calls, section, user } = await open();
    within(section).getByRole('slider', { name: 'Tête de lecture' }).focus();
    await user.keyboard('{ArrowRight>10/}');
    await user.click(within(section).getByRole('button', { name: 'Retirer un passage' }));
    expect(ranges(section)).toEqual([
      ['0:00', '0:10'],
      ['0:15', '5:00'],
    ]);
    expect(within(section).getByText('Durée après montage : 4:55')).toBeVisible();
    expect(within(section).getAllByTestId('trim-removed')).toHaveLength(1);

    await user.click(within(section).getByRole('button', { name: 'Appliquer le montage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appliquer le montage ?' });
    expect(dialog).toHaveTextContent('La vidéo gardera 2 parties et durera 4:55');
    expect(dialog).toHaveTextContent('continuent de voir la version actuelle');
    expect(dialog).toHaveTextContent('annuler le montage pendant 7 jours');
    expect(trimCalls(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Appliquer le montage' }));

    expect(await within(section).findByText('Montage en attente…')).toBeVisible();
    await dialogClosed();
    expect(trimCalls(calls)).toEqual([
      {
        method: 'POST',
        path: 'videos/31/trim',
        body: {
          keep: [
            { start: 0, end: 10 },
            { start: 15, end: 300 },
          ],
        },
      },
    ]);
    expect(within(section).getByRole('button', { name: 'Appliquer le montage' })).toBeDisabled();
  });

  it('plays the result over a removed part, and everything when asked', async () => {
    const { section, preview, user } = await open();
    within(section).getByRole('slider', { name: 'Tête de lecture' }).focus();
    await user.keyboard('{ArrowRight>10/}');
    await user.click(within(section).getByRole('button', { name: 'Retirer un passage' }));
    // Playing, the preview reaches the removed part (10 s to 15 s): it goes on at 15 s.
    Object.defineProperty(preview, 'paused', { configurable: true, get: () => false });
    preview.currentTime = 11;
    fireEvent.timeUpdate(preview);
    expect(preview.currentTime).toBe(15);
    expect(within(section).getByTestId('trim-time')).toHaveTextContent('0:15 / 5:00');

    await user.click(within(section).getByRole('button', { name: 'Lire tout' }));
    preview.currentTime = 11;
    fireEvent.timeUpdate(preview);
    expect(preview.currentTime).toBe(11);
    expect(within(section).getByTestId('trim-time')).toHaveTextContent('0:11 / 5:00');
  });

  it('says why the last cut failed', async () => {
    const { section } = await open({
      trim: {
        statuses: [{ ...NO_TRIM, state: 'failed', error: 'Plus de place sur le disque' }],
      },
    });
    expect(
      within(section).getByText('Le montage a échoué : Plus de place sur le disque'),
    ).toBeVisible();
    // The member can shape the ranges again and retry.
    expect(within(section).getByRole('button', { name: 'Début ici (I)' })).toBeEnabled();
  });

  it('shows the server’s French refusal and keeps the ranges', async () => {
    const message = 'Un montage est déjà en cours pour cette vidéo';
    const { calls, section, user } = await open({ trim: { refusal: { status: 409, message } } });
    within(section).getByRole('slider', { name: 'Fin de la partie 1' }).focus();
    await user.keyboard('{PageDown}');
    await user.click(within(section).getByRole('button', { name: 'Appliquer le montage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appliquer le montage ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Appliquer le montage' }));
    expect(await screen.findByText(message)).toBeVisible();
    await dialogClosed();
    expect(trimCalls(calls)).toHaveLength(1);
    expect(ranges(section)).toEqual([['0:00', '4:50']]);
    expect(within(section).getByRole('button', { name: 'Appliquer le montage' })).toBeEnabled();
  });

  it('says why ranges cannot be applied, and Réinitialiser brings the whole video back', async () => {
    const { section, user } = await open();
    const end = within(section).getByLabelText('Fin');
    await user.clear(end);
    await user.type(end, '0:00.5{Enter}');
    expect(within(section).getByRole('alert')).toHaveTextContent(
      'Le montage doit garder au moins une seconde',
    );
    expect(within(section).getByRole('button', { name: 'Appliquer le montage' })).toBeDisabled();
    await user.click(within(section).getByRole('button', { name: 'Réinitialiser' }));
    expect(ranges(section)).toEqual([['0:00', '5:00']]);
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('follows a running cut, then shows the new version and offers to undo it', async () => {
    let chapterReads = 0;
    const { section, preview } = await open({
      trim: { statuses: [{ ...NO_TRIM, state: 'running', progress: 42 }, DONE] },
    });
    server.use(
      http.get('*/api/videos/:id/chapters', () => {
        chapterReads += 1;
        return HttpResponse.json({ chapters: [] });
      }),
    );
    expect(within(section).getByText('Montage en cours… 42 %')).toBeVisible();
    expect(
      within(section).getByRole('progressbar', { name: 'Avancement du montage' }),
    ).toHaveAttribute('aria-valuenow', '42');
    expect(within(section).getByRole('button', { name: 'Appliquer le montage' })).toBeDisabled();

    // Asked again 2 s later: done.
    expect(
      await within(section).findByText(/Vous pouvez l’annuler jusqu’au 4 décembre 2099 à 23:10/),
    ).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Annuler le montage' })).toBeEnabled();
    // The preview is a new element, reading the new version; the chapters were asked again.
    await waitFor(() =>
      expect(within(section).getByLabelText('Aperçu du montage : Gala')).not.toBe(preview),
    );
    await waitFor(() => expect(chapterReads).toBeGreaterThan(0));
  });

  it('undoes a cut after confirming', async () => {
    const { calls, section, user } = await open({ trim: { statuses: [DONE] } });
    await user.click(await within(section).findByRole('button', { name: 'Annuler le montage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler le montage ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler le montage' }));
    expect(
      await screen.findByText('Montage annulé : la version d’avant est de retour.'),
    ).toBeVisible();
    expect(trimCalls(calls)).toEqual([{ method: 'POST', path: 'videos/31/trim/undo' }]);
    await dialogClosed();
    expect(within(section).queryByRole('button', { name: 'Annuler le montage' })).toBeNull();
  });

  it('shows the server’s words when nothing can be undone', async () => {
    const message = 'Le délai pour annuler ce montage est passé';
    const { section, user } = await open({
      trim: { statuses: [DONE], undoRefusal: { status: 409, message } },
    });
    await user.click(await within(section).findByRole('button', { name: 'Annuler le montage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler le montage ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler le montage' }));
    expect(await screen.findByText(message)).toBeVisible();
  });

  it('plans the cut of a video not encoded yet on its original, for its encode to make', async () => {
    const pending = makeVideo(31, { title: 'Gala', processing: 1, rungs: [] });
    const keep = [{ start: 30, end: 300 }];
    const awaiting = { ...NO_TRIM, state: 'awaiting' as const, keep };
    const calls = serveEditor({ video: pending, trim: { afterApply: [awaiting] } });
    signIn(makeToken({ role: 'plateau', gda_access: false }));
    renderApp('/editVideo/31');
    const section = await screen.findByRole('region', { name: 'Montage' });
    const preview = await within(section).findByLabelText('Aperçu du montage : Gala');
    // The original itself: there is no rendition yet.
    expect(preview.getAttribute('src')).toMatch(/\/api\/media\/video\/31\/0\?token=/);
    loadPreview(300);
    const user = userEvent.setup();
    const start = await within(section).findByLabelText('Début');
    await user.clear(start);
    await user.type(start, '0:30{Enter}');
    await user.click(within(section).getByRole('button', { name: 'Appliquer le montage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appliquer le montage ?' });
    expect(dialog).toHaveTextContent('son encodage fera le montage avant de la publier');
    await user.click(within(dialog).getByRole('button', { name: 'Appliquer le montage' }));
    expect(await screen.findByText(applyMessages.planned)).toBeVisible();
    expect(trimCalls(calls)).toEqual([{ method: 'POST', path: 'videos/31/trim', body: { keep } }]);

    // Planned: said so, its ranges shown, and it can be taken back before the encode.
    expect(await within(section).findByText(statusMessages.awaiting)).toBeVisible();
    expect(ranges(section)).toEqual([['0:30', '5:00']]);
    await user.click(within(section).getByRole('button', { name: 'Retirer le montage prévu' }));
    expect(await screen.findByText(statusMessages.dropped)).toBeVisible();
    expect(trimCalls(calls).at(-1)).toEqual({ method: 'POST', path: 'videos/31/trim/undo' });
  });
});
