import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import type { Video } from '@plateau/contract';
import { createDemoClient } from '../../apps/server/src/cli/demo/demo-client.ts';
import { median, newContext, type Session } from './browser.ts';
import { recordBytes } from './network.ts';

/** The clip of issue 8's targets: 2 minutes of 1080p with sound. */
export const WATCH_SECONDS = 120;

/**
 * A 2-minute 1920x1080 30 fps clip with sound (lavfi testsrc2 + sine, x264 CRF 20: a moving,
 * detailed picture, so the rungs weigh what a real video weighs), made once and kept in the
 * system's temporary folder for the next runs.
 */
const benchClip = async (): Promise<string> => {
  const dir = path.join(os.tmpdir(), 'plateau-bench-clips');
  const file = path.join(dir, `watch-1080p-${WATCH_SECONDS}s.mp4`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.partial.mp4`;
  await promisify(execFile)('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${WATCH_SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${WATCH_SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-movflags', '+faststart', partial],
  ]);
  renameSync(partial, file);
  return file;
};

/**
 * Publishes the 2-minute clip as the demo's member does (create, upload, 'Encoder et
 * publier') on the running server, and waits for its rungs. CS access: the viewer sees it.
 * When the data dir already has it, published, that one is used.
 */
const WATCH_TITLE = 'Bench : deux minutes en 1080p';

export const publishWatchVideo = async (
  origin: string,
  member: { username: string; password: string },
): Promise<number> => {
  const session = await createDemoClient(origin).signIn(member.username, member.password);
  // A data dir that already holds it (BENCH_DATA_DIR kept from an earlier run) is reused.
  const { videos: found } = await session.get<{ videos: Video[] }>(
    `/videos/search/${encodeURIComponent('deux minutes 1080p')}`,
  );
  const ready = found.find((video) => video.title === WATCH_TITLE && video.processing === 3);
  if (ready) return ready.id;
  const clip = await benchClip();
  const created = await session.post<Video>('/videos', {
    title: WATCH_TITLE,
    description: 'Vidéo du bench de la page de lecture.',
    privacy: 1,
    promotion: -1,
    date: new Date().toISOString(),
    directId: -1,
    tagIds: [],
  });
  await session.upload(`/media/video/${created.id}`, 'video_upload', clip);
  await session.post(`/encode/${created.id}`, {});
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const { videos } = await session.get<{ videos: Video[] }>(`/videos/${created.id}`);
    const video = videos[0]!;
    if (video.processing === 3) return created.id;
    if (video.encodingError) throw new Error(`encode failed: ${video.encodingError}`);
    if (Date.now() > deadline) throw new Error('the bench video was not encoded in 15 min');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
};

export interface WatchRun {
  /** Navigation start to the first video frame presented on the page. */
  firstFrameMs: number;
  /** Bytes received (encoded, headers included) from navigation start to that frame. */
  bytesBeforeFrame: number;
  /** `currentTime = 80%` to the frame shown there (`requestVideoFrameCallback`). */
  seekMs: number;
}

/**
 * Page script: when the page's first video frame is presented. Each `<video>` is watched from
 * its creation, not only once in the document: React builds the element, with its `src`,
 * before it commits the page, and the media may load in between. The frame counts when it is
 * presented (`requestVideoFrameCallback`, which needs the element on the page) or, should a
 * browser not call it for a paused video, at `loadeddata` once the element is connected.
 */
// A string, not a function: a bundler's helpers (tsx's `__name`) would not exist in the page.
export const watchFirstFrame = `(() => {
  const create = Document.prototype.createElement;
  Document.prototype.createElement = function (...args) {
    const element = create.apply(this, args);
    if (element instanceof HTMLVideoElement) {
      element.requestVideoFrameCallback((now) => {
        window.__firstFrame ??= now;
      });
      const loaded = () => {
        if (element.isConnected) window.__firstFrame ??= performance.now();
        else requestAnimationFrame(loaded);
      };
      element.addEventListener('loadeddata', loaded, { once: true });
    }
    return element;
  };
})();`;

/** The player's two ways of playing a published video (issue 21). */
export type PlayerMode = 'auto' | 1080;

export const modeName = (mode: PlayerMode) => (mode === 'auto' ? 'Auto' : 'fixed 1080p');

/**
 * Page script arguments: the player's remembered choice (`playerChoices`, lib/player-choices.ts)
 * for the signed-in viewer, before the app's first script. The player honours it only when its
 * `owner` is the token's user (the JWT payload's `user`, as lib/session.ts reads it): a
 * resolution is what every viewer got before Auto, 'auto' is today's default, written anyway.
 */
export const playerChoice = (viewer: Session, mode: PlayerMode) => {
  const payload = JSON.parse(
    Buffer.from(viewer.token.split('.')[1]!, 'base64url').toString('utf8'),
  ) as { user: unknown };
  const owner = Number.parseInt(String(payload.user), 10);
  return { key: 'playerChoices', value: JSON.stringify({ quality: mode, captions: null, owner }) };
};

/** A cold context for `viewer` whose player starts in `mode`, the first frame watched. */
export const watchContext = async (browser: Browser, viewer: Session, mode: PlayerMode) => {
  const context = await newContext(browser, viewer);
  await context.addInitScript({ content: watchFirstFrame });
  await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    ...playerChoice(viewer, mode),
  });
  return context;
};

/**
 * One cold visit of the watch page (new context: empty cache) as the signed-in viewer, at
 * 1280x800 unthrottled, the player in `mode`: when the first frame came and what it cost, then
 * a seek to 80%.
 */
export const watchRun = async (
  browser: Browser,
  url: string,
  viewer: Session,
  mode: PlayerMode,
): Promise<WatchRun> => {
  const context = await watchContext(browser, viewer, mode);
  try {
    const page = await context.newPage();
    const bytes = await recordBytes(await context.newCDPSession(page));
    await page.goto(url);
    await page.waitForFunction(() => (window as { __firstFrame?: number }).__firstFrame, null, {
      timeout: 30_000,
    });
    const { firstFrameMs, epochMs } = await page.evaluate(() => {
      const at = (window as unknown as { __firstFrame: number }).__firstFrame;
      return { firstFrameMs: at, epochMs: performance.timeOrigin + at };
    });
    const bytesBeforeFrame = bytes.until(epochMs);
    // The frame can come before React puts the element on the page: seek once it is there.
    await page.waitForSelector('video', { state: 'attached' });
    const seekMs = await page.evaluate(async () => {
      const video = document.querySelector('video')!;
      video.pause();
      if (!Number.isFinite(video.duration)) {
        await new Promise((resolve) =>
          video.addEventListener('durationchange', resolve, { once: true }),
        );
      }
      const started = performance.now();
      // Chromium presents the sought frame even when paused: the callback times its paint.
      const shown = new Promise<number>((resolve) =>
        video.requestVideoFrameCallback((now) => resolve(now)),
      );
      video.currentTime = video.duration * 0.8;
      return (await shown) - started;
    });
    return { firstFrameMs, bytesBeforeFrame, seekMs };
  } finally {
    await context.close();
  }
};

/** Issue 8's targets on loopback. */
const targets = { firstFrameMs: 1000, seekMs: 500, bytesBeforeFrame: 2_000_000 };

/**
 * `runs` cold visits of the watch page in each mode, alternated (fixed 1080p, Auto, fixed...) so
 * the machine's load weighs on both alike; rows of the table bench:web prints: measure, then
 * median (min–max) and verdict per mode, then the target.
 */
export const measureWatch = async (
  browser: Browser,
  url: string,
  viewer: Session,
  runs: number,
  modes: PlayerMode[] = [1080, 'auto'],
): Promise<string[][]> => {
  const results = new Map<PlayerMode, WatchRun[]>(modes.map((mode) => [mode, []]));
  for (let run = 0; run < runs; run++) {
    for (const mode of modes) results.get(mode)!.push(await watchRun(browser, url, viewer, mode));
  }
  const row = (name: string, key: keyof WatchRun, unit: (n: number) => string, target: string) => [
    name,
    ...modes.flatMap((mode) => {
      const values = results.get(mode)!.map((r) => r[key]);
      const value = median(values);
      return [
        `${unit(value)} (${unit(Math.min(...values))}–${unit(Math.max(...values))})`,
        value < targets[key] ? 'met' : '**missed**',
      ];
    }),
    target,
  ];
  const ms = (n: number) => `${Math.round(n)}`;
  const mb = (n: number) => (n / 1e6).toFixed(2);
  return [
    row('first frame, ms from navigation', 'firstFrameMs', ms, '< 1000'),
    row('MB received before the first frame', 'bytesBeforeFrame', mb, '≤ 2.00'),
    row('seek to 80 % to its frame, ms', 'seekMs', ms, '< 500'),
  ];
};
