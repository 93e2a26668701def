import type { Health } from '@plateau/contract';
import type { DatabaseHandle } from '../db/client.ts';
import type { JobQueue } from './boss.ts';
import { checkEncodeQueue } from './queue-health.ts';

/** A check that has not answered by then counts as unreachable (a load balancer is waiting). */
const CHECK_TIMEOUT_MS = 2000;

const answers = async (check: () => Promise<unknown>): Promise<'ok' | 'unreachable'> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
};

export const createHealthService = (deps: { database: DatabaseHandle; jobs: JobQueue }) => ({
  /** Whether this instance can serve: its database answers and its job queue is reachable. */
  async check(): Promise<Health> {
    const [database, queue] = await Promise.all([
      answers(() => deps.database.query('select 1')),
      answers(() => checkEncodeQueue(deps.jobs)),
    ]);
    return {
      status: database === 'ok' && queue === 'ok' ? 'ok' : 'unavailable',
      database,
      queue,
    };
  },
});
