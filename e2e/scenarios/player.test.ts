import { execFileSync } from 'node:child_process';
import { mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@plateau/contract';
import { clipArgs } from '../../apps/server/src/cli/demo/demo-media.ts';
import { videoPacketsMd5 } from '../../apps/server/src/modules/encoding/encoding.test-helpers.ts';
import { look, signIn, SIZES, useBrowser } from '../support/browser.ts';
import { apiAs, type ApiCall } from '../support/api.ts';
import { plateau } from '../support/plateau.ts';
import { mediaState as media } from '../support/watch.ts';

const { visit } = useBrowser();

/**
 * The seeded clips are 1 s of 144p (240 only): the player needs a longer one with several
 * rungs. Made here, for members only (privacy 2), encoded for real, deleted after the file.
 */
const LONG_TITLE = 'Mire du lecteur';
let longId = 0;
const dir = mkdtempSync(path.join(tmpdir(), 'plateau-player-'));

let api: ApiCall;

beforeAll(async () => {
  ({ api } = await apiAs('membre'));
  const clip = path.join(dir, 'mire.mp4');
  const args = clipArgs(
    { picture: { source: 'testsrc2' }, width: 1280, height: 720, seconds: 12, tone: 440 },
    clip,
  );
  // Keyframes every 2 s (25 fps), B-frames and a capped rate, as an editor's export: the clip fits
  // the 720 rung, so the encoder copies its video there and every test below plays a copied rung.
  args.splice(
    args.indexOf('-movflags'),
    0,
    ...['-g', '50', '-bf', '3', '-maxrate', '2000k', '-bufsize', '4000k'],
  );
  execFileSync('ffmpeg', args);
  const created = await api<Video>('POST', 'videos', {
    title: LONG_TITLE,
    description: '',
    privacy: 2,
    gpa_restricted: false,
    date: '2026-01-01',
    promotion: '-1',
    directId: '-1',
    tagIds: [],
  });
  longId = created.id;
  const upload = new FormData();
  upload.append('video_upload', await openAsBlob(clip), 'mire.mp4');
  await api('POST', `media/video/${longId}`, upload);
  await api('POST', `encode/${longId}`);
  // expect.poll belongs to tests: a plain wait for the encode (a few seconds for 12 s of 720p).
  const deadline = Date.now() + 110_000;
  while ((await api<{ videos: Video[] }>('GET', `videos/${longId}`)).videos[0]?.processing !== 3) {
    if (Date.now() > deadline) throw new Error('the long clip was not encoded in time');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}, 120_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (!longId) return;
  await api('DELETE', `media/video/${longId}`).catch(() => {});
  await api('DELETE', `videos/${longId}`).catch(() => {});
});

/** The long clip as a member; playing when asked (a click on the picture plays it). */
const openLong = async (page: Page, query = '') => {
  await signIn(page, 'membre');
  await page.goto(`/video?v=${longId}${query}`);
  await page.getByRole('main').getByRole('heading', { level: 1, name: LONG_TITLE }).waitFor();
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
};

const playByClick = async (page: Page) => {
  await page.locator('video').click();
  await page.waitForFunction(() => {
    const video = document.querySelector('video')!;
    return !video.paused && video.currentTime > 0.5;
  });
};

describe('the player', () => {
  it('plays in Auto: hls.js feeds the element, its time advances', async () => {
    const page = await visit();
    await openLong(page);
    // Media Source Extensions: the element's source is hls.js's, not a rung's address.
    expect((await media(page)).src).toMatch(/^blob:/);
    const playing = page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          document.querySelector('video')!.addEventListener('playing', () => resolve(true)),
        ),
    );
    await page.getByRole('button', { name: 'Lecture' }).click();
    expect(await playing).toBe(true);
    const first = (await media(page)).currentTime;
    await expect.poll(async () => (await media(page)).currentTime).toBeGreaterThan(first + 0.5);
    await page.getByRole('button', { name: 'Pause' }).waitFor();
  });

  it("plays the upload's own video as the 720 rung, copied and seekable", async () => {
    const { token } = await apiAs('membre');
    const answer = await fetch(`${plateau().baseUrl}/api/media/video/${longId}/720?token=${token}`);
    expect(answer.status).toBe(200);
    const rung = path.join(dir, '720.mp4');
    writeFileSync(rung, Buffer.from(await answer.arrayBuffer()));
    expect(await videoPacketsMd5('ffmpeg', rung)).toBe(
      await videoPacketsMd5('ffmpeg', path.join(dir, 'mire.mp4')),
    );

    const page = await visit();
    await openLong(page, '&at=9');
    await expect.poll(async () => (await media(page)).currentTime).toBe(9);
    await playByClick(page);
    await expect.poll(async () => (await media(page)).currentTime).toBeGreaterThan(9.5);
  });

  it('hides the controls after 3 s of playing and brings them back on a move', async () => {
    const page = await visit();
    await openLong(page);
    await playByClick(page);
    const controls = page.getByTestId('player-controls');
    await page.mouse.move(10, 10);
    await expect.poll(() => controls.getAttribute('data-shown'), { timeout: 6000 }).toBe('false');
    const box = (await page.locator('video').boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + 40);
    await expect.poll(() => controls.getAttribute('data-shown')).toBe('true');
  });

  it('switches from Auto to 480 and back while playing, keeping the time, and remembers', async () => {
    const page = await visit();
    await openLong(page);
    await playByClick(page);
    await page.waitForFunction(() => document.querySelector('video')!.currentTime > 2);
    // Auto names the rung it plays once its first fragment is in.
    await page.getByRole('button', { name: /^Qualité : Auto \(\d+p\)$/ }).click();
    const menu = page.getByRole('menu', { name: 'Qualité' });
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items.slice(1)).toEqual(['720p', '480p', '240p']);
    expect(items[0]).toMatch(/^Auto \(\d+p\)$/);
    // Kept: not back to 0, and not further than the time played since (a loaded machine may
    // take seconds to switch, playing on meanwhile).
    const keepsTime = async (choose: () => Promise<void>, source: (src: string) => boolean) => {
      const before = (await media(page)).currentTime;
      const switchedAt = Date.now();
      await choose();
      await expect
        .poll(async () => {
          const now = await media(page);
          return source(now.src) && !now.paused && now.readyState >= 3;
        })
        .toBe(true);
      const after = (await media(page)).currentTime;
      expect(after).toBeGreaterThanOrEqual(before);
      expect(after).toBeLessThan(before + (Date.now() - switchedAt) / 1000 + 0.5);
    };
    await keepsTime(
      () => menu.getByRole('menuitem', { name: '480p', exact: true }).click(),
      (src) => src.includes(`/media/video/${longId}/480?v=0&token=`),
    );
    await page.getByRole('button', { name: 'Qualité : 480p' }).waitFor();

    // The choice holds for the next video this person opens.
    await page.reload();
    await page.getByRole('button', { name: 'Qualité : 480p' }).waitFor();
    await playByClick(page);
    await page.waitForFunction(() => document.querySelector('video')!.currentTime > 1.5);
    await page.getByRole('button', { name: 'Qualité : 480p' }).click();
    await keepsTime(
      () => menu.getByRole('menuitem', { name: /^Auto/ }).click(),
      (src) => src.startsWith('blob:'),
    );
  });

  it('starts at the whole second of `at`', async () => {
    const page = await visit();
    await openLong(page, '&at=3.7');
    await expect.poll(async () => (await media(page)).currentTime).toBe(3);
  });

  it('steps 0.04 s with the arrows when paused, 5 s when playing', async () => {
    const page = await visit();
    await openLong(page, '&at=4');
    await expect.poll(async () => (await media(page)).currentTime).toBe(4);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await media(page)).currentTime).toBeCloseTo(4.04, 3);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await media(page)).currentTime).toBeCloseTo(3.96, 3);
    await page.keyboard.press(' ');
    await page.waitForFunction(() => !document.querySelector('video')!.paused);
    const playing = (await media(page)).currentTime;
    await page.keyboard.press('ArrowRight');
    // The element reports a seek target rounded to the millisecond.
    const stepped = (await media(page)).currentTime - playing;
    expect(stepped).toBeGreaterThanOrEqual(4.999);
    expect(stepped).toBeLessThan(6);
  });

  it('offers only 240 for a video made from a small source', async () => {
    const page = await visit();
    await page.goto(`/video?v=${plateau().videoIds['archive-1']}`);
    await page.getByRole('button', { name: /^Qualité : Auto/ }).click();
    const menu = page.getByRole('menu', { name: 'Qualité' });
    expect((await menu.getByRole('menuitem').allTextContents()).slice(1)).toEqual(['240p']);
  });

  it('saves the paused frame as a PNG named with the time', async () => {
    const page = await visit();
    await openLong(page, '&at=2');
    await expect.poll(async () => (await media(page)).currentTime).toBe(2);
    await page.locator('video').click({ button: 'right' });
    const saved = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: "Télécharger l'image" }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe('2.00.png');
    const file = readFileSync((await download.path())!);
    expect([...file.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
  });

  it('previews the frame and the time under a mouse hovering the progress bar', async () => {
    const page = await visit();
    await openLong(page);
    const bar = page.getByRole('slider', { name: 'Position de lecture' });
    const pointAt = async (share: number) => {
      const box = (await bar.boundingBox())!;
      await page.mouse.move(box.x + box.width * share, box.y + box.height / 2);
    };
    await pointAt(0.5);
    const preview = page.getByTestId('seek-preview');
    await expect.poll(() => preview.getAttribute('data-shown')).toBe('true');
    const tile = page.getByTestId('seek-preview-tile');
    await tile.waitFor();
    // 12 s, one tile a second in 10 columns of 160x90: the middle is second 5 or 6 (the
    // rendition's length is not exactly 12 s), and the tile shown is that second's.
    const second = Number(/^0:0([56])$/.exec((await preview.textContent()) ?? '')?.[1]);
    expect([5, 6]).toContain(second);
    const drawn = await tile.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        image: style.backgroundImage,
        position: style.backgroundPosition,
        size: [style.width, style.height],
      };
    });
    expect(drawn.position).toBe(`-${second * 160}px 0px`);
    expect(drawn.size).toEqual(['160px', '90px']);
    // The sprite under the member's token (a background sends no header), and it loads.
    const sprite = /^url\("(.+)"\)$/.exec(drawn.image)?.[1] ?? '';
    expect(new URL(sprite).pathname).toBe(`/api/media/storyboard/${longId}.jpg`);
    expect(new URL(sprite).searchParams.get('token')).toBeTruthy();
    const natural = await page.evaluate(
      (src) =>
        new Promise<number[]>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve([image.naturalWidth, image.naturalHeight]);
          image.onerror = () => reject(new Error(`${src} did not load`));
          image.src = src;
        }),
      sprite,
    );
    expect(natural).toEqual([1600, 180]);
    // Kept inside the player near its ends.
    const player = (await page.locator('video').boundingBox())!;
    for (const share of [0, 1]) {
      await pointAt(share);
      const box = (await tile.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(player.x);
      expect(box.x + box.width).toBeLessThanOrEqual(player.x + player.width);
    }
    // A click lands where the preview said.
    await pointAt(0.5);
    await page.mouse.down();
    await page.mouse.up();
    await expect.poll(async () => Math.floor((await media(page)).currentTime)).toBe(second);

    await look(page, 'apercu-survol', () => pointAt(0.5));
    await page.mouse.move(0, 0);
    await expect.poll(() => preview.getAttribute('data-shown')).toBe('false');
    // The day theme: the player stays dark, the page around it changes.
    await page.evaluate(() => localStorage.setItem('themeMode', '1'));
    await page.goto(`/video?v=${longId}&at=8`);
    // As openLong: the page loads whole again, and the video its first frame, before the seek.
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
    await expect.poll(async () => (await media(page)).currentTime).toBe(8);
    await look(page, 'apercu-survol-jour', async () => {
      await pointAt(0.3);
      await tile.waitFor();
    });
  });

  it('previews under a finger dragging the progress bar, and hides it when the finger lifts', async () => {
    const page = await visit({ hasTouch: true, isMobile: true, viewport: SIZES[1] });
    await openLong(page);
    const box = (await page.getByRole('slider', { name: 'Position de lecture' }).boundingBox())!;
    const y = box.y + box.height / 2;
    const at = (share: number) => ({ x: box.x + box.width * share, y });
    // A real touch sequence (Playwright's touchscreen only taps).
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', share?: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: share === undefined ? [] : [at(share)],
      });
    const preview = page.getByTestId('seek-preview');
    await touch('touchStart', 0.2);
    await touch('touchMove', 0.4);
    await touch('touchMove', 0.75);
    await expect.poll(() => preview.getAttribute('data-shown')).toBe('true');
    await page.getByTestId('seek-preview-tile').waitFor();
    // Three quarters of 12 s: second 9, and the bar follows the finger.
    expect(await preview.textContent()).toBe('0:09');
    expect(Math.floor((await media(page)).currentTime)).toBe(9);
    await touch('touchEnd');
    await expect.poll(() => preview.getAttribute('data-shown')).toBe('false');
  });

  it('shows the chapters: marks on the bar, titles in the preview and the bar, its menu, Ctrl + arrows', async () => {
    await api('PUT', `videos/${longId}/chapters`, {
      chapters: [
        { start: 0, title: 'La mire' },
        { start: 4, title: 'Deuxième partie' },
        { start: 8, title: 'Fin de la mire' },
      ],
    });
    try {
      const page = await visit();
      await openLong(page);
      await page.getByRole('button', { name: 'Chapitres : La mire' }).waitFor();
      expect(await page.getByTestId('range-mark').count()).toBe(2);
      const bar = page.getByRole('slider', { name: 'Position de lecture' });
      const pointAtMiddle = async () => {
        const box = (await bar.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      };
      await pointAtMiddle();
      const title = page.getByTestId('seek-preview-chapter');
      await expect.poll(() => title.textContent()).toBe('Deuxième partie');
      await look(page, 'chapitres-apercu', pointAtMiddle);
      await page.mouse.move(0, 0);

      const at = async () => (await media(page)).currentTime;
      await page.keyboard.press('Control+ArrowRight');
      await expect.poll(at).toBe(4);
      await page.keyboard.press('Control+ArrowRight');
      await expect.poll(at).toBe(8);
      // Just into « Fin de la mire »: back to the chapter before.
      await page.keyboard.press('Control+ArrowLeft');
      await expect.poll(at).toBe(4);

      await page.getByRole('button', { name: 'Chapitres : Deuxième partie' }).click();
      const menu = page.getByRole('menu', { name: 'Chapitres' });
      await menu.waitFor();
      await look(page, 'chapitres-menu');
      await menu.getByRole('menuitem', { name: '0:08 · Fin de la mire' }).click();
      await expect.poll(at).toBe(8);
      await page.getByRole('button', { name: 'Chapitres : Fin de la mire' }).waitFor();
    } finally {
      await api('PUT', `videos/${longId}/chapters`, { chapters: [] });
    }
  });

  it('looks right with its menus open, on a laptop and a phone', async () => {
    const page = await visit();
    await openLong(page, '&at=5');
    await look(page, 'player-paused');
    await page.getByRole('button', { name: /^Qualité : Auto/ }).click();
    await look(page, 'player-quality-menu');
    await page.keyboard.press('Escape');
    await page.locator('video').click({ button: 'right' });
    await page.getByRole('menu', { name: 'Menu de la vidéo' }).waitFor();
    await look(page, 'player-context-menu');
  });
});
