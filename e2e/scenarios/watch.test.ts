import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { look, signIn, useBrowser } from '../support/browser.ts';
import { PLAYLIST_TITLES, TITLES } from '../support/e2e-content.ts';
import { plateau } from '../support/plateau.ts';

const { visit } = useBrowser();

/** The count on the like button, whichever state it is in. */
const likeCount = async (page: Page) =>
  Number(
    await page
      .getByRole('main')
      .getByRole('button', { name: /^J'aime/ })
      .textContent()
      .then((text) => text?.replace(/\D/g, '')),
  );

/**
 * Plays the page's video from its last instant: a click on the page first gives the document
 * its user activation, so the browser lets it (and the next ones) play with sound.
 */
const playToTheEnd = async (page: Page) => {
  await page.getByRole('main').getByRole('heading', { level: 1 }).click();
  await page.evaluate(async () => {
    const video = document.querySelector('video')!;
    if (video.readyState < 1) {
      await new Promise((resolve) =>
        video.addEventListener('loadedmetadata', resolve, { once: true }),
      );
    }
    video.currentTime = Math.max(0, video.duration - 0.2);
    await video.play();
  });
};

describe('the watch page', () => {
  it('sends a visitor on a CS video to /login and brings them back after signing in', async () => {
    const page = await visit();
    const id = plateau().videoIds.basket;
    await page.goto(`/video?v=${id}`);
    await page.getByText('Veuillez vous connecter').waitFor();
    await page.waitForURL('**/login');
    const { password } = plateau().accounts.spectateur!;
    await page.getByLabel('Identifiant').fill('spectateur');
    await page.getByLabel('Mot de passe').fill(password);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.waitForURL(`**/video?v=${id}`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: TITLES.basket }).waitFor();
  });

  it('keeps a like across a reload and lists the view in /history', async () => {
    const page = await visit();
    await signIn(page, 'spectateur');
    const id = plateau().videoIds.concert;
    await page.goto(`/video?v=${id}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: TITLES.concert }).waitFor();
    const like = main.getByRole('button', { name: /^J'aime/, pressed: false });
    await expect.poll(() => like.isEnabled()).toBe(true);
    const before = await likeCount(page);
    await like.click();
    await main.getByRole('button', { name: /^J'aime/, pressed: true }).waitFor();
    expect(await likeCount(page)).toBe(before + 1);
    await look(page, 'video');

    await page.reload();
    await main.getByRole('button', { name: /^J'aime/, pressed: true }).waitFor();
    expect(await likeCount(page)).toBe(before + 1);

    await page.goto('/history');
    await main.getByRole('heading', { name: TITLES.concert, exact: true }).waitFor();
  });

  it('plays a playlist through to the next video, and stops at the end unless repeat is on', async () => {
    const page = await visit();
    await signIn(page, 'membre');
    const code = plateau().playlistCodes.featured!;
    const [first, second] = [plateau().videoIds.ouverture, plateau().videoIds.concert];
    const last = plateau().videoIds['archive-1'];
    await page.goto(`/video?v=${first}&pl=${code}`);
    const panel = page.getByRole('region', { name: 'Playlist en cours' });
    await panel.getByText(PLAYLIST_TITLES.featured).waitFor();
    await look(page, 'video-playlist');

    await playToTheEnd(page);
    await page.waitForURL(`**/video?v=${second}&pl=${code}`);
    // The next one starts by itself.
    await page.waitForFunction(() => {
      const video = document.querySelector('video');
      return video !== null && !video.paused && video.currentTime > 0;
    });

    await page.goto(`/video?v=${last}&pl=${code}`);
    await panel.getByText(PLAYLIST_TITLES.featured).waitFor();
    await playToTheEnd(page);
    await page.waitForFunction(() => document.querySelector('video')?.ended === true);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).searchParams.get('v')).toBe(String(last));

    await panel.getByRole('button', { name: 'Répéter la playlist' }).click();
    await playToTheEnd(page);
    await page.waitForURL(`**/video?v=${first}&pl=${code}`);
  });

  it('starts a one-video playlist over at its end when repeat is on', async () => {
    const page = await visit();
    await signIn(page, 'membre');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const api = (path: string, method: string, body?: unknown) =>
      fetch(`${plateau().baseUrl}/api/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    const created = await api('playlists', 'POST', { title: 'Une seule vidéo', isPublic: false });
    expect(created.status).toBe(201);
    const { code } = (await created.json()) as { code: string };
    const id = plateau().videoIds.concert;
    expect((await api(`playlists/${code}/addVideo/${id}`, 'PUT')).status).toBe(200);

    await page.goto(`/video?v=${id}&pl=${code}`);
    const panel = page.getByRole('region', { name: 'Playlist en cours' });
    await panel.getByText('Une seule vidéo').waitFor();
    await panel.getByRole('button', { name: 'Répéter la playlist' }).click();
    await page.evaluate(() => {
      const video = document.querySelector('video')!;
      video.dataset.ends = '0';
      video.addEventListener('ended', () => {
        video.dataset.ends = String(Number(video.dataset.ends) + 1);
      });
    });
    await playToTheEnd(page);
    // It reached its end twice (the second time after playing through again), and plays from
    // the start once more, on the same page.
    await page.waitForFunction(() => {
      const video = document.querySelector('video');
      return (
        video !== null &&
        Number(video.dataset.ends) >= 2 &&
        !video.paused &&
        !video.ended &&
        video.currentTime < video.duration - 0.3
      );
    });
    expect(new URL(page.url()).searchParams.get('v')).toBe(String(id));
    expect(new URL(page.url()).searchParams.get('pl')).toBe(code);
  });
});
