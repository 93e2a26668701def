/**
 * `npm run bench:live`: Plateau Live (issue 18) on this machine. (1) Glass-to-glass latency in
 * headless Chromium with hls.js, the publisher drawing the wall clock into each frame, through
 * Plateau and through a bare ffmpeg -> HLS files -> nginx chain fed by the same encoder, with
 * the newest segment's lag by PROGRAM-DATE-TIME and by the drawn clock; (2) CPU seconds per
 * minute of the server and of its ffmpeg, with the default ladder and with LIVE_LADDER="";
 * (3) 500 simulated viewers on loopback while the live is transcoded, through nginx's cache in
 * front of Plateau, and on nginx serving a replayed copy of the same segments; (4) the
 * playlist of a 2-hour live. Prints tables next to the targets; asserts none (bench/README.md,
 * "Live (issue 18)"). `--quick`: shorter windows (a smoke run); `--one-second`: the bare chain
 * with 1 s segments too; `--joins` and `--low-latency`: issue 33's viewers who join late or
 * after a reconnect, and (`--low-latency`) 500 low-latency players.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import {
  liveHlsConfig,
  lowLatencyHlsConfig,
} from '../apps/web/src/features/player/live-hls-config.ts';
import { measureGlassToGlass, type GlassResult } from './live/glass.ts';
import {
  parseMediaPlaylist,
  quantile,
  watchPlaylist,
  type PlaylistWatch,
  type SeenSegment,
} from './live/hls.ts';
import { startLiveNginx, type RunningNginx } from './live/nginx.ts';
import {
  cpuWindow,
  ffmpegNaming,
  killStarted,
  measureCpu,
  spawnTracked,
  type CpuWindow,
  type Tracked,
} from './live/processes.ts';
import { startReplay } from './live/replay.ts';
import {
  ensurePreEncoded,
  loopedToRtmp,
  segmentStamp,
  stampedToHls,
  stampedToRtmpAndHls,
} from './live/stamp.ts';
import { runLowLatencyViewers, type LowLatencyLoadResult } from './live/low-latency-viewers.ts';
import { runViewers, type ViewerLoadResult } from './live/viewers.ts';
import { startPlateau, type RunningPlateau } from './media/plateau.ts';
import { cpuSeconds, loadAverage, memoryMb } from './media/proc.ts';
import { api, benchDatabase, buildServerOnly, nginxReadableDir, signIn } from './media/setup.ts';
import { launchChromium } from './web/browser.ts';
import { freePort } from './web/server.ts';

const options = process.argv.slice(2);
const quick = options.includes('--quick');
/** The bare chain with 1 s segments too (about 45 s more). */
const oneSecond = options.includes('--one-second');
/**
 * Only glass-to-glass for a viewer who joins as the live starts, one who joins a minute later
 * and one who joins after the encoder reconnected, on one live, each beside the bare chain at
 * the same moment (issue 33; about 3 min).
 */
const joins = options.includes('--joins');
/**
 * `--joins` for a « Latence faible » live: the encoder's keyframes every second, the viewers
 * with the live player's low-latency settings, beside the bare chain with 1 s segments; then
 * 500 low-latency players, and 500 standard ones of the same live for reference.
 */
const lowLatency = options.includes('--low-latency');
/** `--low-latency` without its glass-to-glass part: only the 500 viewers (about 2 min). */
const viewersOnly = options.includes('--viewers-only');
/** When the two viewers of `--joins` open the live, seconds after its encoder started. */
const JOINS_AT = [5, 60];
const TIMES = quick
  ? { warmUp: 6, glass: 8, cpu: 15, viewers: 15, reference: 10 }
  : { warmUp: 10, glass: 20, cpu: 60, viewers: 60, reference: 20 };
const VIEWERS = 500;
/** Pages open this long after the live's first fresh segment (playlists of 5+ segments). */
const JOIN_AFTER_MS = 8_000;
/** The newest segments each watch decodes to read the clock drawn into their first frame. */
const STAMPED_SEGMENTS = 8;
/** LIVE_DVR_SECONDS' default: the playlist of a 2-hour live lists 3600 segments. */
const DVR_SECONDS = 7200;
const DVR_READS = 200;
/** The pre-encoded publisher's file, kept across runs (made in ~20 s the first time). */
const PRE_ENCODED = path.join(os.tmpdir(), 'plateau-bench-live-pre-v1.flv');
const PRE_ENCODED_SECONDS = 30;
/** The same with keyframes every second, what « Latence faible » asks of an encoder. */
const PRE_ENCODED_LOW_LATENCY = path.join(os.tmpdir(), 'plateau-bench-live-pre-ll-v1.flv');
/** How long the encoder stays away before it reconnects (within the live's grace). */
const RECONNECT_AFTER_MS = 3_000;
const ADMIN = { username: 'bench-geek', password: randomBytes(12).toString('base64url') };
const database = benchDatabase('plateau_bench_live');

const log = (message: string) =>
  console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

const distinctFreePorts = async (count: number) => {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
};

// --- the run's state, for the clean-up whatever happens ---
const tmp = nginxReadableDir('plateau-bench-live-');
const hlsRoot = path.join(tmp, 'static');
mkdirSync(hlsRoot, { recursive: true });
let plateau: RunningPlateau | undefined;
let nginx: RunningNginx | undefined;
let browser: Browser | undefined;
const publishers = new Set<Tracked>();
const watches = new Set<PlaylistWatch>();

const closeBrowser = async () => {
  await browser?.close();
  browser = undefined;
};

const publish = (args: string[]) => {
  const publisher = spawnTracked('ffmpeg', args);
  publishers.add(publisher);
  return publisher;
};
const unpublish = async (publisher: Tracked) => {
  await publisher.stop();
  publishers.delete(publisher);
};

let cleanedUp = false;
const cleanUp = async () => {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const watch of watches) await watch.stop().catch(() => {});
  for (const publisher of publishers) await publisher.stop().catch(() => {});
  await browser?.close().catch(() => {});
  await plateau?.stop().catch(() => {});
  await nginx?.stop().catch(() => {});
  killStarted();
  // Plateau's ffmpeg ends with its stdin; anything left that names the scratch folder is ours.
  await sleep(500);
  const strays = ffmpegNaming(tmp);
  for (const pid of strays) process.kill(pid, 'SIGKILL');
  if (strays.length > 0) log(`killed ${strays.length} ffmpeg left behind: ${strays.join(', ')}`);
  rmSync(tmp, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

// --- results ---
interface Lag {
  name: string;
  targetDuration: number;
  segments: number;
  /** When each new segment was first listed, minus its PDT and its duration, ms. */
  pdtPastEnd: number[];
  /** The same from the clock drawn into its first frame (the last few segments), ms. */
  truePastEnd: number[];
  /** PDT minus the first frame's drawn clock, ms: how far ahead PDT says the segment is. */
  pdtAhead: number[];
  durations: number[];
}
interface GlassRow {
  name: string;
  result: GlassResult;
  lags: Lag[];
  load: string;
}
interface CpuRow {
  name: string;
  cpu: CpuWindow;
  rssMb: number;
  ffmpegRssMb: number;
  load: string;
}
interface DvrRow {
  name: string;
  segments: number;
  bytes: number;
  gzipBytes: number;
  times: number[];
}
const dvrRows: DvrRow[] = [];
interface LoadRow {
  name: string;
  result: ViewerLoadResult;
  cpu: string;
  /** CPU s per minute of the serving process(es) only (no ffmpeg), for the cost per request. */
  servingPerMinute: number;
  note: string;
  load: string;
}
const glassRows: GlassRow[] = [];
const cpuRows: CpuRow[] = [];
const loadRows: LoadRow[] = [];
const lowLatencyRows: { result: LowLatencyLoadResult; cpu: CpuWindow; load: string }[] = [];
const loadAtStart = loadAverage();

const main = async () => {
  buildServerOnly();
  await database.recreate();
  const [port, rtmpPort, staticPort, cachePort] = (await distinctFreePorts(4)) as [
    number,
    number,
    number,
    number,
  ];
  const env: Record<string, string> = {
    DATA_DIR: path.join(tmp, 'data'),
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    PORT: String(port),
    RTMP_PORT: String(rtmpPort),
    RTMP_HOST: '127.0.0.1',
  };
  log(`pre-encoded publisher file: ${PRE_ENCODED}`);
  await ensurePreEncoded(PRE_ENCODED, PRE_ENCODED_SECONDS);
  log('starting Plateau (compiled, PostgreSQL, LIVE_LADDER default)');
  plateau = await startPlateau(env);
  const origin = plateau.origin;
  const geek = await signIn(origin, ADMIN);
  const direct = await api(origin, '/api/directs', {
    method: 'POST',
    token: geek,
    body: JSON.stringify({ title: 'Bench live', privacy: 0 }),
  });
  const { streamKey } = await api(origin, `/api/directs/${direct.id}/broadcast`, {
    method: 'PUT',
    token: geek,
    body: JSON.stringify({ enabled: true }),
  });
  const rtmpUrl = `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`;
  const livePath = `/api/media/live/${direct.id}`;
  const variantPath = (variant: string) => `${livePath}/${variant}/index.m3u8`;

  /** The live is on the air and each variant lists a segment of the last 8 s. */
  const waitForFreshLive = async (variants: string[]) => {
    const deadline = Date.now() + 45_000;
    for (;;) {
      const status = await api(plateau!.origin, `/api/directs/${direct.id}/live`).catch(
        (error: Error) => ({ state: error.message }),
      );
      if (status.state === 'live') {
        const fresh = await Promise.all(
          variants.map(async (variant) => {
            const response = await fetch(`${plateau!.origin}${variantPath(variant)}`);
            if (!response.ok) return false;
            const last = parseMediaPlaylist(await response.text()).segments.at(-1);
            return last !== undefined && Date.now() - last.programDateTime < 8000;
          }),
        );
        if (fresh.every(Boolean)) return;
      }
      if (Date.now() > deadline) throw new Error(`no live after 45 s: ${JSON.stringify(status)}`);
      await sleep(500);
    }
  };
  const watch = (url: string) => {
    const playlist = watchPlaylist(url);
    watches.add(playlist);
    return async () => {
      watches.delete(playlist);
      return playlist.stop();
    };
  };
  /** PDT and true (stamp in the first frame) lag of the segments a watch saw appear. */
  const lagOf = async (name: string, stop: () => ReturnType<PlaylistWatch['stop']>) => {
    const { seen, targetDuration } = await stop();
    const decoded = seen.slice(-STAMPED_SEGMENTS);
    const stamps: number[] = [];
    for (const segment of decoded) stamps.push(await segmentStamp(segment.url).catch(() => NaN));
    const ends = (segment: SeenSegment, start: number) =>
      segment.seenAt - start - segment.duration * 1000;
    return {
      name,
      targetDuration,
      segments: seen.length,
      pdtPastEnd: seen.map((segment) => ends(segment, segment.programDateTime)),
      truePastEnd: decoded.map((segment, i) => ends(segment, stamps[i]!)),
      pdtAhead: decoded.map((segment, i) => segment.programDateTime - stamps[i]!),
      durations: seen.map((segment) => segment.duration),
    };
  };
  /** The bare chain's playlist lists `count` segments. */
  const waitForSegments = async (folder: string, count: number) => {
    const deadline = Date.now() + 40_000;
    for (;;) {
      const text = await readFile(path.join(folder, 'index.m3u8'), 'utf8').catch(() => '');
      if (parseMediaPlaylist(text).segments.length >= count) return;
      if (Date.now() > deadline) throw new Error(`${folder}: fewer than ${count} segments`);
      await sleep(200);
    }
  };

  nginx = await startLiveNginx(path.join(tmp, 'nginx'), hlsRoot, {
    staticPort,
    cachePort,
    plateauPort: port,
  });
  const staticOrigin = `http://127.0.0.1:${staticPort}`;

  /** A viewer of Plateau's master playlist and one of the bare chain in `folder`, at once. */
  const glassOfBoth = (folder: string, config = liveHlsConfig as Record<string, unknown>) => {
    const bare = `/${path.basename(folder)}/index.m3u8`;
    return Promise.all([
      measureGlassToGlass(
        browser!,
        origin,
        `${livePath}/master.m3u8`,
        variantPath('source'),
        TIMES.warmUp,
        TIMES.glass,
        config,
      ),
      measureGlassToGlass(browser!, staticOrigin, bare, bare, TIMES.warmUp, TIMES.glass, config),
    ]);
  };

  /**
   * Glass-to-glass through Plateau and through the bare chain at once, from one stamped
   * encoder (tee): both pages join once each playlist holds 5 segments, as a viewer joining a
   * live in progress (hls.js then starts 3 target durations from the end).
   */
  const glassSideBySide = async (ladder: string, variants: string[]) => {
    browser ??= await launchChromium();
    const folder = path.join(hlsRoot, `bare-${glassRows.length}`);
    mkdirSync(folder, { recursive: true });
    log(`glass-to-glass, ${ladder}: one stamped encoder -> Plateau (RTMP) and -> bare HLS files`);
    const encoder = publish(stampedToRtmpAndHls(rtmpUrl, folder));
    await waitForFreshLive(variants);
    await sleep(JOIN_AFTER_MS);
    await waitForSegments(folder, 5);
    const plateauWatches = variants.map((variant) => ({
      variant,
      stop: watch(`${origin}${variantPath(variant)}`),
    }));
    const bareWatch = watch(`${staticOrigin}/${path.basename(folder)}/index.m3u8`);
    const [plateauGlass, bareGlass] = await glassOfBoth(folder);
    const load = loadAverage();
    const plateauLags = [];
    for (const { variant, stop } of plateauWatches) plateauLags.push(await lagOf(variant, stop));
    const bareLag = await lagOf('index', bareWatch);
    await unpublish(encoder);
    glassRows.push(
      {
        name: `Plateau, ${ladder}, master playlist`,
        result: plateauGlass,
        lags: plateauLags,
        load,
      },
      {
        name: 'bare: same encoder -> HLS files (2 s) -> nginx, same moment',
        result: bareGlass,
        lags: [bareLag],
        load,
      },
    );
  };

  /** The bare chain alone with 1 s segments (GOP 30): the brief's ~3.7 s. */
  const glassBareOneSecond = async () => {
    browser ??= await launchChromium();
    const folder = path.join(hlsRoot, 'bare-1s');
    mkdirSync(folder, { recursive: true });
    log('glass-to-glass, bare chain alone, 1 s segments');
    const encoder = publish(stampedToHls(folder, 1));
    await waitForSegments(folder, 6);
    const bareWatch = watch(`${staticOrigin}/bare-1s/index.m3u8`);
    const result = await measureGlassToGlass(
      browser,
      staticOrigin,
      '/bare-1s/index.m3u8',
      '/bare-1s/index.m3u8',
      TIMES.warmUp,
      TIMES.glass,
    );
    const load = loadAverage();
    const lag = await lagOf('index', bareWatch);
    await unpublish(encoder);
    glassRows.push({
      name: 'bare alone: encoder -> HLS files (1 s, GOP 30) -> nginx',
      result,
      lags: [lag],
      load,
    });
  };

  /** CPU of the server and its ffmpeg while the pre-encoded file is published. */
  const measureLive = async (name: string, variants: string[]) => {
    const looped = publish(loopedToRtmp(PRE_ENCODED, rtmpUrl));
    await waitForFreshLive(variants);
    await sleep(5000);
    log(`CPU, ${name}: ${TIMES.cpu} s`);
    const cpu = await measureCpu(plateau!.pid, TIMES.cpu);
    const ffmpegPid = ffmpegNaming(path.join(tmp, 'data'))[0];
    cpuRows.push({
      name,
      cpu,
      rssMb: memoryMb(plateau!.pid).rss,
      ffmpegRssMb: ffmpegPid ? memoryMb(ffmpegPid).rss : Number.NaN,
      load: loadAverage(),
    });
    return looped;
  };

  /**
   * One stamped encoder from the start: Plateau and the bare chain measured for a viewer who
   * joins `JOINS_AT[0]` s after it started and again for one who joins at `JOINS_AT[1]` s.
   * The first part's first segment (x264 warming up) is still listed for the second.
   */
  const glassJoins = async (variants: string[], low: boolean) => {
    browser ??= await launchChromium();
    const folder = path.join(hlsRoot, 'bare-joins');
    mkdirSync(folder, { recursive: true });
    const segmentSeconds = low ? 1 : 2;
    if (low) {
      await api(origin, `/api/directs/${direct.id}/broadcast`, {
        method: 'PUT',
        token: geek,
        body: JSON.stringify({ lowLatency: true }),
      });
    }
    const config = low ? lowLatencyHlsConfig : liveHlsConfig;
    const mode = low ? 'Plateau « Latence faible »' : 'Plateau';
    const encoder = publish(stampedToRtmpAndHls(rtmpUrl, folder, segmentSeconds));
    const started = Date.now();
    for (const at of JOINS_AT) {
      await sleep(started + at * 1000 - Date.now());
      if (at === JOINS_AT[0]) await waitForFreshLive(variants);
      log(`glass-to-glass, a viewer joining ${at} s after the encoder started`);
      const [plateauGlass, bareGlass] = await glassOfBoth(folder, config);
      const load = loadAverage();
      glassRows.push(
        { name: `${mode}, joining ${at} s after the start`, result: plateauGlass, lags: [], load },
        {
          name: `bare (${segmentSeconds} s), joining ${at} s after the start`,
          result: bareGlass,
          lags: [],
          load,
        },
      );
    }
    await unpublish(encoder);
    // The encoder cuts and comes back within the grace: the live goes on in a new part.
    await sleep(RECONNECT_AFTER_MS);
    const reconnectFolder = path.join(hlsRoot, 'bare-reconnect');
    mkdirSync(reconnectFolder, { recursive: true });
    const again = publish(stampedToRtmpAndHls(rtmpUrl, reconnectFolder, segmentSeconds));
    await sleep(JOINS_AT[0]! * 1000);
    await waitForFreshLive(variants);
    log(`glass-to-glass, a viewer joining ${JOINS_AT[0]} s after a reconnect`);
    const [plateauGlass, bareGlass] = await glassOfBoth(reconnectFolder, config);
    const load = loadAverage();
    glassRows.push(
      {
        name: `${mode}, joining ${JOINS_AT[0]} s after a reconnect`,
        result: plateauGlass,
        lags: [],
        load,
      },
      {
        name: `bare (${segmentSeconds} s), its encoder restarted ${JOINS_AT[0]} s before`,
        result: bareGlass,
        lags: [],
        load,
      },
    );
    await unpublish(again);
  };

  /** 500 low-latency players on a live published from the pre-encoded file (1 s keyframes). */
  const lowLatencyViewers = async (variants: string[]) => {
    await closeBrowser();
    await api(origin, `/api/directs/${direct.id}/broadcast`, {
      method: 'PUT',
      token: geek,
      body: JSON.stringify({ lowLatency: true }),
    });
    await ensurePreEncoded(PRE_ENCODED_LOW_LATENCY, PRE_ENCODED_SECONDS, 30);
    const looped = publish(loopedToRtmp(PRE_ENCODED_LOW_LATENCY, rtmpUrl));
    await waitForFreshLive(variants);
    await sleep(5000);
    log(`${VIEWERS} low-latency viewers on Plateau, ${TIMES.viewers} s`);
    const during = cpuWindow(plateau!.pid);
    const result = await runLowLatencyViewers({
      origin,
      playlist: (variant) => `${livePath}/${variant}/ll.m3u8`,
      variants,
      viewers: VIEWERS,
      seconds: TIMES.viewers,
    });
    const cpu = during();
    lowLatencyRows.push({ result, cpu, load: loadAverage() });
    // The reference, same live, same moment: as many standard players of its segments.
    log(`${VIEWERS} standard viewers of the same live, ${TIMES.reference} s`);
    const standardWindow = cpuWindow(plateau!.pid);
    const standard = await runViewers({
      origin,
      playlist: variantPath,
      variants,
      viewers: VIEWERS,
      seconds: TIMES.reference,
      ownAddresses: true,
    });
    const standardCpu = standardWindow();
    loadRows.push({
      name: 'Plateau, the same « Latence faible » live read by standard players (reference)',
      result: standard,
      cpu: `Plateau ${standardCpu.ownPerMinute.toFixed(1)} + ffmpeg ${standardCpu.childrenPerMinute.toFixed(1)}`,
      servingPerMinute: standardCpu.ownPerMinute,
      note: '',
      load: loadAverage(),
    });
    await unpublish(looped);
  };
  if (joins || lowLatency) {
    if (!viewersOnly) await glassJoins(['source', '480p'], lowLatency);
    if (lowLatency) await lowLatencyViewers(['source', '480p']);
    return;
  }

  // (1) Glass-to-glass, default ladder, against the bare chain at the same moment; 1 s bare.
  await glassSideBySide('LIVE_LADDER default', ['source', '480p']);
  if (oneSecond) await glassBareOneSecond();
  await closeBrowser();

  // (2) CPU per live, default ladder.
  const looped = await measureLive('LIVE_LADDER default ("480": source copied + 480p)', [
    'source',
    '480p',
  ]);

  // (3) 500 viewers on Plateau while it transcodes.
  log(`${VIEWERS} viewers on Plateau, ${TIMES.viewers} s`);
  let shown = Number.NaN;
  const during = cpuWindow(plateau.pid);
  const onPlateau = await runViewers({
    origin,
    playlist: variantPath,
    variants: ['source', '480p'],
    viewers: VIEWERS,
    seconds: TIMES.viewers,
    ownAddresses: true,
    halfway: async () => {
      shown = (await api(origin, `/api/directs/${direct.id}/live`)).viewers;
    },
  });
  const plateauCpu = during();
  const playlistKb = (await (await fetch(`${origin}${variantPath('source')}`)).text()).length / 1e3;
  loadRows.push({
    name: 'Plateau, live transcoded (source + 480p), public direct',
    result: onPlateau,
    cpu: `Plateau ${plateauCpu.ownPerMinute.toFixed(1)} + ffmpeg ${plateauCpu.childrenPerMinute.toFixed(1)}`,
    servingPerMinute: plateauCpu.ownPerMinute,
    note: `"viewers" shown at half time: ${shown}; source playlist ${playlistKb.toFixed(1)} kB at the end`,
    load: loadAverage(),
  });

  // (4) The same viewers through nginx's cache in front of Plateau (the README's snippet).
  log(`${VIEWERS} viewers through nginx proxy_cache -> Plateau, ${TIMES.reference} s`);
  const nginxCpu = () => nginx!.pids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const cachedBefore = nginxCpu();
  const cachedWindow = cpuWindow(plateau.pid);
  const cached = await runViewers({
    origin: `http://127.0.0.1:${cachePort}`,
    playlist: variantPath,
    variants: ['source', '480p'],
    viewers: VIEWERS,
    seconds: TIMES.reference,
    ownAddresses: true,
  });
  const cachedPlateau = cachedWindow();
  const cachedNginx = ((nginxCpu() - cachedBefore) * 60) / cached.seconds;
  const statuses = [...cached.cache].map(([status, n]) => `${status} ${n}`).join(', ');
  loadRows.push({
    name: 'nginx proxy_cache in front of Plateau (same live, transcoded)',
    result: cached,
    cpu: `nginx ${cachedNginx.toFixed(1)}, Plateau ${cachedPlateau.ownPerMinute.toFixed(1)} + ffmpeg ${cachedPlateau.childrenPerMinute.toFixed(1)}`,
    servingPerMinute: cachedNginx + cachedPlateau.ownPerMinute,
    note: `cache: ${statuses}`,
    load: loadAverage(),
  });
  await unpublish(looped);

  // (5) The reference: nginx serving a replayed copy of the same segments, nothing encoded.
  const lives = path.join(tmp, 'data/media/lives', String(direct.id));
  const hlsFolder = path.join(lives, readdirSync(lives)[0]!, 'hls');
  const replay = startReplay(hlsFolder, path.join(hlsRoot, 'replay'), ['source', '480p']);
  log(`${VIEWERS} viewers on nginx, replayed copy, ${TIMES.reference} s`);
  const staticBefore = nginxCpu();
  const onNginx = await runViewers({
    origin: staticOrigin,
    playlist: (variant) => `/replay/${variant}/index.m3u8`,
    variants: ['source', '480p'],
    viewers: VIEWERS,
    seconds: TIMES.reference,
    ownAddresses: true,
  });
  const staticCpu = ((nginxCpu() - staticBefore) * 60) / onNginx.seconds;
  replay.stop();
  loadRows.push({
    name: 'nginx alone, static replay of the same segments (no live, no encode)',
    result: onNginx,
    cpu: `nginx ${staticCpu.toFixed(1)}`,
    servingPerMinute: staticCpu,
    note: replay.left() > 0 ? '' : 'the copy ran out before the end',
    load: loadAverage(),
  });

  // (6) The source alone: latency against the bare chain again, then CPU.
  log('restarting Plateau with LIVE_LADDER=""');
  await plateau.stop();
  plateau = await startPlateau({ ...env, LIVE_LADDER: '' });
  await glassSideBySide('LIVE_LADDER=""', ['source']);
  await closeBrowser();
  const sourceOnly = await measureLive('LIVE_LADDER="" (source copied only)', ['source']);
  await unpublish(sourceOnly);

  // (7) The playlist at the end of a long live (the DVR window, 2 h by default), read again by
  // every player every 2 s: the live is reconnecting, its playlist still served.
  for (let i = 0; i < 50 && ffmpegNaming(path.join(tmp, 'data')).length > 0; i += 1) {
    await sleep(200);
  }
  const playlistFile = path.join(hlsFolder, 'source', 'index.m3u8');
  const original = await readFile(playlistFile, 'utf8');
  const entries = original.split('\n');
  const head = entries.slice(
    0,
    entries.findIndex((line) => line.startsWith('#EXTINF')),
  );
  const listed = parseMediaPlaylist(original).segments;
  const dvrSegments = Math.ceil(DVR_SECONDS / 2);
  const long = [
    ...head,
    ...Array.from({ length: dvrSegments }, (_, i) => {
      const segment = listed[i % listed.length]!;
      const pdt = new Date(Date.now() - (dvrSegments - i) * 2000).toISOString();
      return `#EXTINF:2.000000,\n#EXT-X-PROGRAM-DATE-TIME:${pdt}\n${segment.uri}`;
    }),
    '',
  ].join('\n');
  await writeFile(`${playlistFile}.tmp`, long);
  await rename(`${playlistFile}.tmp`, playlistFile);
  for (const [name, query] of [
    ['no token', ''],
    ['`?token=` (signed-in viewer)', `?token=${encodeURIComponent(geek)}`],
  ] as const) {
    const times: number[] = [];
    let body = Buffer.alloc(0);
    for (let i = 0; i < DVR_READS; i += 1) {
      const started = performance.now();
      const response = await fetch(`${plateau.origin}${variantPath('source')}${query}`);
      body = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw new Error(`long playlist: ${response.status}`);
      times.push(performance.now() - started);
    }
    dvrRows.push({
      name,
      segments: dvrSegments,
      bytes: body.length,
      gzipBytes: gzipSync(body).length,
      times,
    });
  }
  await writeFile(playlistFile, original);
};

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');
/** p50 / p99 of a list of ms, for a table cell. */
const p50p99 = (values: number[]) => `${ms(quantile(values, 0.5))} / ${ms(quantile(values, 0.99))}`;
const seconds = (value: number) => (Number.isFinite(value) ? (value / 1000).toFixed(2) : '-');

const print = () => {
  console.log(
    `\n### bench:live, ${new Date().toISOString()}${quick ? ' (--quick)' : ''}${oneSecond ? ' (--one-second)' : ''}${joins ? ' (--joins)' : ''}${lowLatency ? ' (--low-latency)' : ''}`,
  );
  console.log(
    `\n${os.cpus().length} CPUs; load average at the start ${loadAtStart}, at the end ${loadAverage()}.`,
  );
  console.log(
    `\n**Glass-to-glass** (headless Chromium, hls.js ${TIMES.warmUp} s after its first frame, then ${TIMES.glass} s of frames; target ≤ 6 s):\n`,
  );
  console.log(
    '| chain | median s | p10 s | p90 s | frames kept | heights played (frames) | hls.js latency / target s | drawn clock rate | stalls | load |',
  );
  console.log('|---|--:|--:|--:|--:|---|---|--:|---|---|');
  for (const { name, result, load } of glassRows) {
    const heights = [...result.heights]
      .sort((a, b) => b[0] - a[0])
      .map(([height, frames]) => `${height}p ${frames}`)
      .join(', ');
    const errors =
      result.errors.length > 0 ? ` (hls.js: ${[...new Set(result.errors)].join(', ')})` : '';
    console.log(
      `| ${name} | ${seconds(quantile(result.latencies, 0.5))} | ${seconds(quantile(result.latencies, 0.1))} | ${seconds(quantile(result.latencies, 0.9))} | ${result.latencies.length} (${result.unreadable} unreadable, ${result.dropped} dropped) | ${heights} | ${result.hlsLatency.toFixed(2)} / ${result.hlsTarget?.toFixed(2) ?? '-'} | ${result.clockRate.toFixed(3)}${Math.abs(result.clockRate - 1) > 0.02 ? ' (the encoder did not keep real time)' : ''} | ${result.stalls}${errors} | ${load} |`,
    );
  }
  console.log(
    `\n**Newest segment's lag** (its variant playlist read every 200 ms during the same window; "listed after its last frame" = first read that lists it - start - EXTINF, by the segment's EXT-X-PROGRAM-DATE-TIME and by the clock drawn into its first frame (${STAMPED_SEGMENTS} newest segments decoded); medians):\n`,
  );
  console.log(
    '| chain | variant | new segments | TARGETDURATION / EXTINF min-max | listed after its last frame, by PDT s | by the frame clock s | PDT ahead of the frame clock s |',
  );
  console.log('|---|---|--:|---|--:|--:|--:|');
  for (const { name, lags } of glassRows) {
    for (const lag of lags) {
      const range = lag.durations.length
        ? `${Math.min(...lag.durations).toFixed(2)}-${Math.max(...lag.durations).toFixed(2)}`
        : '-';
      console.log(
        `| ${name} | ${lag.name} | ${lag.segments} | ${lag.targetDuration} / ${range} | ${seconds(quantile(lag.pdtPastEnd, 0.5))} | ${seconds(quantile(lag.truePastEnd, 0.5))} | ${seconds(quantile(lag.pdtAhead, 0.5))} |`,
      );
    }
  }
  console.log(
    `\n**CPU per live** (pre-encoded 720p30 3 Mb/s FLV published with \`-re -stream_loop -1 -c copy\`; ${TIMES.cpu} s after 5 s, user+system of the server process and of its ffmpeg child, /proc/PID/stat):\n`,
  );
  console.log(
    '| ladder | Plateau CPU s/min | ffmpeg CPU s/min | total, % of one core | RSS Plateau / ffmpeg MB | load |',
  );
  console.log('|---|--:|--:|--:|---|---|');
  for (const { name, cpu, rssMb, ffmpegRssMb, load } of cpuRows) {
    const total = cpu.ownPerMinute + cpu.childrenPerMinute;
    console.log(
      `| ${name} | ${cpu.ownPerMinute.toFixed(2)} | ${cpu.childrenPerMinute.toFixed(2)} | ${((total / 60) * 100).toFixed(0)} % | ${rssMb.toFixed(0)} / ${ffmpegRssMb.toFixed(0)} | ${load} |`,
    );
  }
  console.log(
    `\n**${VIEWERS} simulated viewers** (loopback, each its own address and keep-alive connection, half on \`source\`, half on \`480p\`; playlist every 2 s, each new segment once, joining 3 segments from the end; request to last byte; "after 10 s": once every viewer has joined; ${TIMES.viewers} s on Plateau, ${TIMES.reference} s for the others; targets: segment p99 < 200 ms, 0 behind):\n`,
  );
  console.log(
    '| server | segments | segment p50 / p95 / p99 ms | after 10 s: p50 / p99 ms | playlist p50 / p99 ms | MB/s | failures | behind (> 2 segments) | CPU s/min during the load (the players: bench process) | serving CPU per request, ms | note | load |',
  );
  console.log('|---|--:|---|---|---|--:|---|--:|---|--:|---|---|');
  for (const { name, result, cpu, servingPerMinute, note, load } of loadRows) {
    const requests = result.segmentMs.length + result.playlistMs.length;
    const perRequest = ((servingPerMinute / 60) * result.seconds * 1000) / requests;
    const s = result.segmentMs;
    const failures = [...result.failures].map(([why, n]) => `${why} x${n}`).join(', ') || '0';
    console.log(
      `| ${name} | ${s.length} | ${ms(quantile(s, 0.5))} / ${ms(quantile(s, 0.95))} / ${ms(quantile(s, 0.99))} | ${ms(quantile(result.steadySegmentMs, 0.5))} / ${ms(quantile(result.steadySegmentMs, 0.99))} | ${ms(quantile(result.playlistMs, 0.5))} / ${ms(quantile(result.playlistMs, 0.99))} | ${(result.segmentBytes / 1e6 / result.seconds).toFixed(0)} | ${failures} | ${result.behind} (worst gap ${result.worstGap}) | ${cpu} (players ${result.clientCpuPerMinute.toFixed(1)}) | ${perRequest.toFixed(2)} | ${note} | ${load} |`,
    );
  }
};

const printLowLatencyViewers = () => {
  if (lowLatencyRows.length === 0) return;
  console.log(
    `\n**${VIEWERS} low-latency viewers** (loopback, each its own address and keep-alive connection, half on \`source\`, half on \`480p\`; each holds a blocking reload \`_HLS_msn\`/\`_HLS_part\`/\`_HLS_skip=YES\` and fetches every new part, starting 3 parts from the edge; the live published from a pre-encoded 720p file with 1 s keyframes; ${TIMES.viewers} s; targets: part p99 < 200 ms, reloads answered within 50 ms of their part, 0 behind):\n`,
  );
  console.log(
    '| parts fetched | part p50 / p99 ms | blocking reload held p50 / p99 ms | answered after the first viewer of the same part p50 / p99 / max ms | MB/s | failures | behind (> 3 parts) | Plateau CPU s/min | ffmpeg CPU s/min | players (bench) CPU s/min | load |',
  );
  console.log('|--:|---|---|---|--:|---|--:|--:|--:|--:|---|');
  for (const { result, cpu, load } of lowLatencyRows) {
    const failures = [...result.failures].map(([why, n]) => `${why} x${n}`).join(', ') || '0';
    const spread = result.answerSpreadMs;
    console.log(
      `| ${result.partMs.length} | ${p50p99(result.partMs)} | ${p50p99(result.holdMs)} | ${p50p99(spread)} / ${ms(Math.max(...spread))} | ${(result.partBytes / 1e6 / result.seconds).toFixed(1)} | ${failures} | ${result.behind} (worst gap ${result.worstGapParts}) | ${cpu.ownPerMinute.toFixed(1)} | ${cpu.childrenPerMinute.toFixed(1)} | ${result.clientCpuPerMinute.toFixed(1)} | ${load} |`,
    );
  }
};

const printDvr = () => {
  console.log(
    `\n**The playlist of a long live** (LIVE_DVR_SECONDS default ${DVR_SECONDS} s: the source playlist rewritten with ${Math.ceil(DVR_SECONDS / 2)} entries while the live reconnects; ${DVR_READS} sequential reads from the bench, one connection):\n`,
  );
  console.log('| read | entries | kB per answer | gzipped kB | p50 ms | p99 ms |');
  console.log('|---|--:|--:|--:|--:|--:|');
  for (const { name, segments, bytes, gzipBytes, times } of dvrRows) {
    console.log(
      `| ${name} | ${segments} | ${(bytes / 1e3).toFixed(0)} | ${(gzipBytes / 1e3).toFixed(0)} | ${quantile(times, 0.5).toFixed(1)} | ${quantile(times, 0.99).toFixed(1)} |`,
    );
  }
};

try {
  await main();
  print();
  printLowLatencyViewers();
  if (!joins && !lowLatency) printDvr();
} finally {
  await cleanUp();
}
