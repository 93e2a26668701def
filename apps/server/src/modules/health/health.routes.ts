import { Health } from '@plateau/contract';
import { createJobQueue } from '../../jobs/boss.ts';
import type { FeatureModule } from '../../app-deps.ts';
import { createHealthService } from '../../jobs/health-check.ts';

/** `GET /api/health`, for load balancers and process managers: public, answers in 2 s at most. */
export const healthRoutes: FeatureModule = ({ database, config, jobs, storage }) => {
  // Without a queue from main.ts (tests, tools), one is made on first use and closed with the app.
  const queue = jobs ?? createJobQueue(database, config);
  const health = createHealthService({ database, jobs: queue, storage });
  return async (app) => {
    if (!jobs) app.addHook('onClose', () => queue.stop());
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
