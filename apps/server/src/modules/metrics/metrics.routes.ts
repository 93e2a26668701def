import fp from 'fastify-plugin';
import type { AppDeps } from '../../app-deps.ts';
import { workingDiskFolder } from '../../storage/free-space.ts';
import { createResumableStore } from '../../storage/resumable-store.ts';
import { httpMetrics } from './http-metrics.ts';
import { metricsAccess } from './metrics-access.ts';
import { hiddenMetricsRoute, METRICS_PATH, metricsRoute } from './metrics-endpoint.ts';
import { createPlateauMetrics } from './plateau-metrics.ts';
import { registerScrapeGauges } from './scrape-gauges.ts';

/**
 * GET /metrics in Prometheus's text format, and the hooks that count every request. Registered
 * by app.ts on the root (hooks that must see every route), before the routes they measure.
 * Off (no METRICS_TOKEN, not bound to loopback), only a 404 route: no hook, no cost.
 */
export const metricsRoutes = (deps: AppDeps) =>
  fp(async (app) => {
    if (metricsAccess(deps.config) === 'off') return void hiddenMetricsRoute(app);
    const { config, database } = deps;
    // main.ts shares one with its in-process encode worker; tests and tools get their own.
    const { registry } = deps.metrics ?? createPlateauMetrics();
    await app.register(httpMetrics, { registry, skipRoutes: [METRICS_PATH] });
    registerScrapeGauges(registry, {
      database,
      jobs: deps.jobs,
      resumableStore:
        deps.resumableStore ?? createResumableStore(config, config.uploadExpiryHours * 3600 * 1000),
      // With a bucket, the local disk that fills is the scratch folder's.
      mediaRoot: workingDiskFolder(config, deps.storage),
      log: app.log,
      clock: deps.clock,
    });
    metricsRoute(app, registry, config);
  });
