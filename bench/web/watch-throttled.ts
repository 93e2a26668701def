import type { Browser, Page } from 'playwright-core';
import type { Session } from './browser.ts';
import { emulateLink, recordBytes, type LinkProfile } from './network.ts';
import { modeName, watchContext, type PlayerMode } from './watch.ts';

export interface PlaybackRun {
  link: LinkProfile;
  mode: PlayerMode;
  /** Navigation start to the first frame, null when none came before the cap. */
  firstFrameMs: number | null;
  /** `waiting` after playback had started, each until the next `playing` (or the end). */
  stalls: number;
  stalledMs: number;
  /** Height of the frames shown, weighted by the media time each was shown for. */
  averageHeight: number | null;
  /** e.g. `480p 71 %, 240p 29 %`. */
  heightMix: string;
  bytes: number;
  /** Fastest 10 s of the whole page, and of the `<video src>`'s own requests (bytes/s). */
  peakRate: number;
  peakMediaRate: number;
  /** Media time reached (s), and whether `ended` came before the cap. */
  playedS: number;
  finished: boolean;
  wallS: number;
  /** The first try never showed a frame (a stuck page): this is the second. */
  retried?: boolean;
}

/** What the page script keeps in `window.__playback`. */
interface PlaybackState {
  started: number | null;
  stalls: number;
  stalledMs: number;
  stallAt: number | null;
  ended: boolean;
  /** Seconds of media time per frame height: from requestVideoFrameCallback, and sampled. */
  framed: Record<string, number>;
  sampled: Record<string, number>;
  currentTime: number;
}

/**
 * Page script, evaluated once the player's `<video>` is on the page: records stalls and the
 * heights played, then starts playback muted (no gesture needed). A string: a bundler's helpers
 * (tsx's `__name`) would not exist in the page. The initial load is not a stall: `waiting`
 * counts only after the first `playing`. Heights come from each presented frame's metadata
 * (what was on screen, not what was buffered), with `videoHeight` every 500 ms as a fallback
 * should a browser not call back for every frame.
 */
const trackPlayback = `(() => {
  const video = document.querySelector('video');
  const state = { started: null, stalls: 0, stalledMs: 0, stallAt: null, ended: false,
    framed: {}, sampled: {}, currentTime: 0 };
  window.__playback = state;
  const now = () => performance.now();
  const endStall = () => {
    if (state.stallAt === null) return;
    state.stalledMs += now() - state.stallAt;
    state.stallAt = null;
  };
  video.addEventListener('playing', () => {
    state.started ??= now();
    endStall();
  });
  video.addEventListener('waiting', () => {
    if (state.started === null || state.stallAt !== null) return;
    state.stalls += 1;
    state.stallAt = now();
  });
  video.addEventListener('ended', () => {
    endStall();
    state.ended = true;
  });
  const add = (record, height, seconds) => {
    // 0 < step < 2 s: a seek or a stall's jump is not time shown.
    if (height > 0 && seconds > 0 && seconds < 2) record[height] = (record[height] ?? 0) + seconds;
  };
  let lastMediaTime = null;
  const onFrame = (_now, meta) => {
    if (lastMediaTime !== null) add(state.framed, meta.height, meta.mediaTime - lastMediaTime);
    lastMediaTime = meta.mediaTime;
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  let lastTime = video.currentTime;
  setInterval(() => {
    add(state.sampled, video.videoHeight, video.currentTime - lastTime);
    lastTime = video.currentTime;
    state.currentTime = video.currentTime;
  }, 500);
  video.muted = true;
  return video.play().then(() => 'playing', (error) => String(error));
})()`;

const readState = (page: Page) =>
  page.evaluate(
    `({ ...window.__playback, currentTime: document.querySelector('video').currentTime })`,
  ) as Promise<PlaybackState>;

/** Time-weighted mean height and the mix, from the frames, else from the samples. */
const heights = (state: PlaybackState) => {
  const total = (record: Record<string, number>) =>
    Object.values(record).reduce((a, b) => a + b, 0);
  const record = total(state.framed) >= 0.5 * total(state.sampled) ? state.framed : state.sampled;
  const seconds = total(record);
  if (seconds === 0) return { averageHeight: null, heightMix: '' };
  const entries = Object.entries(record).sort(([a], [b]) => Number(b) - Number(a));
  return {
    averageHeight: entries.reduce((sum, [h, s]) => sum + Number(h) * s, 0) / seconds,
    heightMix: entries.map(([h, s]) => `${h}p ${Math.round((100 * s) / seconds)} %`).join(', '),
  };
};

/** How long a run waits for its first frame before it is called stuck (and tried again). */
const FIRST_FRAME_LIMIT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One cold visit of the watch page over `link`, the player in `mode`, playing the whole video
 * from the start (muted) until `ended` or `capMs` after navigation, whichever first. Prints a
 * progress line every 30 s on stderr (`tag` names the run).
 */
export const playThrough = async (
  browser: Browser,
  url: string,
  viewer: Session,
  link: LinkProfile,
  mode: PlayerMode,
  capMs: number,
  tag: string,
): Promise<PlaybackRun> => {
  const context = await watchContext(browser, viewer, mode);
  try {
    const page = await context.newPage();
    if (process.env.BENCH_WEB_DEBUG) {
      page.on('console', (message) => console.error(`${tag} console: ${message.text()}`));
      page.on('requestfailed', (request) =>
        console.error(`${tag} failed: ${request.url()} ${request.failure()?.errorText}`),
      );
      page.on('response', (response) =>
        console.error(`${tag} ${response.status()} ${response.url().slice(0, 120)}`),
      );
    }
    const cdp = await context.newCDPSession(page);
    const bytes = await recordBytes(cdp);
    await emulateLink(cdp, link);
    const navigatedAt = Date.now();
    const deadline = navigatedAt + capMs;
    const left = () => Math.max(1000, deadline - Date.now());
    await page.goto(url, { waitUntil: 'commit', timeout: left() });
    const firstFrameMs = await page
      .waitForFunction(() => (window as { __firstFrame?: number }).__firstFrame, null, {
        // Even 1080p's first bytes over 0.5 Mbit/s take under 30 s: later, the page is stuck.
        timeout: Math.min(left(), FIRST_FRAME_LIMIT_MS),
      })
      .then(() => page.evaluate(() => (window as unknown as { __firstFrame: number }).__firstFrame))
      .catch(() => null);
    let state: PlaybackState | null = null;
    if (firstFrameMs === null) {
      const waiting = bytes.pending().map((url) => new URL(url).pathname);
      console.error(`${tag}: no first frame; still waiting for ${waiting.join(', ') || 'nothing'}`);
    } else {
      await page.waitForSelector('video', { state: 'attached', timeout: left() });
      const started = (await page.evaluate(trackPlayback)) as string;
      if (started !== 'playing') console.error(`${tag}: play() answered ${started}`);
      let reported = Date.now();
      for (;;) {
        state = await readState(page);
        if (state.ended || Date.now() >= deadline) break;
        if (Date.now() - reported >= 30_000) {
          reported = Date.now();
          console.error(
            `${tag}: ${Math.round((Date.now() - navigatedAt) / 1000)} s, played ${Math.round(state.currentTime)} s, ` +
              `${state.stalls} rebuffer(s), ${(bytes.total() / 1e6).toFixed(1)} MB`,
          );
        }
        await sleep(1000);
      }
    }
    // A stall still running at the cap counts up to the cap.
    const stalledMs =
      (state?.stalledMs ?? 0) +
      (state?.stallAt != null
        ? ((await page.evaluate('performance.now()')) as number) - state.stallAt
        : 0);
    return {
      link,
      mode,
      firstFrameMs,
      stalls: state?.stalls ?? 0,
      stalledMs,
      ...(state ? heights(state) : { averageHeight: null, heightMix: '' }),
      bytes: bytes.total(),
      peakRate: bytes.peakRate(10_000),
      peakMediaRate: bytes.peakRate(10_000, (type) => type === 'Media'),
      playedS: state?.currentTime ?? 0,
      finished: state?.ended ?? false,
      wallS: (Date.now() - navigatedAt) / 1000,
    };
  } finally {
    await context.close();
  }
};

/** One line of the table bench:web prints, and of the progress log. */
export const playbackRow = (run: PlaybackRun): string[] => {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const kbps = (bytesPerS: number) => `${Math.round((bytesPerS * 8) / 1000)}`;
  // Issue 21: no rebuffer at 1.6 Mbit/s in Auto.
  const target =
    run.mode === 'auto' && run.link.downKbps >= 1600
      ? `0 rebuffers: ${run.stalls === 0 && run.finished ? 'met' : '**missed**'}`
      : '';
  return [
    run.link.name,
    `${modeName(run.mode)}${run.retried ? ' (2nd try)' : ''}`,
    run.firstFrameMs === null ? 'none' : s(run.firstFrameMs),
    String(run.stalls),
    s(run.stalledMs),
    run.averageHeight === null
      ? '–'
      : `${Math.round(run.averageHeight)}${run.heightMix ? ` (${run.heightMix})` : ''}`,
    (run.bytes / 1e6).toFixed(1),
    run.finished
      ? `yes, in ${Math.round(run.wallS)} s`
      : `**n'a pas fini**: ${Math.round(run.playedS)} s played in ${Math.round(run.wallS)} s`,
    `${kbps(run.peakRate)} / ${run.peakMediaRate ? kbps(run.peakMediaRate) : '–'}`,
    target,
  ];
};

export const playbackHeader = [
  'link',
  'mode',
  'first frame s',
  'rebuffers',
  'rebuffer s',
  'rung played (mean height, mix)',
  'MB received',
  'reached the end',
  'peak kbit/s over 10 s: page / `<video src>`',
  'target',
];

/**
 * Every weak link × both modes (fixed 1080p first: today's reference), one cold play-through
 * each, with a progress line per run on stderr. `extraS`: how long after the video's own length
 * a run may last before it is stopped (a 1080p rung over 0.5 Mbit/s never ends).
 */
export const measureThrottled = async (
  browser: Browser,
  url: string,
  viewer: Session,
  links: LinkProfile[],
  videoS: number,
  extraS: number,
): Promise<PlaybackRun[]> => {
  const modes: PlayerMode[] = [1080, 'auto'];
  const runs: PlaybackRun[] = [];
  for (const link of links) {
    for (const mode of modes) {
      const tag = `[${runs.length + 1}/${links.length * modes.length}] ${link.name}, ${modeName(mode)}`;
      console.error(`${tag}: playing the ${videoS} s video (stops after ${videoS + extraS} s)...`);
      const play = () =>
        playThrough(browser, url, viewer, link, mode, (videoS + extraS) * 1000, tag);
      let run = await play();
      // Once, a page stayed on its HTML for the whole run (0.1 MB, after a 5-minute fixed run):
      // such a run measures nothing, it is said and tried again once.
      if (run.firstFrameMs === null) {
        console.error(`${tag}: trying again (no first frame)`);
        run = { ...(await play()), retried: true };
      }
      console.error(`${tag}: ${playbackRow(run).slice(2).join(' | ')}`);
      runs.push(run);
    }
  }
  return runs;
};

/** The master playlist's variants, as `1080p 3.1 (peak 4.2)` Mbit/s: what Auto chooses from. */
export const ladder = async (origin: string, videoId: number, token: string): Promise<string> => {
  const response = await fetch(
    `${origin}/api/media/hls/${videoId}/master.m3u8?token=${encodeURIComponent(token)}`,
  );
  if (!response.ok) return `master playlist answered ${response.status}`;
  const text = await response.text();
  const mbps = (bits: string | undefined) => (Number(bits) / 1e6).toFixed(2);
  return [...text.matchAll(/#EXT-X-STREAM-INF:(.*)/g)]
    .map(([, attributes]) => {
      const get = (name: string) => new RegExp(`(?:^|,)${name}=([^,]+)`).exec(attributes!)?.[1];
      const height = get('RESOLUTION')?.split('x')[1];
      return `${height}p ${mbps(get('AVERAGE-BANDWIDTH'))} (peak ${mbps(get('BANDWIDTH'))})`;
    })
    .join(', ');
};
