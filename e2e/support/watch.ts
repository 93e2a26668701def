import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Opens the watch page of a published video as the signed-in `viewer`, presses 'Lecture' and
 * waits until the video really plays: the element reaches `playing` and its time moves on.
 */
export const expectVideoPlays = async (viewer: Page, id: number, title: string) => {
  await viewer.goto(`/video?v=${id}`);
  await viewer.getByRole('main').getByRole('heading', { level: 1, name: title }).waitFor();
  const playing = viewer.evaluate(
    () =>
      new Promise<boolean>((resolve) =>
        document.querySelector('video')!.addEventListener('playing', () => resolve(true)),
      ),
  );
  await viewer.getByRole('button', { name: 'Lecture' }).click();
  expect(await playing).toBe(true);
  const time = () => viewer.evaluate(() => document.querySelector('video')!.currentTime);
  const first = await time();
  // expect.poll gives up after 1 s by default: a loaded run may take longer to play half a second.
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(first + 0.5);
};

/** The `<video>` as the player left it; its source is a `blob:` while hls.js feeds it (Auto). */
export const mediaState = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector('video')!;
    return {
      currentTime: video.currentTime,
      paused: video.paused,
      src: video.getAttribute('src') ?? '',
      readyState: video.readyState,
    };
  });

/** The element's subtitle tracks: mode, and the text of each active cue. */
export const subtitleTracks = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelector('video')!.textTracks).map((track) => ({
      kind: track.kind,
      language: track.language,
      label: track.label,
      mode: track.mode,
      active: Array.from(track.activeCues ?? []).map((cue) => (cue as VTTCue).text),
    })),
  );
