/** The part of autocannon's programmatic API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';
  interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    /** Called before each request with the connection's context: answers the request to send. */
    setupRequest?: (
      request: { path: string; headers?: Record<string, string> },
      context: Record<string, unknown>,
    ) => RequestSpec & { path: string };
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Seconds before a request counts as timed out (default 10). */
    timeout?: number;
    requests?: RequestSpec[];
  }
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  /** A run: awaited for its result; 'response' (client, status, bytes, ms) and 'reqError' (error) meanwhile. */
  type Instance = Promise<Result> & EventEmitter;
  function autocannon(options: Options): Instance;
  export default autocannon;
}
