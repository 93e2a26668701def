import type { Browser } from 'playwright-core';
import type { Session } from './browser.ts';
import { weakLinks } from './network.ts';
import { table } from './table.ts';
import { measureWatch, modeName, WATCH_SECONDS } from './watch.ts';
import { ladder, measureThrottled, playbackHeader, playbackRow } from './watch-throttled.ts';

export interface WatchReportOptions {
  browser: Browser;
  origin: string;
  viewer: Session;
  videoId: number;
  /** Cold loads per mode, unthrottled. */
  runs: number;
  /** Play the whole video over each weak link too (about 15 minutes). */
  throttled: boolean;
  /** How long a weak-link run may go on past the video's length before it is stopped. */
  extraS: number;
}

/**
 * The watch page's sections of bench:web (issues 8 and 21), measured now and returned as the
 * Markdown to print at the end: fixed 1080p (every viewer's player before Auto) beside Auto,
 * unthrottled, then one play-through per weak link and mode.
 */
export const watchReport = async (options: WatchReportOptions): Promise<string> => {
  const { browser, origin, viewer, videoId, runs, extraS } = options;
  const watchPath = `/video?v=${videoId}`;
  const url = origin + watchPath;
  console.error(`Watching the 2-minute video, ${runs} cold loads in each mode...`);
  const rows = await measureWatch(browser, url, viewer, runs);
  const rungs = await ladder(origin, videoId, viewer.token);
  const playbacks = options.throttled
    ? await measureThrottled(browser, url, viewer, weakLinks, WATCH_SECONDS, extraS)
    : [];
  const modes = [modeName(1080), modeName('auto')];
  const out = [
    `## Watch page \`${watchPath}\` (2 min, 1080p), signed in, 1280x800 unthrottled, median of ${runs} cold loads per mode\n`,
    table(
      ['measure', ...modes.flatMap((mode) => [`${mode}, median (min–max)`, '']), 'target'],
      rows,
      ['---', '--:', '---', '--:', '---', '--:'],
    ),
    `\nThe video's rungs (master playlist, Mbit/s, average and peak): ${rungs}`,
  ];
  if (playbacks.length > 0) {
    out.push(
      `\n## Watch page over weak links (Chromium network emulation), one cold play-through of the ${WATCH_SECONDS} s video per row, stopped ${extraS} s past its length\n`,
      table(playbackHeader, playbacks.map(playbackRow), [
        '---',
        '---',
        ...playbackHeader.slice(2, -1).map(() => '--:'),
        '---',
      ]),
    );
  }
  return out.join('\n');
};
