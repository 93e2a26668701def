import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { parseMediaPlaylist } from './hls.ts';
import { STAMP_BITS, STAMP_LAYOUT } from './stamp.ts';
import { installStampReader, NAME_HELPER, type StampReading } from './stamp-reader.ts';
import { liveHlsConfig } from '../../apps/web/src/features/player/live-hls-config.ts';

const require = createRequire(import.meta.url);
/** hls.js as the web app ships it (its light build), from node_modules. */
const hlsScript = require.resolve('hls.js/dist/hls.light.min.js');

interface PageState extends StampReading {
  stalls: number;
  errors: string[];
}

/** The part of hls.js's API the page uses. */
interface HlsLike {
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  on(
    event: string,
    listener: (event: string, data: { details?: string; fatal?: boolean }) => void,
  ): void;
  destroy(): void;
  latency: number;
  targetLatency: number | null;
  currentLevel: number;
}

/**
 * Runs in the page: a muted <video> playing `src` with the live player's hls.js settings, its
 * frames read by the page's stamp reader (`installStampReader`).
 */
const startPlayer = ({ src, config }: { src: string; config: Record<string, unknown> }) => {
  const Hls = (window as unknown as { Hls: new (config: object) => HlsLike }).Hls;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  document.body.append(video);
  const readStamps = (window as unknown as { readStamps: (v: HTMLVideoElement) => StampReading })
    .readStamps;
  const state: PageState = Object.assign(readStamps(video), { stalls: 0, errors: [] as string[] });
  const hls = new Hls(config);
  hls.on('hlsError', (_event, data) => {
    state.errors.push(`${data.details}${data.fatal ? ' (fatal)' : ''}`);
  });
  hls.on('hlsManifestParsed', () => void video.play());
  hls.loadSource(src);
  hls.attachMedia(video);
  video.addEventListener('waiting', () => (state.stalls += 1));
  (window as unknown as { live: { state: PageState; hls: HlsLike } }).live = { state, hls };
};

export interface GlassResult {
  /** now - stamp of each frame presented during the measured window, ms. */
  latencies: number[];
  /** Frames per picture height during the window (which rendition hls.js played). */
  heights: Map<number, number>;
  unreadable: number;
  stalls: number;
  errors: string[];
  /** hls.js's own estimate at the end (seconds behind the live edge) and its target. */
  hlsLatency: number;
  hlsTarget: number | null;
  /**
   * Drawn clock advanced per wall-clock second over the window: 1.00 when the encoder keeps
   * real time and the player plays at 1x; below or above, a stalled or starved encoder.
   */
  clockRate: number;
  dropped: number;
  frames: number;
}

/**
 * Waits until `url` (a media playlist) lists a new segment, then half that segment's duration:
 * the average moment at which a viewer joins. hls.js starts 3 target durations before the end
 * of the playlist it first reads, and never catches up by default, so a viewer who joins just
 * before a segment is listed stays a whole segment further behind than one who joins just
 * after; joining every page at the same point of its own chain's cycle compares the chains
 * and not the luck of the join.
 */
const joinMoment = async (url: string) => {
  const newest = async () => {
    const response = await fetch(url);
    const segments = response.ok ? parseMediaPlaylist(await response.text()).segments : [];
    return segments.at(-1);
  };
  const first = await newest();
  const deadline = Date.now() + 30_000;
  for (;;) {
    await sleep(50);
    const last = await newest();
    if (last && last.sequence !== first?.sequence) return sleep((last.duration * 1000) / 2);
    if (Date.now() > deadline) throw new Error(`${url}: no new segment in 30 s`);
  }
};

/**
 * Opens a page on `origin` (answered by Playwright itself, so that the playlist is same-origin
 * and the server is asked only for HLS), plays `playlist` from the moment `joinMoment` picks
 * on `mediaPlaylist`, waits `warmUpSeconds` after the first frame, then keeps `seconds` of
 * frames.
 */
export const measureGlassToGlass = async (
  browser: Browser,
  origin: string,
  playlist: string,
  mediaPlaylist: string,
  warmUpSeconds: number,
  seconds: number,
  config: Record<string, unknown> = liveHlsConfig,
): Promise<GlassResult> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // tsx compiles with esbuild's keepNames: `startPlayer`'s inner functions arrive in the page
  // wrapped in `__name(fn, "name")`, a helper the page does not have.
  await context.addInitScript({ content: NAME_HELPER });
  try {
    const page = await context.newPage();
    await page.route(`${origin}/__live-bench/**`, (route) =>
      route.request().url().endsWith('/hls.js')
        ? route.fulfill({ path: hlsScript, contentType: 'text/javascript' })
        : route.fulfill({
            contentType: 'text/html',
            body: '<!doctype html><html><body><script src="/__live-bench/hls.js"></script></body></html>',
          }),
    );
    await page.goto(`${origin}/__live-bench/page.html`);
    await page.evaluate(installStampReader, { layout: STAMP_LAYOUT, bits: STAMP_BITS });
    await joinMoment(`${origin}${mediaPlaylist}`);
    await page.evaluate(startPlayer, {
      src: `${origin}${playlist}`,
      // The live player's own settings: what a viewer of Plateau gets, for every chain
      // (its low-latency ones for a « Latence faible » live and the bare 1 s chain beside it).
      config: { ...config },
    });
    const read = () =>
      page.evaluate(() => {
        const { state, hls } = (window as unknown as { live: { state: PageState; hls: HlsLike } })
          .live;
        const quality = document.querySelector('video')!.getVideoPlaybackQuality();
        return {
          count: state.samples.length,
          unreadable: state.unreadable,
          stalls: state.stalls,
          errors: state.errors,
          hlsLatency: hls.latency,
          hlsTarget: hls.targetLatency,
          dropped: quality.droppedVideoFrames,
          frames: quality.totalVideoFrames,
        };
      });
    const deadline = Date.now() + 45_000;
    while ((await read()).count === 0) {
      if (Date.now() > deadline) {
        throw new Error(`no stamped frame in 45 s (${(await read()).errors.join(', ')})`);
      }
      await sleep(250);
    }
    await sleep(warmUpSeconds * 1000);
    const start = await read();
    await sleep(seconds * 1000);
    const end = await read();
    const samples = await page.evaluate(
      (from) =>
        (window as unknown as { live: { state: PageState } }).live.state.samples.slice(from),
      start.count,
    );
    const heights = new Map<number, number>();
    for (const { height } of samples) heights.set(height, (heights.get(height) ?? 0) + 1);
    const [first, last] = [samples[0], samples.at(-1)];
    return {
      latencies: samples.map(({ at, stamp }) => at - stamp),
      clockRate: first && last ? (last.stamp - first.stamp) / (last.at - first.at) : Number.NaN,
      heights,
      unreadable: end.unreadable - start.unreadable,
      stalls: end.stalls - start.stalls,
      errors: end.errors,
      hlsLatency: end.hlsLatency,
      hlsTarget: end.hlsTarget,
      dropped: end.dropped - start.dropped,
      frames: end.frames - start.frames,
    };
  } finally {
    await context.close();
  }
};
