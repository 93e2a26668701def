import type PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { transactionBossDb } from './boss-db.ts';

/** The pg-boss queue of video encodes; one job per encode request, keyed by video id. */
export const ENCODE_QUEUE = 'encode-video';

export interface EncodeJobData {
  videoId: number;
  /** How many times in a row the media storage could not be reached (the next wait doubles). */
  storageRetries?: number;
}

/**
 * A failed encode is final for its job: the handler records the error and completes the job.
 * Retries only happen when a worker died or timed out mid-encode (pg-boss expires the job), so
 * another worker picks the video up again; two of them, then the job is failed.
 */
const CRASH_RETRIES = 2;

/** Creates the queue if missing ('singleton': one active job per video id). */
export const ensureEncodeQueue = async (boss: PgBoss): Promise<void> => {
  await boss.createQueue(ENCODE_QUEUE, {
    name: ENCODE_QUEUE,
    policy: 'singleton',
    retryLimit: CRASH_RETRIES,
    retryDelay: 0,
  });
};

/**
 * Queues an encode inside `tx`: the job exists exactly when the transaction commits. With
 * `startAfterSeconds`, no worker takes it before then (an encode waiting for disk space).
 */
export const sendEncodeJob = async (
  boss: PgBoss,
  tx: Executor,
  videoId: number,
  config: Pick<Config, 'encodeJobTimeoutSeconds'>,
  {
    startAfterSeconds,
    storageRetries,
  }: { startAfterSeconds?: number; storageRetries?: number } = {},
): Promise<string | null> => {
  const data: EncodeJobData = { videoId, ...(storageRetries !== undefined && { storageRetries }) };
  return boss.send(ENCODE_QUEUE, data, {
    singletonKey: String(videoId),
    expireInSeconds: config.encodeJobTimeoutSeconds,
    retryLimit: CRASH_RETRIES,
    // A date, not seconds: pg-boss reads its `start_after` parameter twice, and through a
    // transaction each reading is a parameter of its own, which PostgreSQL types apart (a
    // number of seconds would be parsed as a timestamp by one of them).
    ...(startAfterSeconds !== undefined && {
      startAfter: new Date(Date.now() + startAfterSeconds * 1000),
    }),
    db: transactionBossDb(tx),
  });
};
