import { Health } from '@plateau/contract';
import type { FeatureModule } from '../../app-deps.ts';
import { createHealthService } from '../../jobs/health-check.ts';

/** `GET /api/health`, for load balancers and process managers: public, answers in 2 s at most. */
export const healthRoutes: FeatureModule = ({ database, jobs, storage }) => {
  const health = createHealthService({ database, jobs, storage });
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary:
            'Whether this server can answer: database, job queue and media storage reachable',
          security: [],
          response: { 200: Health, 503: Health },
        },
      },
      async (_request, reply) => {
        const result = await health.check();
        return reply.status(result.status === 'ok' ? 200 : 503).send(result);
      },
    );
  };
};
