import http from 'node:http';

/**
 * One simulated player's request, on its own keep-alive connection and loopback address:
 * shared by the standard players (`viewers.ts`) and the low-latency ones
 * (`low-latency-viewers.ts`).
 */

const REQUEST_TIMEOUT_MS = 10_000;

export interface Answer {
  status: number;
  body: Buffer | null;
  bytes: number;
  /** performance.now() when asked, and at the last byte. */
  sentAt: number;
  at: number;
  /** Request start to last byte, ms. */
  ms: number;
  cache?: string;
}

/** One GET on the viewer's own keep-alive connection; the body is kept only when asked. */
export const get = (url: URL, agent: http.Agent, localAddress: string | undefined, keep: boolean) =>
  new Promise<Answer>((resolve, reject) => {
    const sentAt = performance.now();
    const request = http.get(
      url,
      { agent, localAddress, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (keep) chunks.push(chunk);
        });
        response.on('end', () => {
          const at = performance.now();
          resolve({
            status: response.statusCode ?? 0,
            body: keep ? Buffer.concat(chunks) : null,
            bytes,
            sentAt,
            at,
            ms: at - sentAt,
            cache: response.headers['x-cache-status'] as string | undefined,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });

/** Viewer `index`'s own loopback address (127.0.1.1, 127.0.1.2...), as people have. */
export const addressOf = (index: number) =>
  `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`;

/**
 * What every simulated load keeps: failures by cause, its deadline, each viewer's variant and
 * newest fetched item, and the players' own CPU per minute at the end.
 */
export const startPlayers = (load: { variants: string[]; seconds: number }) => {
  const failures = new Map<string, number>();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  return {
    failures,
    started,
    deadline: started + load.seconds * 1000,
    newestFetched: [] as number[],
    fail: (why: string) => failures.set(why, (failures.get(why) ?? 0) + 1),
    variantOf: (index: number) => load.variants[index % load.variants.length]!,
    /** Seconds since the start, and the players' CPU seconds per minute meanwhile. */
    finish() {
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      return { seconds, clientCpuPerMinute: ((cpu.user + cpu.system) / 1e6 / seconds) * 60 };
    },
  };
};
