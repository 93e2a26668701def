import type { Health } from '@plateau/contract';
import type { DatabaseHandle } from '../db/client.ts';
import type { MediaStorage } from '../storage/media-storage.ts';
import type { JobQueue } from './job-queue.ts';
import { checkEncodeQueue } from './queue-health.ts';

/** A check that has not answered by then counts as unreachable (a load balancer is waiting). */
const CHECK_TIMEOUT_MS = 2000;

/**
 * A storage answer is kept this long: a load balancer polling every second, times every
 * instance, must not become a stream of requests to a (paid, per-request) object store.
 */
const STORAGE_ANSWER_MS = 5000;

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

/** The storage's answer, asked at most once per STORAGE_ANSWER_MS (concurrent checks share it). */
const cachedStorageCheck = (storage: MediaStorage, now: () => number = Date.now) => {
  let kept: { at: number; answer: Promise<'ok' | 'unreachable'> } | undefined;
  return () => {
    if (!kept || now() - kept.at >= STORAGE_ANSWER_MS) {
      kept = { at: now(), answer: answers(() => storage.check()) };
    }
    return kept.answer;
  };
};

export const createHealthService = (deps: {
  database: DatabaseHandle;
  jobs: JobQueue;
  /** Checked as well when given: its media can then be read (GET /api/health gives it). */
  storage?: MediaStorage;
}) => {
  const storageCheck = deps.storage ? cachedStorageCheck(deps.storage) : undefined;
  return {
    /** Whether this instance can serve: database, job queue (and media storage) reachable. */
    async check(): Promise<Health> {
      const [database, queue, storage] = await Promise.all([
        answers(() => deps.database.query('select 1')),
        answers(() => checkEncodeQueue(deps.jobs)),
        storageCheck?.(),
      ]);
      const ok = database === 'ok' && queue === 'ok' && storage !== 'unreachable';
      return {
        status: ok ? 'ok' : 'unavailable',
        database,
        queue,
        ...(storage && { storage }),
      };
    },
  };
};
