import Fastify from 'fastify';
import type { Config } from '../../config.ts';
import { errorBody } from '../../lib/errors.ts';
import { metricsRoute } from './metrics-endpoint.ts';
import type { PlateauMetrics } from './plateau-metrics.ts';

/**
 * A worker-only process (`npm run worker`) has no HTTP server, and its encode durations live
 * in its own registry: with WORKER_METRICS_PORT it answers GET /metrics there, nothing else,
 * under the API's access rules (METRICS_TOKEN, or HOST on loopback). Returns its stop.
 */
export const startWorkerMetricsServer = async (
  metrics: PlateauMetrics,
  config: Pick<Config, 'metricsToken' | 'host'>,
  port: number,
): Promise<{ port: number; stop: () => Promise<void> }> => {
  const app = Fastify({ logger: false });
  metricsRoute(app, metrics.registry, config);
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send(errorBody(404, 'Ressource introuvable')),
  );
  await app.listen({ port, host: config.host });
  const address = app.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    stop: () => app.close(),
  };
};
