import autocannon from 'autocannon';
import type { KindResult, MixJob, MixResult } from './mix.ts';

/**
 * The flash crowd, in its own process (forked by `mix.ts`): one autocannon instance per kind of
 * request, all at once on one event loop, each with its share of the connections. Every answer's
 * time is kept by kind (autocannon's 'response' event), so each kind and the whole mix get
 * their own percentiles.
 */
const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const summarise = (
  name: string,
  times: number[],
  statuses: Record<string, number>,
  errors: number,
  timeouts: number,
  seconds: number,
): KindResult => {
  const sorted = Float64Array.from(times).sort();
  const count = (test: (status: number) => boolean) =>
    Object.entries(statuses).reduce((sum, [status, n]) => sum + (test(Number(status)) ? n : 0), 0);
  return {
    name,
    requests: times.length,
    perSecond: times.length / seconds,
    non2xx: count((status) => status < 200 || status >= 300),
    status5xx: count((status) => status >= 500),
    errors,
    timeouts,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length === 0 ? 0 : sorted[sorted.length - 1]!,
  };
};

process.on('message', async (job: MixJob) => {
  try {
    const all: number[] = [];
    const allStatuses: Record<string, number> = {};
    let allErrors = 0;
    let allTimeouts = 0;
    const runs = job.kinds.map(async (kind) => {
      const times: number[] = [];
      const statuses: Record<string, number> = {};
      let errors = 0;
      let timeouts = 0;
      const instance = autocannon({
        url: job.origin,
        connections: kind.connections,
        duration: job.seconds,
        timeout: job.timeoutSeconds,
        requests: [
          {
            method: 'GET',
            path: kind.paths[0]!,
            headers: kind.headers,
            // A fresh path and range for each request when the kind has several or ranges.
            ...((kind.paths.length > 1 || kind.rangeOf) && {
              setupRequest: (request: { path: string; headers?: Record<string, string> }) => {
                const path = kind.paths[Math.floor(Math.random() * kind.paths.length)]!;
                if (!kind.rangeOf) return { ...request, path };
                const { fileBytes, rangeBytes } = kind.rangeOf;
                const start = Math.floor(Math.random() * (fileBytes - rangeBytes));
                const range = `bytes=${start}-${start + rangeBytes - 1}`;
                return { ...request, path, headers: { ...kind.headers, range } };
              },
            }),
          },
        ],
      });
      instance.on('response', (_client, statusCode: number, _bytes: number, time: number) => {
        times.push(time);
        all.push(time);
        statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
        allStatuses[statusCode] = (allStatuses[statusCode] ?? 0) + 1;
      });
      instance.on('reqError', (error: Error) => {
        errors += 1;
        allErrors += 1;
        if (error.message === 'request timed out') {
          timeouts += 1;
          allTimeouts += 1;
        }
      });
      await instance;
      return summarise(kind.name, times, statuses, errors, timeouts, job.seconds);
    });
    const kinds = await Promise.all(runs);
    const answer: MixResult = {
      kinds,
      overall: summarise('overall', all, allStatuses, allErrors, allTimeouts, job.seconds),
    };
    process.send?.(answer);
  } catch (error) {
    process.send?.({ error: String(error) });
  }
});
