import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { addressOf, get, startPlayers, type Answer } from './viewer-request.ts';
import { parseMediaPlaylist } from './hls.ts';

export interface ViewerLoad {
  /** e.g. http://127.0.0.1:8080 */
  origin: string;
  /** The variant playlist's path for a variant name. */
  playlist: (variant: string) => string;
  /** Viewer i plays variants[i % variants.length]. */
  variants: string[];
  viewers: number;
  seconds: number;
  /** Each viewer from its own loopback address (127.0.1.1, 127.0.1.2...), as people are. */
  ownAddresses: boolean;
  /** Called halfway through (while every viewer plays). */
  halfway?: () => Promise<void>;
}

export interface ViewerLoadResult {
  /** Request start to last byte, ms. */
  segmentMs: number[];
  /** The same, for the segments asked once every viewer has joined and caught up (after 10 s). */
  steadySegmentMs: number[];
  playlistMs: number[];
  segmentBytes: number;
  /** Non-200 answers and failures, by status or error code. */
  failures: Map<string, number>;
  /** Viewers whose newest segment is more than 2 behind the playlist's newest at the end. */
  behind: number;
  /** The largest such gap, in segments. */
  worstGap: number;
  /** `x-cache-status` answers counted (a cache in front), by value. */
  cache: Map<string, number>;
  seconds: number;
  /** CPU seconds per minute of this process (the simulated players) during the load. */
  clientCpuPerMinute: number;
}

/** Joins are spread over the first 2 s, each new viewer fetches 3 segments: steady after this. */
const STEADY_AFTER_MS = 10_000;
/** Like hls.js: a live player asks for its playlist again every target duration. */
const RELOAD_MS = 2_000;
/** Like hls.js's liveSyncDurationCount: a new viewer starts 3 segments from the end. */
const START_SEGMENTS = 3;

/**
 * `viewers` simulated players on loopback: each asks for its variant playlist every 2 s and
 * fetches every segment it has not fetched yet, one request at a time on its own keep-alive
 * connection, joining at a random moment of the first 2 s. Stops asking after `seconds`, lets
 * what is in flight finish, then compares each viewer's newest segment with the playlist.
 */
export const runViewers = async (load: ViewerLoad): Promise<ViewerLoadResult> => {
  const segmentMs: number[] = [];
  const steadySegmentMs: number[] = [];
  const playlistMs: number[] = [];
  const cache = new Map<string, number>();
  let segmentBytes = 0;
  const count = (answer: Answer) => {
    if (answer.cache) cache.set(answer.cache, (cache.get(answer.cache) ?? 0) + 1);
    if (answer.status !== 200) fail(String(answer.status));
    return answer.status === 200;
  };
  const { failures, fail, started, deadline, newestFetched, variantOf, finish } =
    startPlayers(load);

  const viewer = async (index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const localAddress = load.ownAddresses ? addressOf(index) : undefined;
    const playlistUrl = new URL(load.playlist(variantOf(index)), load.origin);
    let newest = -1;
    newestFetched[index] = -1;
    try {
      await sleep(Math.random() * RELOAD_MS);
      while (performance.now() < deadline) {
        const tick = performance.now();
        try {
          const answer = await get(playlistUrl, agent, localAddress, true);
          playlistMs.push(answer.ms);
          if (count(answer)) {
            const { segments } = parseMediaPlaylist(answer.body!.toString('utf8'));
            const from = newest < 0 ? segments.length - START_SEGMENTS : 0;
            for (const segment of segments.slice(Math.max(0, from))) {
              if (segment.sequence <= newest) continue;
              if (performance.now() >= deadline) break;
              const fetched = await get(
                new URL(segment.uri, playlistUrl),
                agent,
                localAddress,
                false,
              );
              if (!count(fetched)) continue;
              segmentMs.push(fetched.ms);
              if (performance.now() - started > STEADY_AFTER_MS) steadySegmentMs.push(fetched.ms);
              segmentBytes += fetched.bytes;
              newest = segment.sequence;
              newestFetched[index] = newest;
            }
          }
        } catch (error) {
          fail((error as NodeJS.ErrnoException).code ?? (error as Error).message);
        }
        await sleep(Math.max(0, tick + RELOAD_MS - performance.now()));
      }
    } finally {
      agent.destroy();
    }
  };

  const halfway = load.halfway
    ? sleep((load.seconds * 1000) / 2).then(() => load.halfway!())
    : Promise.resolve();
  await Promise.all([...Array.from({ length: load.viewers }, (_, i) => viewer(i)), halfway]);
  const { seconds, clientCpuPerMinute } = finish();

  const newestListed = new Map<string, number>();
  for (const variant of new Set(load.variants)) {
    const response = await fetch(new URL(load.playlist(variant), load.origin));
    const { segments } = parseMediaPlaylist(await response.text());
    newestListed.set(variant, segments.at(-1)?.sequence ?? -1);
  }
  let behind = 0;
  let worstGap = 0;
  newestFetched.forEach((newest, index) => {
    const gap = newestListed.get(variantOf(index))! - newest;
    worstGap = Math.max(worstGap, gap);
    if (gap > 2) behind += 1;
  });
  return {
    segmentMs,
    steadySegmentMs,
    playlistMs,
    segmentBytes,
    failures,
    behind,
    worstGap,
    cache,
    seconds,
    clientCpuPerMinute,
  };
};
