import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../../app-deps.ts';
import { createJobQueue } from '../../jobs/boss.ts';
import { errorBody } from '../../lib/errors.ts';
import { createResumableStore } from '../../storage/resumable-store.ts';
import { httpMetrics } from './http-metrics.ts';
import { createMetricsGate, metricsAccess } from './metrics-access.ts';
import { createPlateauMetrics } from './plateau-metrics.ts';
import { registerScrapeGauges } from './scrape-gauges.ts';

/** Outside /api, where Prometheus looks by default. */
export const METRICS_PATH = '/metrics';

const routeOptions = {
  // The scraper's bearer is METRICS_TOKEN, not a session: the viewer plugin must not read it.
  config: { ignoreToken: true },
  schema: { hide: true },
};

const hidden = errorBody(404, 'Ressource introuvable');

/** Off (no METRICS_TOKEN, not bound to loopback): a 404 like an unknown path, and no cost. */
const hiddenMetrics = async (app: FastifyInstance) => {
  app.get(METRICS_PATH, routeOptions, async (_request, reply) => reply.status(404).send(hidden));
};

/**
 * GET /metrics in Prometheus's text format, and the hooks that count every request. Registered
 * by app.ts on the root (hooks that must see every route), before the routes they measure.
 */
export const metricsRoutes = (deps: AppDeps) =>
  fp(async (app) => {
    if (metricsAccess(deps.config) === 'off') return hiddenMetrics(app);
    const { config, database } = deps;
    // main.ts shares one with its in-process encode worker; tests and tools get their own.
    const metrics = deps.metrics ?? createPlateauMetrics();
    const { registry } = metrics;
    await app.register(httpMetrics, { registry, skipRoutes: [METRICS_PATH] });
    const jobs = deps.jobs ?? createJobQueue(database, config);
    if (!deps.jobs) app.addHook('onClose', () => jobs.stop());
    registerScrapeGauges(registry, {
      database,
      jobs,
      resumableStore:
        deps.resumableStore ??
        createResumableStore(deps.storage.root, config.uploadExpiryHours * 3600 * 1000),
      mediaRoot: deps.storage.root,
      log: app.log,
      clock: deps.clock,
    });

    const gate = createMetricsGate(config);
    app.get(METRICS_PATH, routeOptions, async (request, reply) => {
      // A scrape is this instant's state: no cache on the way may keep one.
      reply.header('cache-control', 'no-store');
      const decision = gate(request);
      if (decision === 'hidden') return reply.status(404).send(hidden);
      if (decision === 'unauthorized') {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send(errorBody(401, 'Jeton de métriques absent ou invalide'));
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  });
