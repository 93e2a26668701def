import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resumableUploadPath } from '@plateau/contract';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** A request no route matched (404s, the web app's pages): one label, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** An API answers in milliseconds; uploads, downloads and streams land past 10 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const TUS_PATCH_ROUTE = `/api${resumableUploadPath}/:id`;

/** The upload a request carries, by its route: multipart POSTs to /api/media/*, tus PATCHes. */
const uploadProtocol = (request: FastifyRequest): 'multipart' | 'tus' | undefined => {
  const route = request.routeOptions.url;
  if (request.method === 'POST' && route?.startsWith('/api/media/')) return 'multipart';
  if (request.method === 'PATCH' && route === TUS_PATCH_ROUTE) return 'tus';
  return undefined;
};

export interface HttpMetricsOptions {
  registry: Registry;
  /** Routes left out of the counts (the scrape itself). */
  skipRoutes: string[];
}

/**
 * Request counts and durations by route pattern (`/api/videos/:id`, never the URL: the number
 * of series stays bounded), method and status, and the uploads in progress. A request whose
 * client went away before the answer was complete counts with status `aborted`: a player
 * dropping a range it no longer needs, an upload cut mid-way.
 */
export const httpMetrics = fp<HttpMetricsOptions>(async (app, { registry, skipRoutes }) => {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'plateau_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'plateau_http_request_duration_seconds',
    help: "Time from a request's arrival to the last byte of its answer, by method, route and status",
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const uploads = new Gauge({
    name: 'plateau_uploads_in_flight',
    help: 'Uploads being received: multipart POSTs to /api/media/* and tus PATCHes',
    labelNames: ['protocol'],
    registers: [registry],
  });
  // Both series from the start, so a graph shows 0 rather than nothing before the first upload.
  uploads.set({ protocol: 'multipart' }, 0);
  uploads.set({ protocol: 'tus' }, 0);

  const skipped = new Set(skipRoutes);
  const started = new WeakMap<FastifyRequest, number>();
  const record = (request: FastifyRequest, status: string) => {
    const start = started.get(request);
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    // Once per request: a response that ends and a client that goes may both report it.
    if (start === undefined || skipped.has(route)) return;
    started.delete(request);
    const labels = { method: request.method, route, status_code: status };
    requests.inc(labels);
    durations.observe(labels, (performance.now() - start) / 1000);
  };

  app.addHook('onRequest', (request, reply, done) => {
    started.set(request, performance.now());
    const protocol = uploadProtocol(request);
    if (protocol) {
      uploads.inc({ protocol });
      // 'close' comes once whatever happens: answered, refused, or the connection cut.
      reply.raw.once('close', () => uploads.dec({ protocol }));
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    record(request, String(reply.statusCode));
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    record(request, 'aborted');
    done();
  });
});
