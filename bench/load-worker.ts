import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './load.ts';

/**
 * Runs autocannon in its own process (forked by `load.ts`), so the load generator does not
 * share an event loop with the servers it measures.
 */
process.on('message', (job: LoadJob) => {
  autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.duration,
    headers: job.headers,
  }).then(
    (result) => {
      const answer: LoadResult = {
        requestsPerSecond: result.requests.total / result.duration,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        total: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      };
      process.send?.(answer);
    },
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
