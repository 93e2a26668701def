import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import type { KindResult, MixJob, MixKind, MixResult } from './mix.ts';

/**
 * The flash crowd, in its own process (forked by `mix.ts`): autocannon, every connection asking
 * a kind drawn at random each time (`random`) or going through the kinds in turn (`cycle`), or
 * one instance per kind with its own connections (`split`). Every answer's time is kept by kind (autocannon's 'response' event), so each kind
 * and the whole mix get their own percentiles.
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

/**
 * autocannon keeps each answer's body as a string (`body += chunk`), for checks this bench does
 * not make: for 1 MiB ranges that decoding and concatenation cost the generator several times
 * the server's CPU per request, on the same two cores. Bodies are counted, not kept.
 */
const requireHere = createRequire(import.meta.url);
const queue = requireHere('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody(data: unknown): void };
};
queue.prototype.addBody = () => {};

type Spec = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];

/** The request for `path` of `kind`: a fresh random range each time for a range kind. */
const requestSpec = (kind: MixKind, paths: string[]): Spec => ({
  method: 'GET',
  path: paths[0]!,
  headers: kind.headers,
  ...((paths.length > 1 || kind.rangeOf) && {
    setupRequest: (request) => {
      const path = paths[Math.floor(Math.random() * paths.length)]!;
      if (!kind.rangeOf) return { ...request, path };
      const { fileBytes, rangeBytes } = kind.rangeOf;
      const start = Math.floor(Math.random() * (fileBytes - rangeBytes));
      const range = `bytes=${start}-${start + rangeBytes - 1}`;
      return { ...request, path, headers: { ...kind.headers, range } };
    },
  }),
});

interface Tally {
  times: number[];
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

const newTally = (): Tally => ({ times: [], statuses: {}, errors: 0, timeouts: 0 });

const count = (tallies: Tally[], status: number, time: number) => {
  for (const tally of tallies) {
    tally.times.push(time);
    tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
  }
};

const countError = (tallies: Tally[], error: Error) => {
  for (const tally of tallies) {
    tally.errors += 1;
    if (error.message === 'request timed out') tally.timeouts += 1;
  }
};

/** autocannon's client: the request just answered (pipelining 1) and its context. */
interface CannonClient {
  requestIterator: { currentRequestIndex: number; context: { kind?: number } };
}

/** Each request of every connection a kind drawn at random, weighed by its count of paths. */
const randomSpec = (kinds: MixKind[]): Spec => {
  const draws = kinds.flatMap((kind, index) => kind.paths.map(() => index));
  return {
    method: 'GET',
    path: kinds[0]!.paths[0]!,
    setupRequest: (request, context) => {
      const index = draws[Math.floor(Math.random() * draws.length)]!;
      context.kind = index;
      const kind = kinds[index]!;
      const path = kind.paths[Math.floor(Math.random() * kind.paths.length)]!;
      const headers = { ...kind.headers };
      if (kind.rangeOf) {
        const { fileBytes, rangeBytes } = kind.rangeOf;
        const start = Math.floor(Math.random() * (fileBytes - rangeBytes));
        headers.range = `bytes=${start}-${start + rangeBytes - 1}`;
      }
      return { ...request, path, headers };
    },
  };
};

process.on('message', async (job: MixJob) => {
  try {
    const overall = newTally();
    /** Every answer but each connection's first: the requests of connections already taken in. */
    const settled = newTally();
    const started = Date.now();
    /** When each connection had its first answer (ms from the start): new connections wait to be accepted. */
    const firstAnswers = new Map<CannonClient, number>();
    const tallies = job.kinds.map(newTally);
    // OVERLOAD_TRACE: every answer (its end, kind, time), for a look at the time course.
    const trace = job.traceFile ? ['at,kind,ms'] : undefined;
    const run = (
      connections: number,
      requests: Spec[],
      kindOf: (client: CannonClient) => number,
    ) => {
      const instance = autocannon({
        url: job.origin,
        connections,
        duration: job.seconds,
        timeout: job.timeoutSeconds,
        requests,
      });
      instance.on(
        'response',
        (client: CannonClient, status: number, _bytes: number, time: number) => {
          const kind = kindOf(client);
          const first = !firstAnswers.has(client);
          if (first) firstAnswers.set(client, Date.now() - started);
          count(
            first ? [overall, tallies[kind]!] : [overall, tallies[kind]!, settled],
            status,
            time,
          );
          trace?.push(`${Date.now()},${kind},${Math.round(time)}`);
        },
      );
      // autocannon does not say which request failed: counted in the overall line only.
      instance.on('reqError', (error: Error) => countError([overall], error));
      return instance;
    };
    if (job.mode === 'random') {
      await run(job.connections, [randomSpec(job.kinds)], (client) => {
        return client.requestIterator.context.kind!;
      });
    } else if (job.mode === 'cycle') {
      const requests: Spec[] = [];
      const kindOfRequest: number[] = [];
      job.kinds.forEach((kind, index) => {
        for (const path of kind.paths) {
          requests.push(requestSpec(kind, [path]));
          kindOfRequest.push(index);
        }
      });
      await run(job.connections, requests, (client) => {
        return kindOfRequest[client.requestIterator.currentRequestIndex]!;
      });
    } else {
      await Promise.all(
        job.kinds.map((kind, index) =>
          run(kind.connections, [requestSpec(kind, kind.paths)], () => index).on(
            'reqError',
            (error: Error) => countError([tallies[index]!], error),
          ),
        ),
      );
    }
    if (job.traceFile && trace) writeFileSync(job.traceFile, `${trace.join('\n')}\n`);
    const summary = (name: string, tally: Tally) =>
      summarise(name, tally.times, tally.statuses, tally.errors, tally.timeouts, job.seconds);
    const firsts = Float64Array.from(firstAnswers.values()).sort();
    const answer: MixResult = {
      firstAnswer: {
        connections: firsts.length,
        p50: percentile(firsts, 50),
        p90: percentile(firsts, 90),
        max: firsts.length === 0 ? 0 : firsts[firsts.length - 1]!,
      },
      kinds: job.kinds.map((kind, index) => summary(kind.name, tallies[index]!)),
      overall: summary('overall', overall),
      settled: summary('overall, first answers left out', settled),
    };
    process.send?.(answer);
  } catch (error) {
    process.send?.({ error: String(error) });
  }
});
