import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { addressOf, get, startPlayers } from './viewer-request.ts';

/**
 * Simulated low-latency players (issue 33, point 3): each holds a blocking playlist reload
 * (`_HLS_msn`/`_HLS_part`, delta updates) on its own keep-alive connection and fetches every
 * new part as the answer lists it, as hls.js does in low-latency mode.
 */

export interface LowLatencyLoad {
  origin: string;
  /** The variant's low-latency playlist path. */
  playlist: (variant: string) => string;
  variants: string[];
  viewers: number;
  seconds: number;
}

export interface LowLatencyLoadResult {
  /** Part request to last byte, ms (once every viewer has joined). */
  partMs: number[];
  /** Blocking reload, request to answer, ms. */
  holdMs: number[];
  /**
   * For the reloads that were waiting when the part they asked for appeared: how long after
   * the first viewer's answer for the same part each got its own, ms.
   */
  answerSpreadMs: number[];
  partBytes: number;
  failures: Map<string, number>;
  /** Viewers whose newest part is more than 3 parts (about 1 s) behind the newest listed. */
  behind: number;
  worstGapParts: number;
  seconds: number;
  clientCpuPerMinute: number;
}

interface ListedPart {
  uri: string;
  /** The part's number through the live, from its name (`ll-<run>-p<n>.m4s`). */
  number: number;
}

interface LowLatencyPlaylist {
  parts: ListedPart[];
  /** What to ask next: the part after the newest listed. */
  next: { msn: number; part: number };
  map: string | undefined;
}

const partNumber = (uri: string) => Number(/-p(\d+)\.m4s$/.exec(uri)?.[1] ?? Number.NaN);

/** The tags of a low-latency media playlist a player needs to follow its edge. */
export const parseLowLatencyPlaylist = (text: string): LowLatencyPlaylist => {
  let msn = 0;
  let partsInSegment = 0;
  let map: string | undefined;
  const parts: ListedPart[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) msn = Number(line.slice(22));
    else if (line.startsWith('#EXT-X-SKIP:')) {
      msn += Number(/SKIPPED-SEGMENTS=(\d+)/.exec(line)?.[1] ?? 0);
    } else if (line.startsWith('#EXT-X-MAP:')) map = /URI="([^"]+)"/.exec(line)?.[1];
    else if (line.startsWith('#EXT-X-PART:')) {
      const uri = /URI="([^"]+)"/.exec(line)![1]!;
      parts.push({ uri, number: partNumber(uri) });
      partsInSegment += 1;
    } else if (line && !line.startsWith('#')) {
      msn += 1;
      partsInSegment = 0;
    }
  }
  return { parts, next: { msn, part: partsInSegment }, map };
};

/** The newest part's number in a playlist. */
export const newestPart = (text: string) =>
  parseLowLatencyPlaylist(text).parts.at(-1)?.number ?? Number.NaN;

/** Joins are spread over the first 2 s; steady after this. */
const STEADY_AFTER_MS = 5_000;
/** PART-HOLD-BACK: a new player starts three parts from the edge. */
const START_PARTS = 3;

export const runLowLatencyViewers = async (load: LowLatencyLoad): Promise<LowLatencyLoadResult> => {
  const partMs: number[] = [];
  const holdMs: number[] = [];
  /** Per variant and asked part: each waiting reload's send and answer times. */
  const answers = new Map<string, { sentAt: number; at: number }[]>();
  let partBytes = 0;
  const { failures, fail, started, deadline, newestFetched, variantOf, finish } =
    startPlayers(load);

  const viewer = async (index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const localAddress = addressOf(index);
    const variant = variantOf(index);
    const playlistUrl = new URL(load.playlist(variant), load.origin);
    let newest = Number.NaN;
    let map: string | undefined;
    try {
      await sleep(Math.random() * 2000);
      let asked: { msn: number; part: number } | undefined;
      while (performance.now() < deadline) {
        const url = new URL(playlistUrl);
        if (asked) {
          url.searchParams.set('_HLS_msn', String(asked.msn));
          url.searchParams.set('_HLS_part', String(asked.part));
          url.searchParams.set('_HLS_skip', 'YES');
        }
        try {
          const answer = await get(url, agent, localAddress, true);
          if (answer.status !== 200) {
            fail(String(answer.status));
            await sleep(300);
            continue;
          }
          if (asked) {
            holdMs.push(answer.at - answer.sentAt);
            const key = `${variant} ${asked.msn}.${asked.part}`;
            const list = answers.get(key) ?? [];
            list.push({ sentAt: answer.sentAt, at: answer.at });
            answers.set(key, list);
          }
          const playlist = parseLowLatencyPlaylist(answer.body!.toString('utf8'));
          asked = playlist.next;
          if (playlist.map && playlist.map !== map) {
            map = playlist.map;
            const init = await get(new URL(map, playlistUrl), agent, localAddress, false);
            if (init.status !== 200) fail(`init ${init.status}`);
          }
          const fresh = Number.isNaN(newest)
            ? playlist.parts.slice(-START_PARTS)
            : playlist.parts.filter((part) => part.number > newest);
          for (const part of fresh) {
            const fetched = await get(new URL(part.uri, playlistUrl), agent, localAddress, false);
            if (fetched.status !== 200) {
              fail(`part ${fetched.status}`);
              continue;
            }
            if (fetched.sentAt - started > STEADY_AFTER_MS) {
              partMs.push(fetched.at - fetched.sentAt);
            }
            partBytes += fetched.bytes;
            newest = part.number;
            newestFetched[index] = newest;
          }
        } catch (error) {
          fail((error as NodeJS.ErrnoException).code ?? (error as Error).message);
          await sleep(300);
        }
      }
    } finally {
      agent.destroy();
    }
  };

  await Promise.all(Array.from({ length: load.viewers }, (_, i) => viewer(i)));
  const { seconds, clientCpuPerMinute } = finish();

  const answerSpreadMs: number[] = [];
  for (const list of answers.values()) {
    const first = Math.min(...list.map((answer) => answer.at));
    for (const answer of list) if (answer.sentAt < first) answerSpreadMs.push(answer.at - first);
  }
  const newestListed = new Map<string, number>();
  for (const variant of new Set(load.variants)) {
    const response = await fetch(new URL(load.playlist(variant), load.origin));
    newestListed.set(variant, newestPart(await response.text()));
  }
  let behind = 0;
  let worstGapParts = 0;
  for (let index = 0; index < load.viewers; index += 1) {
    const gap = newestListed.get(variantOf(index))! - (newestFetched[index] ?? Number.NaN);
    const counted = Number.isNaN(gap) ? Number.POSITIVE_INFINITY : gap;
    worstGapParts = Math.max(worstGapParts, counted);
    if (counted > START_PARTS) behind += 1;
  }
  return {
    partMs,
    holdMs,
    answerSpreadMs,
    partBytes,
    failures,
    behind,
    worstGapParts,
    seconds,
    clientCpuPerMinute,
  };
};
