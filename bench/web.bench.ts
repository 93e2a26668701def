import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DirectList, PlaylistList } from '@plateau/contract';
import {
  launchChromium,
  median,
  paintRun,
  visit,
  type Session,
  type Visit,
} from './web/browser.ts';
import {
  chunkLabel,
  entryKey,
  fileSizes,
  hlsFiles,
  jsFiles,
  keysByFile,
  readManifest,
  staticClosure,
  sumSizes,
  type Manifest,
} from './web/js-sizes.ts';
import { lighthouseTable, runLighthouse } from './web/lighthouse.ts';
import { benchRoutes } from './web/routes.ts';
import { table } from './web/table.ts';
import { publishWatchVideo } from './web/watch.ts';
import { watchReport } from './web/watch-report.ts';
import {
  apiGet,
  memberName,
  prepareDataDir,
  root,
  signIn,
  startServer,
  viewerName,
  webDist,
} from './web/server.ts';

/**
 * `npm run bench:web -- [--runs=5] [--lighthouse-runs=3] [--no-build]`: builds the app, then
 * prints the JavaScript each route needs (from Vite's manifest and what Chromium fetched), the
 * LCP and TBT of three pages (median of cold loads) and Lighthouse's mobile scores for `/`,
 * against `npm start` on a copy of BENCH_DATA_DIR (else on a fresh `npm run demo`). The watch
 * page: fixed 1080p against Auto, unthrottled, then playing the whole video over weak links
 * (`BENCH_WEB_THROTTLED=0` skips those, ~15 min).
 */
const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const runs = option('runs', 5);
const lighthouseRuns = option('lighthouse-runs', 3);
const throttled = process.env.BENCH_WEB_THROTTLED !== '0';
/** How long a weak-link run may go on past the video's length before it is stopped. */
const throttledExtraS = Number(process.env.BENCH_WEB_THROTTLED_EXTRA_S ?? 180);

/** Targets of issue 7 ("Speed"), gzip bytes. */
const homeBudget = 200_000;
const routeBudget = 80_000;

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number) => `${Math.round(value)}`;
const verdict = (met: boolean) => (met ? 'met' : '**missed**');

if (!process.argv.includes('--no-build')) {
  console.error('Building the web app and the server (node scripts/build.mjs)...');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}
const { dataDir, password } = await prepareDataDir(process.env.BENCH_DATA_DIR);
// `npm start` rebuilds a stale app (after --no-build): the manifest is read once it has.
const removeData = () => rmSync(path.dirname(dataDir), { recursive: true, force: true });
const server = await startServer(dataDir).catch((error: unknown) => {
  removeData();
  throw error;
});
const manifest: Manifest = readManifest(webDist);
const entry = entryKey(manifest);
// The entry only waits for the first paint, then imports the app itself (app/mount.tsx): both,
// with their static imports, are what every page runs before its own chunks.
const entryFiles = jsFiles(manifest, [
  ...staticClosure(manifest, entry),
  ...staticClosure(manifest, 'src/app/mount.tsx'),
]);
const fileKeys = keysByFile(manifest);
/** A chunk as the table shows it: its source name and gzip kB, biggest first in lists. */
const label = (file: string) => {
  const key = fileKeys.get(file);
  return `${key ? chunkLabel(manifest, key) : file} ${kB(fileSizes(webDist, file).gzip)}`;
};
const labels = (files: string[]) =>
  [...files]
    .sort((a, b) => fileSizes(webDist, b).gzip - fileSizes(webDist, a).gzip)
    .map(label)
    .join(', ');
const browser = await launchChromium().catch(async (error: unknown) => {
  await server.stop();
  removeData();
  throw error;
});
try {
  const viewer: Session = await signIn(server.origin, viewerName, password);
  const url = (route: string) => server.origin + route;
  const directs = await apiGet<DirectList>(server.origin, viewer.token, 'directs?page_size=1');
  const playlists = await apiGet<PlaylistList>(server.origin, viewer.token, 'playlists/public');
  console.error(
    'Publishing a 2-minute 1080p video for the watch page (a few minutes of encoding)...',
  );
  const watchVideoId = await publishWatchVideo(server.origin, { username: memberName, password });
  const watchPath = `/video?v=${watchVideoId}`;
  const routes = benchRoutes({
    directId: directs.directs[0]?.id,
    playlistCode: playlists.playlists[0]?.code,
    watchPath,
  });

  // What each page fetches, one cold visit each (this also warms the server up).
  console.error(`Visiting ${routes.length + 2} pages for their scripts...`);
  const homeOut = await visit(browser, url('/'));
  const homeIn = await visit(browser, url('/'), viewer);
  const visits: [(typeof routes)[number], Visit][] = [];
  for (const route of routes) {
    visits.push([
      route,
      await visit(browser, url(route.path), route.signedIn ? viewer : undefined),
    ]);
  }

  const sizeRows: string[][] = [];
  const entrySizes = sumSizes(webDist, entryFiles);
  sizeRows.push([
    '`/` entry + app (app/mount.tsx) + their static imports',
    '',
    `${entryFiles.length}: ${labels(entryFiles)}`,
    kB(entrySizes.gzip),
    kB(entrySizes.brotli),
    '',
    '',
  ]);
  for (const [name, home] of [
    ['`/` signed out', homeOut],
    ['`/` signed in', homeIn],
  ] as const) {
    const files = new Set([...entryFiles, ...home.scripts]);
    const sizes = sumSizes(webDist, files);
    const lazy = [...files].filter((file) => !entryFiles.includes(file));
    sizeRows.push([
      `${name}, total`,
      home.landed === '/' ? '' : `landed on \`${home.landed}\``,
      `${files.size} (lazy: ${labels(lazy) || 'none'})`,
      kB(sizes.gzip),
      kB(sizes.brotli),
      `≤ ${kB(homeBudget)}`,
      verdict(sizes.gzip <= homeBudget),
    ]);
  }
  const reached = new Set([...homeOut.scripts, ...homeIn.scripts]);
  // Issue 21: the watch page's budget is its JavaScript outside the lazily loaded hls.js.
  const hls = hlsFiles(manifest);
  for (const [route, seen] of visits) {
    seen.scripts.forEach((file) => reached.add(file));
    const before = new Set([...entryFiles, ...(route.signedIn ? homeIn : homeOut).scripts]);
    const fetched = [...seen.scripts].filter((file) => !before.has(file));
    const own = fetched.filter((file) => !hls.has(file));
    const lazyPlayer = fetched.filter((file) => hls.has(file));
    const sizes = sumSizes(webDist, own);
    sizeRows.push([
      `\`${route.path}\` ${route.signedIn ? '(signed in)' : ''}`.trim(),
      seen.landed === route.path ? '' : `landed on \`${seen.landed}\``,
      labels(own) || '(none)',
      kB(sizes.gzip),
      kB(sizes.brotli),
      `≤ ${kB(routeBudget)}`,
      verdict(sizes.gzip <= routeBudget),
    ]);
    if (lazyPlayer.length > 0) {
      const player = sumSizes(webDist, lazyPlayer);
      sizeRows.push([
        `\`${route.path}\`, then in Auto`,
        'lazy, outside the budget',
        labels(lazyPlayer),
        kB(player.gzip),
        kB(player.brotli),
        '',
        '',
      ]);
    }
  }
  // Lazy chunks no measured page loaded (screens of later issues, menus opened on demand...).
  const unreached = Object.keys(manifest).filter(
    (key) => manifest[key]!.isDynamicEntry && !reached.has(manifest[key]!.file),
  );
  for (const key of unreached) {
    const own = jsFiles(manifest, staticClosure(manifest, key)).filter(
      (file) => !entryFiles.includes(file),
    );
    const sizes = sumSizes(webDist, own);
    sizeRows.push([
      `(not opened) ${chunkLabel(manifest, key)}`,
      '',
      labels(own),
      kB(sizes.gzip),
      kB(sizes.brotli),
      `≤ ${kB(routeBudget)}`,
      verdict(sizes.gzip <= routeBudget),
    ]);
  }

  // Paint timings: cold cache each run (a new browser context), server warm.
  console.error(`Measuring LCP and TBT, ${runs} cold loads per page...`);
  const paintPages = [
    ['`/` signed out', '/', undefined],
    ['`/` signed in', '/', viewer],
    ['`/videos` signed out', '/videos', undefined],
  ] as const;
  const paintRows: string[][] = [];
  for (const [name, route, session] of paintPages) {
    const results = [];
    for (let run = 0; run < runs; run++) results.push(await paintRun(browser, url(route), session));
    const lcp = results.map((r) => r.lcpMs);
    const tbt = results.map((r) => r.tbtMs);
    const elements = [...new Set(results.map((r) => r.lcpElement))];
    paintRows.push([
      name,
      `${ms(median(lcp))} (${ms(Math.min(...lcp))}–${ms(Math.max(...lcp))})`,
      `${ms(median(tbt))} (${ms(Math.min(...tbt))}–${ms(Math.max(...tbt))})`,
      elements.join('; ').replace(/\|/g, '/'),
    ]);
  }

  const watchTables = await watchReport({
    browser,
    origin: server.origin,
    viewer,
    videoId: watchVideoId,
    runs,
    throttled,
    extraS: throttledExtraS,
  });

  console.error(`Running Lighthouse (mobile preset) on / ${lighthouseRuns} times...`);
  const lighthouse = await runLighthouse(url('/'), lighthouseRuns);
  const failures = [...new Set(lighthouse.flatMap((r) => r.accessibilityFailures))];

  const [load1, load5] = os.loadavg();
  console.log(`\n## JavaScript per route (kB = 1000 bytes, as the server sends it)\n`);
  console.log(
    table(
      ['route', 'note', 'chunks (gzip kB each)', 'gzip kB', 'brotli kB', 'target (gzip)', ''],
      sizeRows,
      ['---', '---', '---', '--:', '--:', '--:', '---'],
    ),
  );
  console.log(
    `\n## Paint, Chromium 1280x800 unthrottled, median of ${runs} cold loads (min–max)\n`,
  );
  console.log(
    table(['page', 'LCP ms', 'TBT ms', 'LCP element'], paintRows, ['---', '--:', '--:', '---']),
  );
  console.log(`\n(reference, not targets of the issue: Core Web Vitals "good" LCP ≤ 2500 ms;`);
  console.log(` Lighthouse "good" TBT ≤ 200 ms on its throttled mobile run)`);
  console.log(`\n${watchTables}`);
  console.log(`\n## Lighthouse 12, \`/\` signed out, mobile preset, median of ${lighthouseRuns}\n`);
  console.log(lighthouseTable(lighthouse));
  if (failures.length) console.log(`\nAccessibility audits failed: ${failures.join('; ')}`);
  console.log(
    `\nLoad average at the end: ${load1!.toFixed(1)} (1 min), ${load5!.toFixed(1)} (5 min); ${os.cpus().length} CPUs.`,
  );
} finally {
  await browser.close();
  await server.stop();
  removeData();
}
