import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from '../../config.ts';
import { errorBody } from '../../lib/errors.ts';
import { createMetricsGate } from './metrics-access.ts';

/** Outside /api, where Prometheus looks by default. */
export const METRICS_PATH = '/metrics';

const routeOptions = {
  // The scraper's bearer is METRICS_TOKEN, not a session: the viewer plugin must not read it.
  config: { ignoreToken: true },
  schema: { hide: true },
};

const hidden = errorBody(404, 'Ressource introuvable');

/** GET /metrics answering a 404 like an unknown path: metrics are off. */
export const hiddenMetricsRoute = (app: FastifyInstance) =>
  app.get(METRICS_PATH, routeOptions, async (_request, reply) => reply.status(404).send(hidden));

/**
 * GET /metrics: the registry's Prometheus text for whoever the gate lets through (see
 * metrics-access.ts), the API's French JSON error otherwise.
 */
export const metricsRoute = (
  app: FastifyInstance,
  registry: Registry,
  config: Pick<Config, 'metricsToken' | 'host'>,
) => {
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
};
