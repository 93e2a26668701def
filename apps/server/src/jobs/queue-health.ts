import type { JobQueue } from './job-queue.ts';
import { ENCODE_QUEUE } from './encode-queue.ts';

/** Rejects unless pg-boss answers for the encode queue (its schema reachable, the queue there). */
export const checkEncodeQueue = async (jobs: JobQueue): Promise<void> => {
  const boss = await jobs.boss();
  if (!(await boss.getQueue(ENCODE_QUEUE)))
    throw new Error(`pg-boss queue ${ENCODE_QUEUE} is missing`);
};
