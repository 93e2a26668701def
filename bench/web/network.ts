import type { CDPSession } from 'playwright-core';

/** One chunk of received bytes, on the wall clock (epoch ms), with its request's CDP type. */
interface Chunk {
  at: number;
  bytes: number;
  type: string;
}

export interface ByteLog {
  /** Bytes received (encoded, headers included) up to `untilEpochMs`. */
  until(untilEpochMs: number): number;
  /** Every byte received so far. */
  total(): number;
  /**
   * The highest rate seen over any `windowMs` (bytes/s), of the requests whose CDP resource type
   * passes `type` (`Media`: what the `<video src>` fetches itself; `XHR`/`Fetch`: hls.js).
   */
  peakRate(windowMs: number, type?: (type: string) => boolean): number;
  /** URLs asked for and not finished yet (to say what a stuck page waits for). */
  pending(): string[];
}

/**
 * Counts bytes as CDP reports them, each chunk stamped on the wall clock (CDP's monotonic
 * timestamps shifted by the offset its requestWillBeSent events carry), to keep only what came
 * before a moment, or to find the fastest stretch (is the throttling real?).
 */
export const recordBytes = async (cdp: CDPSession): Promise<ByteLog> => {
  const chunks: Chunk[] = [];
  const types = new Map<string, string>();
  const open = new Map<string, string>();
  let offset: number | undefined;
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    offset ??= event.wallTime - event.timestamp;
    types.set(event.requestId, event.type ?? 'Other');
    open.set(event.requestId, event.request.url);
  });
  cdp.on('Network.loadingFinished', (event) => open.delete(event.requestId));
  cdp.on('Network.loadingFailed', (event) => open.delete(event.requestId));
  const stamp = (timestamp: number) => (offset === undefined ? NaN : (timestamp + offset) * 1000);
  cdp.on('Network.dataReceived', (event) => {
    const type = types.get(event.requestId) ?? 'Other';
    chunks.push({ at: stamp(event.timestamp), bytes: event.encodedDataLength, type });
  });
  cdp.on('Network.responseReceived', (event) => {
    // Headers count too; data chunks report only the body.
    const headers = Object.entries(event.response.headers).reduce(
      (sum, [name, value]) => sum + name.length + String(value).length + 4,
      0,
    );
    chunks.push({ at: stamp(event.timestamp), bytes: headers, type: event.type });
  });
  const sum = (list: Chunk[]) => list.reduce((total, { bytes }) => total + bytes, 0);
  return {
    until: (untilEpochMs) => sum(chunks.filter(({ at }) => at <= untilEpochMs)),
    total: () => sum(chunks),
    pending: () => [...open.values()],
    peakRate: (windowMs, type = () => true) => {
      const kept = chunks.filter((chunk) => type(chunk.type)).sort((a, b) => a.at - b.at);
      let best = 0;
      let start = 0;
      let inWindow = 0;
      // A sliding window over the sorted chunks: add the newest, drop what fell out.
      for (const chunk of kept) {
        inWindow += chunk.bytes;
        while (kept[start]!.at < chunk.at - windowMs) inWindow -= kept[start++]!.bytes;
        best = Math.max(best, inWindow);
      }
      return best / (windowMs / 1000);
    },
  };
};

/** A weak link, as Chromium emulates it (kbit/s = 1000 bit/s). */
export interface LinkProfile {
  name: string;
  downKbps: number;
  upKbps: number;
  latencyMs: number;
}

/** Issue 21's weak links: DevTools' "slow 4G" and a link at a third of it. */
export const weakLinks: LinkProfile[] = [
  { name: 'slow 4G (1.6 Mbit/s, 150 ms)', downKbps: 1600, upKbps: 750, latencyMs: 150 },
  { name: '0.5 Mbit/s, 300 ms', downKbps: 500, upKbps: 250, latencyMs: 300 },
];

/**
 * Throttles everything this page's target fetches: its documents and scripts, hls.js's XHRs and
 * the media element's own range requests (Chromium applies the target's conditions in the
 * network service, whatever the requester; bench:web checks it with each run's peak rate).
 * The deprecated whole-target command, not `emulateNetworkConditionsByRule`, because it also
 * sets `navigator.connection.downlink`, which the player's Auto reads as a real link's.
 */
export const emulateLink = (cdp: CDPSession, link: LinkProfile) =>
  cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: link.latencyMs,
    downloadThroughput: (link.downKbps * 1000) / 8,
    uploadThroughput: (link.upKbps * 1000) / 8,
    connectionType: 'cellular4g',
  });
