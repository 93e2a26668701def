import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@plateau/contract';
import { clipArgs } from '../../apps/server/src/cli/demo/demo-media.ts';
import { look, signIn, useBrowser } from '../support/browser.ts';
import { apiAs, type ApiCall } from '../support/api.ts';
import { expectVideoPlays } from '../support/watch.ts';

const { visit } = useBrowser();

/**
 * Two videos of this file, uploaded but not encoded, made through the API as the add form
 * does: one long enough (25 s of 720p) for its encode to be watched, one short to delete.
 * CS access, so the viewer account may watch the first once published; dated long ago so it
 * sorts last in the published lists other files look at, and deleted after the file.
 */
const run = randomBytes(3).toString('hex');
const TITLES = { encode: `Mire à encoder ${run}`, remove: `Prise ratée ${run}` };
const ids = { encode: 0, remove: 0 };
const dir = mkdtempSync(path.join(tmpdir(), 'plateau-pending-'));

let api: ApiCall;

const createUploaded = async (title: string, clip: string) => {
  const video = await api<Video>('POST', 'videos', {
    title,
    description: 'Envoyée par le scénario des vidéos en attente.',
    privacy: 1,
    gpa_restricted: false,
    date: '2001-01-01',
    promotion: '2027',
    directId: '-1',
    tagIds: [],
  });
  const upload = new FormData();
  upload.append('video_upload', await openAsBlob(clip), path.basename(clip));
  await api('POST', `media/video/${video.id}`, upload);
  return video.id;
};

const deleteVideo = async (id: number) => {
  if (!id) return;
  await api('DELETE', `media/video/${id}`).catch(() => {});
  await api('DELETE', `videos/${id}`).catch(() => {});
};

beforeAll(async () => {
  ({ api } = await apiAs('membre'));
  const long = path.join(dir, 'mire.mp4');
  const short = path.join(dir, 'prise.mp4');
  const picture = { source: 'testsrc2' } as const;
  execFileSync(
    'ffmpeg',
    clipArgs({ picture, width: 1280, height: 720, seconds: 25, tone: 440 }, long),
  );
  execFileSync(
    'ffmpeg',
    clipArgs({ picture, width: 640, height: 360, seconds: 2, tone: 660 }, short),
  );
  ids.encode = await createUploaded(TITLES.encode, long);
  ids.remove = await createUploaded(TITLES.remove, short);
}, 120_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await deleteVideo(ids.encode);
  await deleteVideo(ids.remove);
});

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

const openPending = async (page: Page) => {
  await page.goto('/pending');
  await page
    .getByRole('main')
    .getByRole('heading', { level: 1, name: 'Vidéos en attente' })
    .waitFor();
};

/** The encode's progress on its card; null once the bar is gone (the video was published). */
const progressOf = async (page: Page): Promise<number | null> => {
  const bar = card(page, TITLES.encode).getByRole('progressbar', {
    name: "Progression de l'encodage",
  });
  const value = await bar.getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => null);
  return value === null ? null : Number(value);
};

describe('/pending', () => {
  it('encodes and publishes a video while showing its progress; a user then watches it', async () => {
    const page = await visit();
    await signIn(page, 'membre');
    await openPending(page);
    const waiting = card(page, TITLES.encode);
    await waiting.getByText('Accès : CS').waitFor();
    await waiting.getByText('P2027').waitFor();
    await waiting.getByText('Aucun direct associé').waitFor();
    // The raw upload plays in the preview: its metadata loaded from rung 0.
    await expect
      .poll(() =>
        waiting
          .getByLabel(`Aperçu de « ${TITLES.encode} »`)
          .evaluate((video: HTMLVideoElement) => video.readyState),
      )
      .toBeGreaterThanOrEqual(1);

    await waiting.getByRole('button', { name: 'Encoder et publier' }).click();
    await waiting.getByText('Encodage en cours...').waitFor();
    // The page asks again by itself: the bar moves without a reload.
    await expect.poll(() => progressOf(page), { timeout: 60_000 }).toBeGreaterThan(0);
    const seen = (await progressOf(page)) ?? 0;
    await look(page, 'pending');
    // Further on, or already done while the pictures were taken (the card then goes).
    await expect
      .poll(async () => ((await progressOf(page)) ?? 101) > seen, { timeout: 60_000 })
      .toBe(true);

    await waiting.waitFor({ state: 'detached', timeout: 150_000 });
    await card(page, TITLES.remove).waitFor();

    const viewer = await visit();
    await signIn(viewer, 'spectateur');
    await expectVideoPlays(viewer, ids.encode, TITLES.encode);
    // Published for users now: out of the lists the other files read as soon as it is seen.
    await deleteVideo(ids.encode);
    ids.encode = 0;
  }, 300_000);

  it('deletes a video after the confirmation, in the light theme', async () => {
    const page = await visit();
    await signIn(page, 'membre');
    await page.evaluate(() => localStorage.setItem('themeMode', '1'));
    await openPending(page);
    const doomed = card(page, TITLES.remove);
    await doomed.getByText('Aucun direct associé').waitFor();
    await look(page, 'pending-clair');
    await doomed.getByRole('button', { name: 'Supprimer' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Etes-vous sûr de vouloir supprimer cette vidéo ?',
    });
    await dialog.getByText(`« ${TITLES.remove} »`, { exact: false }).waitFor();
    await look(page, 'pending-supprimer-clair');
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    // While the dialog is open the card is hidden from the accessibility tree: wait for it to go.
    await dialog.waitFor({ state: 'detached' });
    await doomed.waitFor({ state: 'detached' });
    await expect(api('GET', `videos/${ids.remove}`)).rejects.toThrow(/404/);
  }, 120_000);
});
